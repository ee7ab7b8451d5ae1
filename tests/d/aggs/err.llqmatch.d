BEGIN { @a = llquantize(1, 10, 0, 6, 20); } BEGIN { @a = llquantize(1, 10, 0, 5, 20); }
