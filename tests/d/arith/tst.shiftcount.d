/*
 * Shift counts: a count outside 0..63 (negative, or past 64) is taken
 * modulo 64, as BPF's shifts take a count in a register, and the result is
 * then truncated to the promoted left operand's type.  Constants (folded)
 * and clause-locals (run time, immediate and register counts) agree; a
 * negative immediate count used to be refused by the verifier.
 */
#pragma D option quiet

BEGIN
{
	this->x = -16;
	this->u = 0xfffffff0U;
	this->one = 1;
	this->m1 = -1;
	this->c65 = 65;
	printf("%d %d %d %d %d\n", -16 >> -1, -16 << 65, 1 << 40, 1L << 64,
	    0xfffffff0U >> 33);
	printf("%d %d %d %d %d\n", this->x >> -1, this->x << 65, this->one << 40,
	    (long)this->one << 64, this->u >> 33);
	printf("%d %d %d\n", this->x >> this->m1, this->x << this->c65,
	    (char)-128 << this->m1);
	printf("%d %d\n", (char)-128 << -1, (unsigned char)1 << 31);
	exit(0);
}
