/* setopt() takes one or two arguments (dtrace words it "at least 1") */
BEGIN
{
	setopt("quiet", "1", "2");
}
