/*
 * tick-N probes fire at the requested rate whatever the unit: each of these
 * asks for 100 firings a second, counted over the first second.
 */
#pragma D option quiet

int hz, plain, ms, us, ns;

tick-100hz { hz++; }
tick-100 { plain++; }
tick-10ms { ms++; }
tick-10000us { us++; }
tick-10000000ns { ns++; }

tick-1s
/hz >= 70 && hz <= 130 && plain >= 70 && plain <= 130 && ms >= 70 &&
    ms <= 130 && us >= 70 && us <= 130 && ns >= 70 && ns <= 130/
{
	printf("ok\n");
	exit(0);
}

tick-1s
/!(hz >= 70 && hz <= 130 && plain >= 70 && plain <= 130 && ms >= 70 &&
    ms <= 130 && us >= 70 && us <= 130 && ns >= 70 && ns <= 130)/
{
	printf("bad: %d %d %d %d %d\n", hz, plain, ms, us, ns);
	exit(1);
}
