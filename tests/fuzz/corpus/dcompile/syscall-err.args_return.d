/* A return probe has one typed argument, the return value (a long). */
syscall::openat:return { trace(args[1]); }
BEGIN { exit(0); }
