/* a string variable cannot be assigned an integer */
BEGIN { s = "a"; s = 1; }
