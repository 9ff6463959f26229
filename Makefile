# Builds squatd and installs it as a systemd system service.
#
#   make                    release build (swift build -c release --static-swift-stdlib)
#   make demo               builds (debug, as `swift test` does) and counts squats with a sound
#                           for each: on the accelerometers attached, as the service does
#                           (`squatd run` in the foreground, Ctrl-C stops it), or, when none
#                           is, on a bundled synthetic recording replayed at its own speed
#   sudo make install       installs the binary, units, udev rule, sysusers entry and the example
#                           config, creates the squatd user and reloads systemd and udev; then
#                           `sudo systemctl enable --now squatd`
#   sudo make uninstall     stops the service and removes what install put in place, except
#                           the config (/etc/squatd/squatd.toml) and the counts (/var/lib/squatd)
#   make install-files      only copies the files (what packagers want, with DESTDIR)
#
# Variables:
#   PREFIX=/usr/local       the binary goes to $(PREFIX)/bin; the unit, udev rule and sysusers
#                           entry to $(PREFIX)/lib/{systemd/system,udev/rules.d,sysusers.d} and
#                           the modules-load entry to $(PREFIX)/lib/modules-load.d, the user
#                           unit to $(PREFIX)/lib/systemd/user. systemd 252 and udev read
#                           /usr/local/lib/... and /usr/lib/...; with another PREFIX, set UNITDIR,
#                           USERUNITDIR, UDEVRULESDIR, SYSUSERSDIR and MODULESLOADDIR.
#   SYSCONFDIR=/etc         the config goes to $(SYSCONFDIR)/squatd/squatd.toml (never overwritten)
#   DESTDIR=                staging root prepended to every path; when set, install changes
#                           nothing on the running system (no user, no reloads)
#   SQUATD_BINARY=.build/release/squatd   the binary to install (built when missing)
#
# `make install` does not rebuild a binary that exists: run `make` first (as yourself, so that
# .build/ is not owned by root).

PREFIX ?= /usr/local
SYSCONFDIR ?= /etc
DESTDIR ?=
SWIFT ?= swift
BINDIR ?= $(PREFIX)/bin
UNITDIR ?= $(PREFIX)/lib/systemd/system
USERUNITDIR ?= $(PREFIX)/lib/systemd/user
UDEVRULESDIR ?= $(PREFIX)/lib/udev/rules.d
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
MODULESLOADDIR ?= $(PREFIX)/lib/modules-load.d
CONFDIR ?= $(SYSCONFDIR)/squatd
SQUATD_BINARY ?= .build/release/squatd
EXAMPLE_CONFIG ?= systemd/squatd.toml

.PHONY: all build demo install install-files uninstall uninstall-files

all: build

# The Swift runtime and Foundation are linked in: the binary runs where no Swift toolchain is
# installed, and loads 6 MB less (resident) than with the shared libraries (Benchmarks/README.md).
build:
	$(SWIFT) build -c release --static-swift-stdlib --product squatd

# The debug build, which `swift test` builds anyway: the demo costs a newcomer no second
# compilation (DEMO_SQUATD runs another binary, unbuilt: the tests use theirs). `squatd devices`
# prints `[]` when it finds no accelerometer and fails without udev (a container); either way,
# and when this user may read none of those it lists, the recording stands in for a sensor.
# The counts go to a directory of this user's own, so the demo never meets the service's (or
# its lock) nor another user's. DEMO_CONFIG: a configuration file instead of the service's.
DEMO_SQUATD ?=
DEMO_RECORDING ?= Recordings/thigh-normal.csv
DEMO_CONFIG ?=
demo:
ifeq ($(DEMO_SQUATD),)
	$(SWIFT) build --product squatd
