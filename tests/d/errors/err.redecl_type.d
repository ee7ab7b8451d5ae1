/* Declaring a variable again with another type is an error (declaring
 * it again as it is is not). */
int x;
int x;
char x;
