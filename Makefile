# Build for the dtrace command, libdtrace and the tests.
# `make` builds; `make check` sets up the machine and runs every test;
# `make demo` sets up, builds and runs a short real trace.

PREFIX  ?= /usr/local
CC      ?= cc
CFLAGS  ?= -O2 -g
WFLAGS  := -std=gnu11 -Wall -Wextra -Werror -Iinclude -Ilib -D_GNU_SOURCE
ALL_CFLAGS = $(WFLAGS) $(CFLAGS)
LDLIBS  := -lbpf -lelf -lz

LIB_SRC := $(wildcard lib/*.c)
LIB_OBJ := $(patsubst lib/%.c,build/lib/%.o,$(LIB_SRC))
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(patsubst tests/unit/%.c,build/tests/%,$(UNIT_SRC))

all: build/dtrace

build/lib/%.o: lib/%.c $(wildcard lib/*.h include/*.h) | build/lib
	$(CC) $(ALL_CFLAGS) -Ibuild -fPIC -c -o $@ $<

build/lib/prov_syscall.o: build/syscall_nr.h

# the D library directory of an installed dtrace (dlib.c also finds the
# source tree's dlib/ from build/dtrace, and PREFIX/lib/dtrace from
# PREFIX/sbin/dtrace whatever PREFIX was at build time)
build/lib/dlib.o: ALL_CFLAGS += -DDT_LIBDIR='"$(PREFIX)/lib/dtrace"'

build/syscall_nr.h: scripts/gen-syscall-nr.sh scripts/syscall-nr-extra.txt | build/lib
	scripts/gen-syscall-nr.sh "$(CC)" > $@.tmp && mv $@.tmp $@

build/libdtrace.a: $(LIB_OBJ)
	rm -f $@; ar rcs $@ $^

build/dtrace: cmd/dtrace.c build/libdtrace.a
	$(CC) $(ALL_CFLAGS) -rdynamic -o $@ $< build/libdtrace.a $(LDLIBS)

build/tests/%: tests/unit/%.c tests/unit/check.h build/libdtrace.a | build/tests
	$(CC) $(ALL_CFLAGS) -o $@ $< build/libdtrace.a $(LDLIBS)

build/lib build/tests:
	mkdir -p $@

setup:
	@scripts/setup.sh

unit: $(UNIT_BIN)
	@tests/run-unit.sh $(UNIT_BIN)

dtests: build/dtrace
	@tests/run-dtests.sh

check: setup
	$(MAKE) all
	$(MAKE) unit
	$(MAKE) dtests

# every test against a build with AddressSanitizer/UBSan (a few minutes)
asan: setup
	@scripts/asan-check.sh

demo: setup
	$(MAKE) all
	@scripts/demo.sh

install: build/dtrace
	install -d $(DESTDIR)$(PREFIX)/sbin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include
	install -d $(DESTDIR)$(PREFIX)/lib/dtrace
	install -m 755 build/dtrace $(DESTDIR)$(PREFIX)/sbin/dtrace
	install -m 644 dlib/*.d $(DESTDIR)$(PREFIX)/lib/dtrace/
	install -m 644 build/libdtrace.a $(DESTDIR)$(PREFIX)/lib/libdtrace.a
	install -m 644 include/dtrace.h $(DESTDIR)$(PREFIX)/include/dtrace.h

clean:
	rm -rf build

.PHONY: all setup unit dtests check asan demo install clean
