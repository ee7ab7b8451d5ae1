/* A bit-field width is a positive integer constant. */
struct bf { int a:0; };
