/* An array larger than 4 GB cannot be declared. */
struct s { long a[1000000][1000000]; };
