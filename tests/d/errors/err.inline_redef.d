/* An inline may not take the name of a global variable. */
int x;
inline int x = 1;
