/* A character constant of eight bytes above INT64_MAX fits no type D has. */
BEGIN
{
	trace('\xff\xff\xff\xff\xff\xff\xff\xff');
}
