/* a string value for quantize (dtrace: D_AGG_SCALAR) */
BEGIN { @a = quantize(execname); }
