/* args[] has as many elements as the tracepoint has fields: 4 for openat. */
syscall::openat:entry { trace(args[4]); }
BEGIN { exit(0); }
