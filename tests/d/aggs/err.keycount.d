/* a later use with another number of keys (dtrace: D_PROTO_LEN) */
BEGIN { @a[1] = count(); }
BEGIN { @a[1, 2] = count(); }
