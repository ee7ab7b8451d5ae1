/* printa() of aggregations with keys of different types
 * (dtrace: D_PRINTA_AGGPROTO) */
BEGIN { @a[1] = count(); @b["x"] = count(); printa("%d %@d %@d\n", @a, @b); }
