/*
 * cleanpath(): "//", "/./" and "/../" components resolved lexically,
 * with DTrace's results for the edge cases (one clause per path keeps
 * each record small).
 */
#pragma D option quiet

/* nothing to clean */
BEGIN
{
	printf("[%s] -> [%s]\n", "/foo/bar/baz", cleanpath("/foo/bar/baz"));
}

/* ".." removes the component before it */
BEGIN
{
	printf("[%s] -> [%s]\n", "/foo/../bar", cleanpath("/foo/../bar"));
}

/* a trailing ".." keeps the slash */
BEGIN
{
	printf("[%s] -> [%s]\n", "/foo/bar/..", cleanpath("/foo/bar/.."));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "/foo/bar/baz/../../bop/bang/../../bar/baz/", cleanpath("/foo/bar/baz/../../bop/bang/../../bar/baz/"));
}

/* ".." never goes above the root */
BEGIN
{
	printf("[%s] -> [%s]\n", "/a/b/c/../../../..", cleanpath("/a/b/c/../../../.."));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "/../../../../../../", cleanpath("/../../../../../../"));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "/..", cleanpath("/.."));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "/../..", cleanpath("/../.."));
}

/* "//" is one slash */
BEGIN
{
	printf("[%s] -> [%s]\n", "a//b", cleanpath("a//b"));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "//foo//bar//", cleanpath("//foo//bar//"));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "/////", cleanpath("/////"));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "/foo/bar///baz/", cleanpath("/foo/bar///baz/"));
}

/* "/./" goes */
BEGIN
{
	printf("[%s] -> [%s]\n", "/foo/./bar", cleanpath("/foo/./bar"));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "/./././././././././", cleanpath("/./././././././././"));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "/./", cleanpath("/./"));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "/.//", cleanpath("/.//"));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "/./../", cleanpath("/./../"));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "x/./y/../z", cleanpath("x/./y/../z"));
}

/* a trailing "/." stays (DTrace's rule) */
BEGIN
{
	printf("[%s] -> [%s]\n", "/foo/bar/baz/.", cleanpath("/foo/bar/baz/."));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "/./.", cleanpath("/./."));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "/.", cleanpath("/."));
}

/* ".." at the start stays */
BEGIN
{
	printf("[%s] -> [%s]\n", "..", cleanpath(".."));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "../foo", cleanpath("../foo"));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "../..", cleanpath("../.."));
}

/* without a slash before it, ".." backs up to the first byte (DTrace's quirk) */
BEGIN
{
	printf("[%s] -> [%s]\n", "foo/..", cleanpath("foo/.."));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "foo/../bar", cleanpath("foo/../bar"));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "a/../..", cleanpath("a/../.."));
}

/* names that only start with dots are names */
BEGIN
{
	printf("[%s] -> [%s]\n", "/.foo/..bar/...", cleanpath("/.foo/..bar/..."));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "/foo/.../bar", cleanpath("/foo/.../bar"));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "./", cleanpath("./"));
}

BEGIN
{
	printf("[%s] -> [%s]\n", ".", cleanpath("."));
}

BEGIN
{
	printf("[%s] -> [%s]\n", "", cleanpath(""));
}

/* a path from a variable, cleaned at run time */
BEGIN
{
	this->p = "/usr/./lib/../bin//dtrace";
	printf("%s\n", cleanpath(this->p));
	exit(0);
}
