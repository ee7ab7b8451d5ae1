BEGIN { @a = lquantize(1, 0, 10, 2); } BEGIN { @a = lquantize(2, 0, 10, 5); }
