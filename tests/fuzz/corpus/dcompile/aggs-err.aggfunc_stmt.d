/* an aggregating function as a statement (dtrace: D_CG_EXPR) */
BEGIN { avg(1); }
