#!/bin/bash
# -l and -lv list the sched provider's probes (module vmlinux, no
# function), the Guide's probes that Linux gives, with the Guide's
# argument types and stability; probe ids are not compared (other
# providers come before this one).  The Guide's enqueue, dequeue and
# schedctl-* probes are not listed: Linux has no hook for them.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
noid() { sed -E 's/^ *[0-9]+ /   ID /'; }
"$DTRACE" -l -P sched | noid >"$tmp/l" || exit 1
cat >"$tmp/want" <<'WEOF'
   ID   PROVIDER            MODULE                          FUNCTION NAME
   ID      sched           vmlinux                                   change-pri
   ID      sched           vmlinux                                   off-cpu
   ID      sched           vmlinux                                   on-cpu
   ID      sched           vmlinux                                   preempt
   ID      sched           vmlinux                                   remain-cpu
   ID      sched           vmlinux                                   sleep
   ID      sched           vmlinux                                   surrender
   ID      sched           vmlinux                                   tick
   ID      sched           vmlinux                                   wakeup
WEOF
diff -u "$tmp/want" "$tmp/l" || exit 1
"$DTRACE" -lv -P sched | noid >"$tmp/lv" || exit 1
cat >"$tmp/want" <<'WEOF'
   ID   PROVIDER            MODULE                          FUNCTION NAME
   ID      sched           vmlinux                                   change-pri

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: lwpsinfo_t *
		args[1]: psinfo_t *
		args[2]: pri_t

   ID      sched           vmlinux                                   off-cpu

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: lwpsinfo_t *
		args[1]: psinfo_t *

   ID      sched           vmlinux                                   on-cpu

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		None

   ID      sched           vmlinux                                   preempt

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		None

   ID      sched           vmlinux                                   remain-cpu

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		None

   ID      sched           vmlinux                                   sleep

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		None

   ID      sched           vmlinux                                   surrender

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: lwpsinfo_t *
		args[1]: psinfo_t *

   ID      sched           vmlinux                                   tick

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: lwpsinfo_t *
		args[1]: psinfo_t *

   ID      sched           vmlinux                                   wakeup

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: lwpsinfo_t *
		args[1]: psinfo_t *

WEOF
diff -u "$tmp/want" "$tmp/lv" || exit 1
# a description of one probe lists it alone
"$DTRACE" -l -n sched:::wakeup | noid >"$tmp/l" || exit 1
printf '%5s %10s %17s %33s %s\n' ID PROVIDER MODULE FUNCTION NAME ID sched vmlinux "" wakeup |
    diff -u - "$tmp/l" || exit 1
