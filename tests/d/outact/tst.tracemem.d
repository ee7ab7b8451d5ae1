/*
 * tracemem(addr, size) dumps size bytes as dtrace does: a heading, then
 * offset, 16 hex bytes and their printable characters a line.  With a
 * third argument only that many bytes are shown, unless it is negative or
 * more than size (then all of them); 0 shows nothing.
 */
#pragma D option quiet

BEGIN
{
	p = (char *)alloca(40);
	p[0] = 'L';
	p[1] = 'i';
	p[2] = 'n';
	p[3] = 'u';
	p[4] = 'x';
	p[5] = ' ';
	p[6] = 'v';
	p[7] = 'e';
	p[8] = 'r';
	p[9] = 's';
	p[10] = 'i';
	p[11] = 'o';
	p[12] = 'n';
	p[13] = ' ';
	p[14] = '\n';
	p[15] = 0x7f;
	p[16] = -1;
	p[17] = 0;
	p[18] = 'z';
	p[19] = '~';

	tracemem(p, 14);
	tracemem(p, 20);
	tracemem(p, 14, -1);
	tracemem(p, 14, 0);
	tracemem(p, 14, 2);
	tracemem(p, 14, 7);
	n = 12;
	tracemem(p, 14, n);
	tracemem(p, 14, 15);
	tracemem(p, 20, (unsigned char)255);
	exit(0);
}
