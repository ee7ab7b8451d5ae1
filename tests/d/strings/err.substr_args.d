/* too many arguments */
BEGIN { trace(substr("a", 1, 2, 3)); }
