/* printa() of aggregations with different numbers of keys
 * (dtrace: D_PRINTA_AGGKEY) */
BEGIN { @a[1] = count(); @b[1, 2] = count(); printa(@a, @b); }
