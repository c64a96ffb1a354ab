# Build and install bglog with its man page and shell completions.
#
#   make                         release build (.build/release/bglog)
#   make install PREFIX=~/.local install into PREFIX (default /usr/local); DESTDIR is honoured for packaging
#   make uninstall PREFIX=...    remove what install put there
#   make test                    what CI runs (format lint + swift test)
#   make docs                    regenerate docs/bglog.1 from the help texts

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
SWIFT_FLAGS ?=

BINDIR := $(DESTDIR)$(PREFIX)/bin
MANDIR := $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

BUILD_DIR := $(shell $(SWIFT) build -c release --show-bin-path $(SWIFT_FLAGS) 2>/dev/null || echo .build/release)
BGLOG := $(BUILD_DIR)/bglog

.PHONY: all build install uninstall test docs clean

all: build

build:
	$(SWIFT) build -c release --product bglog $(SWIFT_FLAGS)

# The man page and completions come from the binary just built, so they match it exactly.
install: build
	install -d "$(BINDIR)" "$(MANDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	install -m 755 "$(BGLOG)" "$(BINDIR)/bglog"
	"$(BGLOG)" man > "$(MANDIR)/bglog.1"
	"$(BGLOG)" completions bash > "$(BASHDIR)/bglog"
	"$(BGLOG)" completions zsh > "$(ZSHDIR)/_bglog"
	"$(BGLOG)" completions fish > "$(FISHDIR)/bglog.fish"
	chmod 644 "$(MANDIR)/bglog.1" "$(BASHDIR)/bglog" "$(ZSHDIR)/_bglog" "$(FISHDIR)/bglog.fish"
	@echo "installed $(BINDIR)/bglog, its man page and bash, zsh and fish completions"

uninstall:
	rm -f "$(BINDIR)/bglog" "$(MANDIR)/bglog.1" "$(BASHDIR)/bglog" "$(ZSHDIR)/_bglog" "$(FISHDIR)/bglog.fish"

test:
	bash .ci/run

docs: build
	"$(BGLOG)" man > docs/bglog.1

clean:
	rm -rf .build
