/* A data symbol kernel BTF has no type for cannot be used as a value. */
BEGIN
{
	trace(vmlinux`__start_BTF);
}
