#!/usr/bin/env python3
"""layers.py - the layer rule of lib/ (docs/ARCHITECTURE.md, "Layers").

Usage: layers.py TOP LAYER...   (the layers lowest first, as the Makefile
lists them; TOP is the source tree, with its objects built in build/lib)

Checks, and exits 1 with one line per breach:
  1. includes: a file in lib/L includes headers of L and of the layers
     before it only, by "FOLDER/name.h" (a header of its own folder by
     its bare name); no "../" paths.  lib/*.c (the public API) may
     include any layer.
  2. calls: joining every object's undefined symbols to the object that
     defines them (nm), no call goes from a layer to a later one, so the
     graph of folders has no cycle (calls within a folder may go both
     ways).
  3. names: every global symbol the objects define starts with dt_
     (dtrace_ for the public API).
With -v it prints the folder graph: each folder and the folders it calls.
"""
import os, re, subprocess, sys

args = [a for a in sys.argv[1:] if a != "-v"]
verbose = "-v" in sys.argv
top, layers = args[0], args[1:]
rank = {l: i for i, l in enumerate(layers)}
rank["api"] = len(layers)
lib = os.path.join(top, "lib")
bad = []

def layer_of(rel):
    first = rel.split("/")[0]
    return first if first in rank and "/" in rel else "api"

# 1. includes
inc = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
for dirpath, _, files in os.walk(lib):
    for f in sorted(files):
        if not f.endswith((".c", ".h")):
            continue
        path = os.path.join(dirpath, f)
        rel = os.path.relpath(path, lib)
        me = layer_of(rel)
        text = open(path, encoding="utf-8", errors="replace").read()
        for m in inc.finditer(text):
            h = m.group(1)
            line = text.count("\n", 0, m.start()) + 1
            if ".." in h.split("/"):
                bad.append(f"lib/{rel}:{line}: includes \"{h}\": a relative path")
                continue
            if "/" not in h:
                if not os.path.exists(os.path.join(dirpath, h)) and h not in ("dtrace.h", "version.h", "syscall_nr.h"):
                    bad.append(f"lib/{rel}:{line}: includes \"{h}\", which is not in its folder")
                continue
            dep = h.split("/")[0]
            if dep not in rank or dep == "api":
                bad.append(f"lib/{rel}:{line}: includes \"{h}\": not a layer")
            elif rank[dep] > rank[me]:
                bad.append(f"lib/{rel}:{line}: includes \"{h}\": {me} may not include {dep}, a later layer")

# 4. output
comment = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
for dirpath, _, files in os.walk(lib):
    for f in sorted(files):
        if f.endswith((".c", ".h")):
            path = os.path.join(dirpath, f)
            code = comment.sub("", open(path, encoding="utf-8", errors="replace").read())
            for m in re.finditer(r"\b(stdout|stderr)\b", code):
                bad.append(f"lib/{os.path.relpath(path, lib)}: names {m.group(1)}: the library writes only to the streams it is given")

# 2. calls, 3. names
objs = []
for dirpath, _, files in os.walk(os.path.join(top, "build", "lib")):
    for f in files:
        o = os.path.join(dirpath, f)
        rel = os.path.relpath(o, os.path.join(top, "build", "lib"))
        # objects of sources that exist (a stale one is not the code)
        if f.endswith(".o") and os.path.exists(os.path.join(lib, rel[:-2] + ".c")):
            objs.append(o)
if not objs:
    sys.exit("layers.py: no objects under build/lib: build first")
defs, undefs = {}, {}
for o in sorted(objs):
    rel = os.path.relpath(o, os.path.join(top, "build", "lib"))
    out = subprocess.run(["nm", o], capture_output=True, text=True, check=True).stdout
    u = undefs.setdefault(rel, set())
    for l in out.splitlines():
        p = l.split()
        if len(p) == 2 and p[0] == "U":
            u.add(p[1])
        elif len(p) == 3 and p[1] in "TDBRCVGS":
            defs[p[2]] = rel
            if not (p[2].startswith("dt_") or p[2].startswith("dtrace_")):
                bad.append(f"{rel[:-2]}.c: defines {p[2]}: global names start with dt_")
graph = {}
for rel, syms in sorted(undefs.items()):
    me = layer_of(rel)
    for s in sorted(syms):
        d = defs.get(s)
        if not d:
            continue
        dep = layer_of(d)
        if dep != me:
            graph.setdefault(me, set()).add(dep)
        if rank[dep] > rank[me]:
            bad.append(f"lib/{rel[:-2]}.c calls {s} of lib/{d[:-2]}.c: {me} may not call {dep}, a later layer")
if verbose:
    for l in layers + ["api"]:
        print(f"{l:8} -> {' '.join(sorted(graph.get(l, ()), key=rank.get))}")
for b in bad:
    print(b)
if bad:
    print(f"layers.py: {len(bad)} breach{'es' if len(bad) != 1 else ''} of the layer rule")
    sys.exit(1)
print(f"layers: {len(layers)} folders, {len(objs)} objects: no include or call goes to a later layer; no file writes to stdout or stderr")
