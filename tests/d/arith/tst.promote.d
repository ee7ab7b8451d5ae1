/*
 * C's integer promotions and usual arithmetic conversions in every
 * operator, computed twice: from constants (folded when compiling) and
 * from clause-local variables of the same types (computed by the BPF
 * program).  Each line shows the value as a long, the size of the
 * result's type and whether it is negative, which reveals the type: a
 * char plus a char is an int, a long and an unsigned int give a long, a
 * long long and an unsigned long an unsigned long long, -uc an int.
 * Expected values are what gcc computes.
 */
#pragma D option quiet

BEGIN
{
	this->c = (char)100;
	this->uc = (unsigned char)200;
	this->s = (short)-1;
	this->us = (unsigned short)65535;
	this->i = (int)-7;
	this->ui = (unsigned int)2;
	this->l = (long)-1;
	this->ul = (unsigned long)1;
	this->u8 = (uint8_t)255;
	this->sz = (size_t)2;
	this->pid = (pid_t)-3;
	this->ll = (long long)-5;
	this->i16 = (int16_t)-300;
	printf("%-32s %d %d %d | ", "c + c", (long)((char)100 + (char)100), sizeof ((char)100 + (char)100), ((char)100 + (char)100) < 0);
	printf("%d %d %d\n", (long)(this->c + this->c), sizeof (this->c + this->c), (this->c + this->c) < 0);
	printf("%-32s %d %d %d | ", "uc * uc", (long)((unsigned char)200 * (unsigned char)200), sizeof ((unsigned char)200 * (unsigned char)200), ((unsigned char)200 * (unsigned char)200) < 0);
	printf("%d %d %d\n", (long)(this->uc * this->uc), sizeof (this->uc * this->uc), (this->uc * this->uc) < 0);
	printf("%-32s %d %d %d | ", "us + 1", (long)((unsigned short)65535 + 1), sizeof ((unsigned short)65535 + 1), ((unsigned short)65535 + 1) < 0);
	printf("%d %d %d\n", (long)(this->us + 1), sizeof (this->us + 1), (this->us + 1) < 0);
	printf("%-32s %d %d %d | ", "c + c > 150", (long)((char)100 + (char)100 > 150), sizeof ((char)100 + (char)100 > 150), ((char)100 + (char)100 > 150) < 0);
	printf("%d %d %d\n", (long)(this->c + this->c > 150), sizeof (this->c + this->c > 150), (this->c + this->c > 150) < 0);
	printf("%-32s %d %d %d | ", "s < uc", (long)((short)-1 < (unsigned char)200), sizeof ((short)-1 < (unsigned char)200), ((short)-1 < (unsigned char)200) < 0);
	printf("%d %d %d\n", (long)(this->s < this->uc), sizeof (this->s < this->uc), (this->s < this->uc) < 0);
	printf("%-32s %d %d %d | ", "u8 + pid", (long)((uint8_t)255 + (pid_t)-3), sizeof ((uint8_t)255 + (pid_t)-3), ((uint8_t)255 + (pid_t)-3) < 0);
	printf("%d %d %d\n", (long)(this->u8 + this->pid), sizeof (this->u8 + this->pid), (this->u8 + this->pid) < 0);
	printf("%-32s %d %d %d | ", "i < ui", (long)((int)-7 < (unsigned int)2), sizeof ((int)-7 < (unsigned int)2), ((int)-7 < (unsigned int)2) < 0);
	printf("%d %d %d\n", (long)(this->i < this->ui), sizeof (this->i < this->ui), (this->i < this->ui) < 0);
	printf("%-32s %d %d %d | ", "(unsigned int)i > 0", (long)((unsigned int)(int)-7 > 0), sizeof ((unsigned int)(int)-7 > 0), ((unsigned int)(int)-7 > 0) < 0);
	printf("%d %d %d\n", (long)((unsigned int)this->i > 0), sizeof ((unsigned int)this->i > 0), ((unsigned int)this->i > 0) < 0);
	printf("%-32s %d %d %d | ", "l < ui", (long)((long)-1 < (unsigned int)2), sizeof ((long)-1 < (unsigned int)2), ((long)-1 < (unsigned int)2) < 0);
	printf("%d %d %d\n", (long)(this->l < this->ui), sizeof (this->l < this->ui), (this->l < this->ui) < 0);
	printf("%-32s %d %d %d | ", "l < ul", (long)((long)-1 < (unsigned long)1), sizeof ((long)-1 < (unsigned long)1), ((long)-1 < (unsigned long)1) < 0);
	printf("%d %d %d\n", (long)(this->l < this->ul), sizeof (this->l < this->ul), (this->l < this->ul) < 0);
	printf("%-32s %d %d %d | ", "ll < ul", (long)((long long)-5 < (unsigned long)1), sizeof ((long long)-5 < (unsigned long)1), ((long long)-5 < (unsigned long)1) < 0);
	printf("%d %d %d\n", (long)(this->ll < this->ul), sizeof (this->ll < this->ul), (this->ll < this->ul) < 0);
	printf("%-32s %d %d %d | ", "sz - 3", (long)((size_t)2 - 3), sizeof ((size_t)2 - 3), ((size_t)2 - 3) < 0);
	printf("%d %d %d\n", (long)(this->sz - 3), sizeof (this->sz - 3), (this->sz - 3) < 0);
	printf("%-32s %d %d %d | ", "l - ui", (long)((long)-1 - (unsigned int)2), sizeof ((long)-1 - (unsigned int)2), ((long)-1 - (unsigned int)2) < 0);
	printf("%d %d %d\n", (long)(this->l - this->ui), sizeof (this->l - this->ui), (this->l - this->ui) < 0);
	printf("%-32s %d %d %d | ", "ll - ul", (long)((long long)-5 - (unsigned long)1), sizeof ((long long)-5 - (unsigned long)1), ((long long)-5 - (unsigned long)1) < 0);
	printf("%d %d %d\n", (long)(this->ll - this->ul), sizeof (this->ll - this->ul), (this->ll - this->ul) < 0);
	printf("%-32s %d %d %d | ", "sz + pid", (long)((size_t)2 + (pid_t)-3), sizeof ((size_t)2 + (pid_t)-3), ((size_t)2 + (pid_t)-3) < 0);
	printf("%d %d %d\n", (long)(this->sz + this->pid), sizeof (this->sz + this->pid), (this->sz + this->pid) < 0);
	printf("%-32s %d %d %d | ", "i + ui", (long)((int)-7 + (unsigned int)2), sizeof ((int)-7 + (unsigned int)2), ((int)-7 + (unsigned int)2) < 0);
	printf("%d %d %d\n", (long)(this->i + this->ui), sizeof (this->i + this->ui), (this->i + this->ui) < 0);
	printf("%-32s %d %d %d | ", "uc - 201", (long)((unsigned char)200 - 201), sizeof ((unsigned char)200 - 201), ((unsigned char)200 - 201) < 0);
	printf("%d %d %d\n", (long)(this->uc - 201), sizeof (this->uc - 201), (this->uc - 201) < 0);
	printf("%-32s %d %d %d | ", "i16 * i16", (long)((int16_t)-300 * (int16_t)-300), sizeof ((int16_t)-300 * (int16_t)-300), ((int16_t)-300 * (int16_t)-300) < 0);
	printf("%d %d %d\n", (long)(this->i16 * this->i16), sizeof (this->i16 * this->i16), (this->i16 * this->i16) < 0);
	printf("%-32s %d %d %d | ", "us * us", (long)((unsigned short)65535 * (unsigned short)65535), sizeof ((unsigned short)65535 * (unsigned short)65535), ((unsigned short)65535 * (unsigned short)65535) < 0);
	printf("%d %d %d\n", (long)(this->us * this->us), sizeof (this->us * this->us), (this->us * this->us) < 0);
	printf("%-32s %d %d %d | ", "-uc", (long)(-(unsigned char)200), sizeof (-(unsigned char)200), (-(unsigned char)200) < 0);
	printf("%d %d %d\n", (long)(-this->uc), sizeof (-this->uc), (-this->uc) < 0);
	printf("%-32s %d %d %d | ", "~uc", (long)(~(unsigned char)200), sizeof (~(unsigned char)200), (~(unsigned char)200) < 0);
	printf("%d %d %d\n", (long)(~this->uc), sizeof (~this->uc), (~this->uc) < 0);
	printf("%-32s %d %d %d | ", "-ui", (long)(-(unsigned int)2), sizeof (-(unsigned int)2), (-(unsigned int)2) < 0);
	printf("%d %d %d\n", (long)(-this->ui), sizeof (-this->ui), (-this->ui) < 0);
	printf("%-32s %d %d %d | ", "~ui", (long)(~(unsigned int)2), sizeof (~(unsigned int)2), (~(unsigned int)2) < 0);
	printf("%d %d %d\n", (long)(~this->ui), sizeof (~this->ui), (~this->ui) < 0);
	printf("%-32s %d %d %d | ", "-c", (long)(-(char)100), sizeof (-(char)100), (-(char)100) < 0);
	printf("%d %d %d\n", (long)(-this->c), sizeof (-this->c), (-this->c) < 0);
	printf("%-32s %d %d %d | ", "~s", (long)(~(short)-1), sizeof (~(short)-1), (~(short)-1) < 0);
	printf("%d %d %d\n", (long)(~this->s), sizeof (~this->s), (~this->s) < 0);
	printf("%-32s %d %d %d | ", "-us", (long)(-(unsigned short)65535), sizeof (-(unsigned short)65535), (-(unsigned short)65535) < 0);
	printf("%d %d %d\n", (long)(-this->us), sizeof (-this->us), (-this->us) < 0);
	printf("%-32s %d %d %d | ", "uc << 4", (long)((unsigned char)200 << 4), sizeof ((unsigned char)200 << 4), ((unsigned char)200 << 4) < 0);
	printf("%d %d %d\n", (long)(this->uc << 4), sizeof (this->uc << 4), (this->uc << 4) < 0);
	printf("%-32s %d %d %d | ", "c >> 1", (long)((char)100 >> 1), sizeof ((char)100 >> 1), ((char)100 >> 1) < 0);
	printf("%d %d %d\n", (long)(this->c >> 1), sizeof (this->c >> 1), (this->c >> 1) < 0);
	printf("%-32s %d %d %d | ", "s >> 4", (long)((short)-1 >> 4), sizeof ((short)-1 >> 4), ((short)-1 >> 4) < 0);
	printf("%d %d %d\n", (long)(this->s >> 4), sizeof (this->s >> 4), (this->s >> 4) < 0);
	printf("%-32s %d %d %d | ", "us >> 4", (long)((unsigned short)65535 >> 4), sizeof ((unsigned short)65535 >> 4), ((unsigned short)65535 >> 4) < 0);
	printf("%d %d %d\n", (long)(this->us >> 4), sizeof (this->us >> 4), (this->us >> 4) < 0);
	printf("%-32s %d %d %d | ", "us << 16", (long)((unsigned short)65535 << 16), sizeof ((unsigned short)65535 << 16), ((unsigned short)65535 << 16) < 0);
	printf("%d %d %d\n", (long)(this->us << 16), sizeof (this->us << 16), (this->us << 16) < 0);
	printf("%-32s %d %d %d | ", "(unsigned int)i >> 2", (long)((unsigned int)(int)-7 >> 2), sizeof ((unsigned int)(int)-7 >> 2), ((unsigned int)(int)-7 >> 2) < 0);
	printf("%d %d %d\n", (long)((unsigned int)this->i >> 2), sizeof ((unsigned int)this->i >> 2), ((unsigned int)this->i >> 2) < 0);
	printf("%-32s %d %d %d | ", "i >> 1", (long)((int)-7 >> 1), sizeof ((int)-7 >> 1), ((int)-7 >> 1) < 0);
	printf("%d %d %d\n", (long)(this->i >> 1), sizeof (this->i >> 1), (this->i >> 1) < 0);
	printf("%-32s %d %d %d | ", "i16 << 8", (long)((int16_t)-300 << 8), sizeof ((int16_t)-300 << 8), ((int16_t)-300 << 8) < 0);
	printf("%d %d %d\n", (long)(this->i16 << 8), sizeof (this->i16 << 8), (this->i16 << 8) < 0);
	printf("%-32s %d %d %d | ", "uc / -3", (long)((unsigned char)200 / -3), sizeof ((unsigned char)200 / -3), ((unsigned char)200 / -3) < 0);
	printf("%d %d %d\n", (long)(this->uc / -3), sizeof (this->uc / -3), (this->uc / -3) < 0);
	printf("%-32s %d %d %d | ", "i / ui", (long)((int)-7 / (unsigned int)2), sizeof ((int)-7 / (unsigned int)2), ((int)-7 / (unsigned int)2) < 0);
	printf("%d %d %d\n", (long)(this->i / this->ui), sizeof (this->i / this->ui), (this->i / this->ui) < 0);
	printf("%-32s %d %d %d | ", "i % 3", (long)((int)-7 % 3), sizeof ((int)-7 % 3), ((int)-7 % 3) < 0);
	printf("%d %d %d\n", (long)(this->i % 3), sizeof (this->i % 3), (this->i % 3) < 0);
	printf("%-32s %d %d %d | ", "(unsigned char)250 % (char)-7", (long)((unsigned char)250 % (char)-7), sizeof ((unsigned char)250 % (char)-7), ((unsigned char)250 % (char)-7) < 0);
	printf("%d %d %d\n", (long)((unsigned char)250 % (char)-7), sizeof ((unsigned char)250 % (char)-7), ((unsigned char)250 % (char)-7) < 0);
	printf("%-32s %d %d %d | ", "l / ul", (long)((long)-1 / (unsigned long)1), sizeof ((long)-1 / (unsigned long)1), ((long)-1 / (unsigned long)1) < 0);
	printf("%d %d %d\n", (long)(this->l / this->ul), sizeof (this->l / this->ul), (this->l / this->ul) < 0);
	printf("%-32s %d %d %d | ", "s / us", (long)((short)-1 / (unsigned short)65535), sizeof ((short)-1 / (unsigned short)65535), ((short)-1 / (unsigned short)65535) < 0);
	printf("%d %d %d\n", (long)(this->s / this->us), sizeof (this->s / this->us), (this->s / this->us) < 0);
	printf("%-32s %d %d %d | ", "pid % uc", (long)((pid_t)-3 % (unsigned char)200), sizeof ((pid_t)-3 % (unsigned char)200), ((pid_t)-3 % (unsigned char)200) < 0);
	printf("%d %d %d\n", (long)(this->pid % this->uc), sizeof (this->pid % this->uc), (this->pid % this->uc) < 0);
	printf("%-32s %d %d %d | ", "c & -1", (long)((char)100 & -1), sizeof ((char)100 & -1), ((char)100 & -1) < 0);
	printf("%d %d %d\n", (long)(this->c & -1), sizeof (this->c & -1), (this->c & -1) < 0);
	printf("%-32s %d %d %d | ", "uc | s", (long)((unsigned char)200 | (short)-1), sizeof ((unsigned char)200 | (short)-1), ((unsigned char)200 | (short)-1) < 0);
	printf("%d %d %d\n", (long)(this->uc | this->s), sizeof (this->uc | this->s), (this->uc | this->s) < 0);
	printf("%-32s %d %d %d | ", "us ^ i", (long)((unsigned short)65535 ^ (int)-7), sizeof ((unsigned short)65535 ^ (int)-7), ((unsigned short)65535 ^ (int)-7) < 0);
	printf("%d %d %d\n", (long)(this->us ^ this->i), sizeof (this->us ^ this->i), (this->us ^ this->i) < 0);
	printf("%-32s %d %d %d | ", "i16 & ul", (long)((int16_t)-300 & (unsigned long)1), sizeof ((int16_t)-300 & (unsigned long)1), ((int16_t)-300 & (unsigned long)1) < 0);
	printf("%d %d %d\n", (long)(this->i16 & this->ul), sizeof (this->i16 & this->ul), (this->i16 & this->ul) < 0);
	printf("%-32s %d %d %d | ", "i16 | ul", (long)((int16_t)-300 | (unsigned long)1), sizeof ((int16_t)-300 | (unsigned long)1), ((int16_t)-300 | (unsigned long)1) < 0);
	printf("%d %d %d\n", (long)(this->i16 | this->ul), sizeof (this->i16 | this->ul), (this->i16 | this->ul) < 0);
	exit(0);
}
