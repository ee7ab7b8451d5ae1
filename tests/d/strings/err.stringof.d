/* stringof() of a struct is a compile error */
BEGIN { trace(stringof(curthread->se)); }
