// usdt_throw.cc - throws known exceptions for the usdtapps tests of
// libstdc++'s libstdcxx:::throw, rethrow and catch probes.  With an
// argument it first waits for a line on stdin (so that a tracer can
// attach), then throws 3 ints and 2 std::runtime_errors, each caught,
// and one int that is rethrown once and caught again: 6 throws, 1
// rethrow, 7 catches.  Dynamically linked: the probes are libstdc++'s.
#include <cstdio>
#include <stdexcept>

static void thrower(int i)
{
	if (i < 3)
		throw i;
	throw std::runtime_error("usdt_throw");
}

int main(int argc, char **argv)
{
	int caught = 0;

	(void)argv;
	if (argc > 1) {
		char line[8];
		if (!fgets(line, sizeof(line), stdin))
			return 1;
	}
	for (int i = 0; i < 5; i++) {
		try {
			thrower(i);
		} catch (int) {
			caught++;
		} catch (const std::exception &) {
			caught++;
		}
	}
	try {
		try {
			throw 42;
		} catch (int) {
			caught++;
			throw;
		}
	} catch (int) {
		caught++;
	}
	printf("caught %d\n", caught);
	return caught == 7 ? 0 : 1;
}
