/* A bit-field cannot be wider than its type. */
struct bf { char c:9; };
