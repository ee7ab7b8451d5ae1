/* quantize(value, increment) and no more (dtrace: D_PROTO_LEN) */
BEGIN { @a = quantize(1, 2, 3); }
