/* a void key (dtrace: D_KEY_TYPE) */
BEGIN { @a[(void)0] = count(); }
