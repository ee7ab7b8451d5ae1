/* printa() of something else (dtrace: D_PRINTA_AGGARG, numbered #2
 * after a format whichever operand it is) */
BEGIN { @a = count(); printa("%@d", @a, 123); }
