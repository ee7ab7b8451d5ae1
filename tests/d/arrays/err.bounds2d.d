/* Each dimension of a 2-D array is checked, negative indexes too. */
int m[3][4];

BEGIN
{
	m[2][-1] = 0;
}
