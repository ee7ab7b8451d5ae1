/* speculate() must come before any data-recording action */
BEGIN
{
	self->spec = speculation();
	printf("not speculative\n");
	speculate(self->spec);
}
