/* The seed's world example: a loop with a static probe. */
#include <stdlib.h>
#include <unistd.h>
#include "world.h"

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3;
	for (int i = 0; i < n; i++) {
		if (WORLD_LOOP_ENABLED())
			WORLD_LOOP(i);
		usleep(100000);
	}
	return 0;
}
