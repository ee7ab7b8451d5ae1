/* Enumerators are ints: the one after INT_MAX does not fit either. */
enum e {
	LAST = 2147483647,
	NEXT
};
