/*
 * sym(), func() and mod() as aggregation keys: printed as strings are
 * (two spaces, 50 columns), one row a function (addresses inside one
 * function merge) and one row a module; unknown addresses print as hex.
 */

#pragma D option quiet
BEGIN
{
	@f[func((uintptr_t)&`ksys_write)] = count();
	@f[func((uintptr_t)&`ksys_write + 4)] = count();
	@f[func((uintptr_t)&`ksys_write + 9)] = count();
	@f[func(&`ksys_read)] = count();
	@f[func(1)] = count();
	@s[sym(&`ksys_read), "read"] = sum(5);
	@s[sym((uintptr_t)&`ksys_read + 2), "read"] = sum(6);
	@m[mod(&`ksys_read)] = count();
	@m[mod(&`ksys_write)] = count();
	exit(0);
}

END
{
	printa("%a %@d\n", @f);
}
