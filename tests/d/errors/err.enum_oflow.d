/* Enumerators are ints. */
enum e {
	BIG = 9223372036854775807
};
