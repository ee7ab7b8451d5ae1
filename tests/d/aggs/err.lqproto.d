/* lquantize()'s base and limit are int32_t (dtrace: D_PROTO_ARG) */
BEGIN { @a = lquantize(1, "x", 3); }
