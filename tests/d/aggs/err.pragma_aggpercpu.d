/* aggpercpu takes no value */
#pragma D option aggpercpu=1
BEGIN { exit(0); }
