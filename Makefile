# Build for the dtrace command, libdtrace and the tests.
# `make` builds; `make check` sets up the machine and runs every test;
# `make demo` sets up, builds and runs a short real trace.
#
# lib/ is layered (docs/ARCHITECTURE.md, "Layers"): each folder of
# LAYERS may include the headers of itself and of the folders before it,
# never after.  Each folder is compiled against build/inc/FOLDER, which
# holds links to exactly those folders, so an include of a later folder
# does not compile; scripts/check-layers.sh checks the headers' own
# includes and, from the objects' symbols, that no call goes from a
# folder to a later one.

VERSION := $(shell cat VERSION)
SOMAJOR := 0
PREFIX  ?= /usr/local
DESTDIR ?=
CC      ?= cc
CFLAGS  ?= -O2 -g
WFLAGS  := -std=gnu11 -Wall -Wextra -Werror -D_GNU_SOURCE -Iinclude -Ibuild/gen
ALL_CFLAGS = $(WFLAGS) $(CFLAGS)
LDLIBS  := -lbpf -ldw -lelf -lz -llzma -lZydis

# the layers, lowest first (the one place their order is written)
LAYERS  := base kernel fmt front prov sema cg rt consume out
acc :=
$(foreach L,$(LAYERS),$(eval acc += $(L))$(eval INC_$(L) := $(acc)))
# lib/*.c, the public API's entry points, sit above every folder
INC_api := $(LAYERS)
layer_of = $(or $(filter $(LAYERS),$(firstword $(subst /, ,$(1)))),api)

LIB_SRC := $(wildcard lib/*.c $(foreach L,$(LAYERS),lib/$(L)/*.c))
LIB_OBJ := $(patsubst lib/%.c,build/lib/%.o,$(LIB_SRC))
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(patsubst tests/unit/%.c,build/tests/%,$(UNIT_SRC))
SONAME  := libdtrace.so.$(SOMAJOR)
SOLIB   := build/libdtrace.so.$(VERSION)

# D libraries generated from this system's headers (scripts/gen-dlib.sh,
# scripts/gen-net-d.sh); the hand-written ones are dlib/*.d
GEN_DLIBS := $(addprefix build/dlib/,errno.d signal.d regs.d net.d)

all: build/dtrace build/dtrace.1 $(GEN_DLIBS)

# one include directory per layer: links to the folders it may include
.SECONDARY: $(foreach L,$(LAYERS) api,build/inc/$(L)/.made)
build/inc/%/.made:
	@rm -rf build/inc/$*; mkdir -p build/inc/$*
	@for d in $(INC_$*); do ln -s ../../../lib/$$d build/inc/$*/$$d; done
	@touch $@

.SECONDEXPANSION:
build/lib/%.o: lib/%.c build/inc/$$(call layer_of,$$*)/.made build/gen/version.h build/gen/syscall_nr.h
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CC) $(ALL_CFLAGS) -Ibuild/inc/$(call layer_of,$*) -fPIC -fvisibility=hidden \
		-MMD -MP -c -o $@ $<

# build/dlib/net.d: network constants from this system's headers (the
# ip, tcp and udp providers' libraries use them)
build/dlib/net.d: scripts/gen-net-d.sh
	@mkdir -p $(@D)
	scripts/gen-net-d.sh "$(CC)" > $@.tmp && mv $@.tmp $@

build/gen/syscall_nr.h: scripts/gen-syscall-nr.sh scripts/syscall-nr-extra.txt
	@mkdir -p $(@D)
	scripts/gen-syscall-nr.sh "$(CC)" > $@.tmp && mv $@.tmp $@

build/dlib/%.d: scripts/gen-dlib.sh
	@mkdir -p $(@D)
	scripts/gen-dlib.sh "$(CC)" $* > $@.tmp && mv $@.tmp $@

