/* alloca() hands out 8-byte aligned scratch memory that can be written
 * and read; it is reclaimed at the end of each clause. */
#pragma D option quiet

BEGIN
{
	this->a = (uint64_t *)alloca(12);
	this->b = (uint32_t *)alloca(4);
	*this->a = 0x1122334455667788;
	*(this->a + 1) = 5;
	*this->b = 7;
	(*this->b)++;
	printf("%x %d %d %d\n", *this->a, *(this->a + 1), *this->b,
	    (uint64_t)this->b - (uint64_t)this->a);
	first = (uint64_t)this->a;
}

BEGIN
{
	printf("%d\n", (uint64_t)alloca(1) == first);
	exit(0);
}
