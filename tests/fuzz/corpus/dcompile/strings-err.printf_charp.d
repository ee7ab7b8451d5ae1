/* printf's %s takes a string or char array; a char * needs stringof */
BEGIN { printf("%s", (char *)curthread); }