# the one version string (VERSION) and where an installed dtrace finds
# its D libraries (sema/dlib.c also finds build/dlib and the source
# tree's dlib/ from build/dtrace, and PREFIX/lib/dtrace from
# PREFIX/sbin/dtrace whatever PREFIX was at build time)
build/gen/version.h: VERSION Makefile
	@mkdir -p $(@D)
	printf '#define DT_PKG_NAME "dtrace-ebpf"\n#define DT_PKG_VERSION "%s"\n#define DT_LIBDIR "%s"\n' \
		"$(VERSION)" "$(PREFIX)/lib/dtrace" > $@.tmp && mv $@.tmp $@

# libdtrace.so exports the dtrace_* API only (lib/libdtrace.map; every
# other symbol is hidden)
$(SOLIB): $(LIB_OBJ) lib/libdtrace.map
	@echo "  LD      $@"
	@$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=lib/libdtrace.map \
		-Wl,--no-undefined -o $@ $(LIB_OBJ) $(LDLIBS)
build/$(SONAME) build/libdtrace.so: $(SOLIB)
	ln -sf $(notdir $(SOLIB)) $@

build/dtrace: cmd/dtrace.c cmd/pctl.c cmd/pctl.h include/dtrace.h build/gen/version.h build/$(SONAME) build/libdtrace.so
	@echo "  CCLD    $@"
	@$(CC) $(ALL_CFLAGS) -o $@ cmd/dtrace.c cmd/pctl.c -Lbuild -ldtrace -lelf '-Wl,-rpath,$$ORIGIN:$$ORIGIN/../lib'

build/dtrace.1: docs/dtrace.1.in VERSION
	sed -e 's|@VERSION@|$(VERSION)|g' -e "s|@DATE@|$$(git log -1 --format=%cs 2>/dev/null || date +%F)|g" $< > $@

# unit tests see every layer and link the objects themselves
build/tests/%: tests/unit/%.c tests/unit/check.h $(LIB_OBJ)
	@mkdir -p $(@D)
	@echo "  CCLD    $@"
	@$(CC) $(ALL_CFLAGS) -Ilib -o $@ $< $(LIB_OBJ) $(LDLIBS)

setup:
	@scripts/setup.sh

unit: $(UNIT_BIN)
	@tests/run-unit.sh $(UNIT_BIN)

dtests: all
	@tests/run-dtests.sh

# the layer rule, the exported symbols, install and uninstall
structure: all
	@tests/structure/layers.py . $(LAYERS)
	@tests/structure/exports.sh
	@tests/structure/install.sh

check: setup
	$(MAKE) all
	$(MAKE) structure
	$(MAKE) unit
	$(MAKE) fuzz-ci
	$(MAKE) dtests
	$(MAKE) asan-ci

# every test against a build with AddressSanitizer/UBSan (a few minutes)
asan: setup
	@scripts/asan-check.sh

# the unit tests and the consumer's areas (aggregations, output actions
# and formats, stacks, USDT, destructive actions) under ASan/UBSan: the
# subset of make asan that make check runs (about 3 minutes)
ASAN_CI_AREAS := aggs/ outact/ output/ ustack/ usdt/ destr/ strings/
asan-ci:
	@scripts/asan-check.sh $(ASAN_CI_AREAS)

demo: setup
	$(MAKE) all
	@scripts/demo.sh

# libFuzzer harnesses (tests/fuzz/, tests/fuzz/README.md): the library
# objects built again with clang and ASan/UBSan/libFuzzer's coverage
# into build/fuzz/, apart from the normal build, one harness per target.
# fuzz-ci runs each on FUZZ_CI_RUNS inputs (fuzz_dcompile FUZZ_CI_DRUNS)
# from a fixed random seed
# (make check: the same inputs every run), fuzz-replay on its seeds only,
# fuzz-short each FUZZ_SHORT seconds, fuzz FUZZ_TIME.
FUZZ_CC    ?= clang
FUZZ_SAN   := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# (clang warns of fields left out of designated initializers, gcc does not)
FUZZ_FLAGS := $(WFLAGS) -Wno-missing-field-initializers -O1 -g $(FUZZ_SAN)
FUZZ_OBJ   := $(patsubst lib/%.c,build/fuzz/lib/%.o,$(LIB_SRC))
FUZZ_SRC   := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BIN   := $(patsubst tests/fuzz/%.c,build/fuzz/%,$(FUZZ_SRC))
FUZZ_SHORT ?= 15
# (the compiler harness runs ~80 inputs a second, the others thousands)
FUZZ_CI_RUNS ?= 20000
FUZZ_CI_DRUNS ?= 3000
FUZZ_TIME  ?= 600

