/* Only integer types can be bit-fields. */
struct bf { int *p:3; };
