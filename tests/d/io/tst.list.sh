#!/bin/bash
# dtrace -l lists the io provider's two probes (wait-start and wait-done
# have no Linux event: not listed), and -lv their translated arguments.
# Probe ids depend on the providers before io: left out.
out=$("$DTRACE" -lP io | awk '{$1 = ""; print}') || exit 1
want=" PROVIDER MODULE FUNCTION NAME
 io vmlinux start
 io vmlinux done"
[ "$out" = "$want" ] || { printf 'got:\n%s\n' "$out"; exit 1; }
out=$("$DTRACE" -lvn io:::done | sed 1,2d) || exit 1
want="
	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: bufinfo_t *
		args[1]: devinfo_t *
		args[2]: fileinfo_t *"
[ "$out" = "$want" ] || { printf 'got:\n%s\n' "$out"; exit 1; }
"$DTRACE" -ln io:::wait-start 2>&1 | grep -q 'No probe matches description' || exit 1
