/* a string value for a numeric function (dtrace: D_AGG_SCALAR) */
BEGIN { @a = sum("x"); }
