/* Arrays of void cannot be declared. */
struct s { void v[2]; };