endif
	@squatd="$(or $(DEMO_SQUATD),$$($(SWIFT) build --show-bin-path)/squatd)"; \
	if ! found=$$("$$squatd" devices --json 2>/dev/null) || [ "$$found" = "[]" ]; then \
		why="no accelerometer attached"; \
	elif "$$squatd" devices; ! printf '%s' "$$found" | grep -q '"accessible" *: *true'; then \
		why="squatd may not read the accelerometers above (why is said above)"; \
	else \
		echo "demo: counting squats on the accelerometers listed above, as the service does; squat, and Ctrl-C stops it"; \
		exec "$$squatd" run $(if $(DEMO_CONFIG),--config "$(DEMO_CONFIG)") --state-dir "$${TMPDIR:-/tmp}/squatd-demo-$$(id -u)"; \
	fi; \
	echo "demo: $$why; replaying $(DEMO_RECORDING) (synthetic: made by squatd's simulator) at the speed it was recorded"; \
	exec "$$squatd" replay --realtime --sound "$(DEMO_RECORDING)"

$(SQUATD_BINARY):
	$(SWIFT) build -c release --static-swift-stdlib --product squatd

install: install-files
ifeq ($(DESTDIR),)
	@if command -v systemd-sysusers >/dev/null; then systemd-sysusers $(SYSUSERSDIR)/squatd.conf; \
	else echo "make: systemd-sysusers not found: create the system user 'squatd' yourself" >&2; fi
	@modprobe -q industrialio 2>/dev/null || true
	@if command -v udevadm >/dev/null && [ -d /run/udev ]; then \
		udevadm control --reload && udevadm trigger --action=add --subsystem-match=iio; fi
	@if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
	@echo "installed; start with: systemctl enable --now squatd"
	@echo "(or, on a desktop whose sound server owns the card: systemctl --user enable --now squatd)"
endif

install-files: $(SQUATD_BINARY)
	install -D -m 0755 $(SQUATD_BINARY) $(DESTDIR)$(BINDIR)/squatd
	install -d -m 0755 $(DESTDIR)$(UNITDIR)
	sed 's|@BINDIR@|$(BINDIR)|g' systemd/squatd.service.in > $(DESTDIR)$(UNITDIR)/squatd.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/squatd.service
	install -d -m 0755 $(DESTDIR)$(USERUNITDIR)
	sed 's|@BINDIR@|$(BINDIR)|g' systemd/squatd-user.service.in > $(DESTDIR)$(USERUNITDIR)/squatd.service
	chmod 0644 $(DESTDIR)$(USERUNITDIR)/squatd.service
	install -D -m 0644 systemd/60-squatd.rules $(DESTDIR)$(UDEVRULESDIR)/60-squatd.rules
	install -D -m 0644 systemd/squatd.sysusers $(DESTDIR)$(SYSUSERSDIR)/squatd.conf
	install -D -m 0644 systemd/squatd.modules-load $(DESTDIR)$(MODULESLOADDIR)/squatd.conf
	install -d -m 0755 $(DESTDIR)$(CONFDIR)
	@if [ -e $(DESTDIR)$(CONFDIR)/squatd.toml ]; then \
		echo "keeping $(DESTDIR)$(CONFDIR)/squatd.toml; the new example is $(EXAMPLE_CONFIG)"; \
	else \
		echo "install -m 0644 $(EXAMPLE_CONFIG) $(DESTDIR)$(CONFDIR)/squatd.toml"; \
		install -m 0644 $(EXAMPLE_CONFIG) $(DESTDIR)$(CONFDIR)/squatd.toml; \
	fi

uninstall: uninstall-files
ifeq ($(DESTDIR),)
	@if command -v udevadm >/dev/null && [ -d /run/udev ]; then udevadm control --reload; fi
	@if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
endif
	@echo "kept $(DESTDIR)$(CONFDIR)/squatd.toml and the counts in /var/lib/squatd; remove them by hand if unwanted"

uninstall-files:
ifeq ($(DESTDIR),)
	@if [ -d /run/systemd/system ]; then systemctl disable --now squatd.service || true; fi
endif
	rm -f $(DESTDIR)$(BINDIR)/squatd $(DESTDIR)$(UNITDIR)/squatd.service $(DESTDIR)$(USERUNITDIR)/squatd.service \
		$(DESTDIR)$(UDEVRULESDIR)/60-squatd.rules $(DESTDIR)$(SYSUSERSDIR)/squatd.conf \
		$(DESTDIR)$(MODULESLOADDIR)/squatd.conf
