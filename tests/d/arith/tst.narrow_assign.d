/*
 * Compound assignments and ++/-- on narrow variables of every kind
 * (global, clause-local, thread-local, associative array element, struct
 * member and array element of a D variable): the operation is done in the
 * promoted type (C's rules) and the expression's value is the result at
 * the variable's type (a char divided by an unsigned char divides as
 * ints: -100 / 2 is -50).  Memory (struct members, array elements) wraps
 * at its width; a scalar D variable holds the whole 64-bit result, as
 * illumos's do (this->c += 100 shows -56 but holds 200, so /= 3 gives
 * 66), which is where these values part from gcc's.
 */
#pragma D option quiet

unsigned char g;
struct s { int pad; short m; } st;
signed char arr[4];
self unsigned short t;

BEGIN
{
	g = 200;
	printf("%d ", g += 100);
	printf("%d ", g -= 50);
	printf("%d ", g *= 3);
	printf("%d ", g <<= 4);
	g = 255;
	printf("%d ", g++);
	printf("%d ", g);
	printf("%d\n", ++g);

	this->c = (char)100;
	printf("%d ", this->c += 100);
	printf("%d ", this->c /= 3);
	printf("%d ", this->c %= -5);
	printf("%d ", this->c >>= 1);
	this->c = (char)-128;
	printf("%d ", this->c--);
	printf("%d ", this->c);
	printf("%d ", --this->c);
	this->c = (char)-100;
	printf("%d ", this->c /= (unsigned char)2);
	printf("%d\n", this->c %= (unsigned char)7);

	self->t = 65535;
	printf("%d ", self->t += 2);
	printf("%d ", self->t -= 3);
	printf("%d ", self->t ^= 0x1ffff);
	printf("%d ", self->t |= 0x10000);
	printf("%d ", self->t++);
	printf("%d\n", ++self->t);

	a[1] = (short)32767;
	printf("%d ", a[1] += 1);
	printf("%d ", a[1] *= -1);
	printf("%d ", a[1] /= (unsigned short)2);
	a[1] = -32767;
	printf("%d ", a[1]--);
	printf("%d\n", a[1]);

	st.m = 32767;
	printf("%d ", st.m += 2);
	printf("%d ", st.m <<= 1);
	printf("%d ", st.m--);
	printf("%d\n", --st.m);

	arr[2] = 127;
	printf("%d ", arr[2] += 1);
	printf("%d ", arr[2] &= 0x1f0);
	printf("%d ", arr[2]--);
	printf("%d\n", ++arr[2]);
	self->t = 0;
	exit(0);
}
