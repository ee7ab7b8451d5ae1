/* An enum may not have two enumerators of a name. */
enum e {
	A,
	B,
	A
};
