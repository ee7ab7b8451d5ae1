/* an aggregation with keys used without (dtrace: D_PROTO_LEN) */
BEGIN { @a[1] = count(); }
BEGIN { @a = count(); }
