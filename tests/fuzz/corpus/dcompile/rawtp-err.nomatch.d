/* a tracepoint the kernel does not have is no rawtp probe */
rawtp:sched::no_such_event { }
