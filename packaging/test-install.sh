#!/usr/bin/env bash
# make install and make uninstall, for distributions without the Debian
# package: every file where the package puts it (under PREFIX), the unit
# starting the installed quakesd, then nothing left but the configuration.
#
# usage: packaging/test-install.sh   (after make release-static, as make deb-test runs it)
set -euo pipefail

fail() { echo "install-test: FAILED: $*" >&2; exit 1; }
destdir=$(mktemp -d "${TMPDIR:-/tmp}/quakesd-install.XXXXXX")
trap 'rm -rf "$destdir"' EXIT

make --no-print-directory -s install DESTDIR="$destdir" PREFIX=/usr/local >/dev/null
echo "# changed by the operator" >>"$destdir/etc/quakesd/quakesd.conf"
make --no-print-directory -s install DESTDIR="$destdir" PREFIX=/usr/local >/dev/null
[[ $(tail -n 1 "$destdir/etc/quakesd/quakesd.conf") == "# changed by the operator" ]] \
  || fail "a second make install overwrote the configuration"
for path in \
  usr/local/sbin/quakesd usr/local/bin/quakectl \
  usr/local/lib/systemd/system/quakesd.service usr/local/lib/systemd/system/quakesd.socket \
  usr/local/lib/systemd/system/quakesd-query.socket usr/local/lib/sysusers.d/quakesd.conf \
  usr/local/share/man/man1/quakectl.1 usr/local/share/man/man5/quakesd.conf.5 usr/local/share/man/man8/quakesd.8 \
  usr/local/share/bash-completion/completions/quakectl usr/local/share/zsh/vendor-completions/_quakectl \
  usr/local/share/fish/vendor_completions.d/quakectl.fish usr/local/share/doc/quakesd/README.md \
  etc/quakesd/quakesd.conf; do
  [ -f "$destdir/$path" ] || fail "/$path was not installed"
done
grep -q '^ExecStart=/usr/local/sbin/quakesd$' "$destdir/usr/local/lib/systemd/system/quakesd.service" \
  || fail "quakesd.service does not start the installed /usr/local/sbin/quakesd"
grep -q '^ExecReload=/usr/local/bin/quakectl reload' "$destdir/usr/local/lib/systemd/system/quakesd.service" \
  || fail "quakesd.service does not reload through the installed /usr/local/bin/quakectl"
"$destdir/usr/local/sbin/quakesd" --version >/dev/null || fail "the installed quakesd does not run"

make --no-print-directory -s uninstall DESTDIR="$destdir" PREFIX=/usr/local >/dev/null
left=$(cd "$destdir" && find . ! -type d)
[ "$left" = "./etc/quakesd/quakesd.conf" ] || fail "uninstall left more than the configuration: $left"
echo "install-test: passed"
