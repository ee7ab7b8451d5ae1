/* sum is D's aggregating function: a variable may not take its name. */
int64_t sum;
