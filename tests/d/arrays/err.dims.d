/* An array dimension is a positive integer constant. */
struct s { int a[0]; };
