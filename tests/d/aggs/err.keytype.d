/* a later use with a key of another type (dtrace: D_PROTO_ARG) */
BEGIN { @a[1, "x"] = count(); }
BEGIN { @a[1, 2] = count(); }
