/* aggsortpos takes a non-negative number */
#pragma D option aggsortpos=-1
BEGIN { exit(0); }
