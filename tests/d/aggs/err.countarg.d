/* count() takes no argument (dtrace: D_PROTO_LEN) */
BEGIN { @a = count(1); }
