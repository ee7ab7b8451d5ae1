/* An enumerator is a global identifier: another enum may not reuse it. */
enum e {
	A
};

enum f {
	A
};
