/* a string subroutine given too few arguments */
BEGIN { trace(strjoin("a")); }
