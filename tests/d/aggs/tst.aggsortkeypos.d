/*
 * -x aggsortkeypos=1 with aggsortkey: keys compared from their second
 * element, then the first; aggsortkeypos alone orders value ties the
 * same way; a position past the last key is position 0.
 */
#pragma D option quiet

BEGIN
{
	@a[1, "b"] = count();
	@a[2, "a"] = count();
	@a[3, "a"] = count();
	@a[0, "c"] = count();
	@a[9, "d"] = count(); @a[9, "d"] = count();
	setopt("aggsortkeypos", "1");
	printa(@a);
	setopt("aggsortkey");
	printa(@a);
	setopt("aggsortkeypos", "2");
	printa(@a);
	exit(0);
}
