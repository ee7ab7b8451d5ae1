/* an aggregating function anywhere but assigned to an aggregation
 * (dtrace: D_CG_EXPR) */
BEGIN { x = count(); }
