provider world {
	probe loop(int);
};
