#!/bin/bash
# A Python function calling os.getppid(): Debian's python3.11 (the
# package's /usr/bin/python3, not whatever python3 PATH finds first: a
# pyenv shim is a bash script) has no frame pointers, so the
# frame-pointer walk stops in the first frame or two; unwound from DWARF
# CFI (the default ustackmode) the stack runs from getppid through the
# interpreter's _PyEval_EvalFrameDefault down to Py_BytesMain and main's
# caller in libc.  (Debian's interpreter is stripped to .dynsym, so its
# static functions, os_getppid among them, print as python3.11`0x...
# unless python3.11's debug symbols are installed.)
. "$TESTDIR/ustack/common.bash"
py=/usr/bin/python3
[ -x $py ] || { echo "no $py (scripts/setup.sh installs python3)"; exit 1; }
printf 'import os\ndef f():\n    os.getppid()\nf()\n' >"$tmp/f.py"
probe='syscall::getppid:entry /pid == $target/ { ustack(); }'
$DTRACE -qn "$probe" -c "$py $tmp/f.py" >"$tmp/out" || exit 1
# the stack of the script's call (the interpreter's start-up makes none)
awk 'BEGIN { RS = "" } /_PyEval_EvalFrameDefault/' "$tmp/out" >"$tmp/py"
order=$(grep -o 'getppid+\|_PyEval_EvalFrameDefault\|Py_BytesMain\|__libc_start_main' "$tmp/py" | tr '\n' ' ')
[ "$order" = "getppid+ _PyEval_EvalFrameDefault Py_BytesMain __libc_start_main " ] ||
	{ echo "dwarf: '$order'"; cat "$tmp/out"; exit 1; }
$DTRACE -x ustackmode=fp -qn "$probe" -c "$py $tmp/f.py" >"$tmp/fp" || exit 1
if grep -q 'Py_BytesMain\|_PyEval_EvalFrameDefault' "$tmp/fp"; then
	echo "the frame-pointer walk reached the interpreter"; cat "$tmp/fp"; exit 1
fi
exit 0
