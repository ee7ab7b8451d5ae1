/* an aggregation indexed twice (dtrace: D_AGG_MDIM) */
BEGIN { @a[1][2] = count(); }
