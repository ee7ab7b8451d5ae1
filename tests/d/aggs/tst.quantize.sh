#!/bin/bash
# The paper's 6.2 example: write sizes of dd by file descriptor, a
# power-of-two table with all 100 writes of 1 KiB in the 1024 row.
out=$("$DTRACE" -qn 'syscall::write:entry /pid == $target/ { @[arg0] = quantize(arg2); }' \
	-c 'dd if=/dev/zero of=/dev/null bs=1k count=100' 2>/dev/null) || exit 1
want='
                1
           value  ------------- Distribution ------------- count    
             512 |                                         0        
            1024 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 100      
            2048 |                                         0        '
case "$out" in *"$want"*) exit 0 ;; esac
echo "table for fd 1 not found in:"; echo "$out"; exit 1
