#!/bin/bash
# A Python function calling os.getppid(): Debian's python3.11 and
# libpython have no frame pointers, so the frame-pointer walk stops in
# the first frame or two; unwound from DWARF CFI (the default
# ustackmode) the stack runs from getppid through os_getppid and the
# interpreter's _PyEval_EvalFrameDefault down to Py_BytesMain and main's
# caller in libc.
. "$TESTDIR/ustack/common.bash"
command -v python3 >/dev/null || { echo "no python3"; exit 1; }
printf 'import os\ndef f():\n    os.getppid()\nf()\n' >"$tmp/f.py"
probe='syscall::getppid:entry /pid == $target/ { ustack(); }'
$DTRACE -qn "$probe" -c "python3 $tmp/f.py" >"$tmp/out" || exit 1
# the stack of the script's call (the child calls getppid before exec too)
awk 'BEGIN { RS = "" } /os_getppid/' "$tmp/out" >"$tmp/py"
order=$(grep -o 'getppid+\|os_getppid\|_PyEval_EvalFrameDefault\|Py_BytesMain\|__libc_start_main' "$tmp/py" | tr '\n' ' ')
[ "$order" = "getppid+ os_getppid _PyEval_EvalFrameDefault Py_BytesMain __libc_start_main " ] ||
	{ echo "dwarf: '$order'"; cat "$tmp/out"; exit 1; }
$DTRACE -x ustackmode=fp -qn "$probe" -c "python3 $tmp/f.py" >"$tmp/fp" || exit 1
if grep -q 'Py_BytesMain\|_PyEval_EvalFrameDefault' "$tmp/fp"; then
	echo "the frame-pointer walk reached the interpreter"; cat "$tmp/fp"; exit 1
fi
exit 0
