#!/usr/bin/env bash
# A clause-local variable assigned in a predicate holds its value in the
# actions (the idiom of opensnoop-like scripts).
out=$("$DTRACE" -qn 'syscall::openat:entry
/pid == $target && (this->p = arg1) != 0/
{
	self->name = copyinstr(this->p);
	printf("[%s]\n", self->name);
}' -c 'cat /etc/hostname' 2>&1)
echo "$out"
echo "$out" | grep -qx '\[/etc/hostname\]'
