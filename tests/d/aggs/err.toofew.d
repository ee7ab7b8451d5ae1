/* llquantize() needs its four parameters (dtrace: D_PROTO_LEN) */
BEGIN { @a = llquantize(1, 10, 0, 2); }
