/* args[] has as many elements as the tracepoint's prototype: 2 here. */
rawtp:sched::sched_process_fork { trace(args[2]); }
BEGIN { exit(0); }
