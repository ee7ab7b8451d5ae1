/* printa() with a format and no aggregation (dtrace: D_PRINTA_PROTO) */
BEGIN { printa("%d"); }