build/fuzz/lib/%.o: lib/%.c build/inc/$$(call layer_of,$$*)/.made build/gen/version.h build/gen/syscall_nr.h
	@mkdir -p $(@D)
	@echo "  FUZZCC  $<"
	@$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -Ibuild/inc/$(call layer_of,$*) \
		-MMD -MP -c -o $@ $<

build/fuzz/%: tests/fuzz/%.c tests/fuzz/fuzz.h $(FUZZ_OBJ)
	@echo "  FUZZLD  $@"
	@$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -Ilib -o $@ $< $(FUZZ_OBJ) $(LDLIBS)

fuzz-build: $(FUZZ_BIN) $(GEN_DLIBS)

fuzz-ci: fuzz-build
	@scripts/fuzz.sh runs:$(FUZZ_CI_DRUNS) fuzz_dcompile
	@scripts/fuzz.sh runs:$(FUZZ_CI_RUNS) $(filter-out fuzz_dcompile,$(notdir $(FUZZ_BIN)))

fuzz-replay: fuzz-build
	@scripts/fuzz.sh 0 $(notdir $(FUZZ_BIN))

fuzz-short: fuzz-build
	@scripts/fuzz.sh $(FUZZ_SHORT) $(notdir $(FUZZ_BIN))

fuzz: fuzz-build
	@scripts/fuzz.sh $(FUZZ_TIME) $(notdir $(FUZZ_BIN))

BINDIR  := $(PREFIX)/sbin
LIBDIR  := $(PREFIX)/lib
INCDIR  := $(PREFIX)/include
DLIBDIR := $(PREFIX)/lib/dtrace
MANDIR  := $(PREFIX)/share/man/man1
PCDIR   := $(PREFIX)/lib/pkgconfig
DLIBS   := $(notdir $(wildcard dlib/*.d) $(GEN_DLIBS))

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCDIR) \
		$(DESTDIR)$(DLIBDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(PCDIR)
	install -m 755 build/dtrace $(DESTDIR)$(BINDIR)/dtrace
	install -m 755 $(SOLIB) $(DESTDIR)$(LIBDIR)/$(notdir $(SOLIB))
	ln -sf $(notdir $(SOLIB)) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libdtrace.so
	install -m 644 include/dtrace.h $(DESTDIR)$(INCDIR)/dtrace.h
	install -m 644 $(wildcard dlib/*.d) $(GEN_DLIBS) $(DESTDIR)$(DLIBDIR)/
	install -m 644 build/dtrace.1 $(DESTDIR)$(MANDIR)/dtrace.1
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' lib/libdtrace.pc.in \
		> $(DESTDIR)$(PCDIR)/libdtrace.pc

# removes exactly what install put there (and the directories it made,
# if they are left empty)
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/dtrace $(DESTDIR)$(LIBDIR)/$(notdir $(SOLIB)) \
		$(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libdtrace.so \
		$(DESTDIR)$(INCDIR)/dtrace.h $(addprefix $(DESTDIR)$(DLIBDIR)/,$(DLIBS)) \
		$(DESTDIR)$(MANDIR)/dtrace.1 $(DESTDIR)$(PCDIR)/libdtrace.pc
	-rmdir $(DESTDIR)$(DLIBDIR) $(DESTDIR)$(PCDIR) 2>/dev/null

clean:
	rm -rf build

-include $(LIB_OBJ:.o=.d) $(FUZZ_OBJ:.o=.d)

.PHONY: all setup unit dtests structure check asan demo install uninstall clean \
	fuzz-build fuzz-ci fuzz-replay fuzz-short fuzz asan-ci
