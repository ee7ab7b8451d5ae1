/* a string subroutine given an integer */
BEGIN { trace(strlen(1)); }
