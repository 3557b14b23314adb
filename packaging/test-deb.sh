#!/usr/bin/env bash
# The Debian package, checked as an operator meets it (make deb-test):
# lintian, then install into a throwaway root with dpkg, every file where it
# belongs, the installed programs run, then purge, leaving nothing behind.
#
# usage: packaging/test-deb.sh quakesd_VERSION_ARCH.deb VERSION
#
# The root is a directory, not a chroot: dpkg runs the maintainer scripts
# without chroot(2) (--force-script-chrootless) and tells them the root in
# DPKG_ROOT, which deb-systemd-helper (enabling the units: links in the
# root's /etc) and systemd-sysusers (the group) honour. Bookworm's snippets
# that start, restart and stop units check only for a running systemd, not
# DPKG_ROOT, so on a host running systemd they would act on the host's own
# quakesd: systemctl and deb-systemd-invoke are replaced, for dpkg's
# children alone, by stand-ins that record what they were asked and do
# nothing.
set -euo pipefail

deb=$1
version=$2
fail() { echo "deb-test: FAILED: $*" >&2; exit 1; }

echo "deb-test: lintian $deb"
# --fail-on warning: an error or a warning fails; each override in
# packaging/debian/quakesd.lintian-overrides says why it is there.
lintian --fail-on error,warning --display-info --no-tag-display-limit "$deb" \
  || fail "lintian reported errors or warnings (above)"

stubs=$(mktemp -d "${TMPDIR:-/tmp}/quakesd-deb-stubs.XXXXXX")
trap 'rm -rf "$stubs"' EXIT
root=$(mktemp -d "${TMPDIR:-/tmp}/quakesd-deb-root.XXXXXX")
trap 'rm -rf "$root" "$stubs"' EXIT
for command in systemctl deb-systemd-invoke; do
  printf '#!/bin/sh\necho "%s $*" >>"%s/calls"\n' "$command" "$stubs" >"$stubs/$command"
  chmod +x "$stubs/$command"
done
# What only a system running systemd shows: the maintainer scripts start
# the sockets and the service on install, restart them after an upgrade,
# and stop them on removal, each only where systemd runs.
scripts="$stubs/control"
dpkg-deb -e "$deb" "$scripts"
grep -q '_dh_action=restart' "$scripts/postinst" || fail "postinst does not restart the service after an upgrade"
grep -q "deb-systemd-invoke \$_dh_action .*'quakesd.service'" "$scripts/postinst" \
  || fail "postinst does not start or restart quakesd.service"
grep -q "deb-systemd-invoke stop .*'quakesd.service'" "$scripts/prerm" || fail "prerm does not stop quakesd.service"
grep -q '\[ -d /run/systemd/system \]' "$scripts/postinst" || fail "postinst starts units without systemd"
grep -q 'systemd-sysusers' "$scripts/postinst" || fail "postinst does not make the group"

mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/var/lib/dpkg/triggers"
touch "$root/var/lib/dpkg/status" "$root/var/lib/dpkg/available"
dpkg_root() {
  PATH="$stubs:$PATH" dpkg --root="$root" --log=/dev/null --force-script-chrootless --force-depends \
    $([ "$(id -u)" = 0 ] || echo --force-not-root) "$@"
}

echo "deb-test: dpkg -i into $root"
dpkg_root -i "$deb" || fail "dpkg -i"

for path in \
  usr/sbin/quakesd usr/bin/quakectl \
  lib/systemd/system/quakesd.service lib/systemd/system/quakesd.socket lib/systemd/system/quakesd-query.socket \
  usr/lib/sysusers.d/quakesd.conf etc/quakesd/quakesd.conf \
  usr/share/man/man8/quakesd.8.gz usr/share/man/man5/quakesd.conf.5.gz usr/share/man/man1/quakectl.1.gz \
  usr/share/bash-completion/completions/quakectl usr/share/zsh/vendor-completions/_quakectl \
  usr/share/fish/vendor_completions.d/quakectl.fish \
  usr/share/doc/quakesd/copyright usr/share/doc/quakesd/changelog.gz; do
  [ -f "$root/$path" ] || fail "/$path is not in the package"
done
grep -q '^ExecStart=/usr/sbin/quakesd$' "$root/lib/systemd/system/quakesd.service" \
  || fail "quakesd.service does not start /usr/sbin/quakesd"
# (Outputs are captured before they are matched: `grep -q` closing a pipe
# early would fail the step under pipefail.)
conffiles=$(dpkg-query --root="$root" -W -f='${Conffiles}\n' quakesd)
[[ $conffiles == *"/etc/quakesd/quakesd.conf"* ]] \
  || fail "/etc/quakesd/quakesd.conf is not a conffile"
if grep -v '^#' "$root/etc/quakesd/quakesd.conf" | grep '[^[:space:]]' >/dev/null; then
  fail "/etc/quakesd/quakesd.conf sets a key; every key must be commented out"
fi
grep -q '^quakes:' "$root/etc/group" || fail "the group quakes was not made"
for unit in quakesd.service quakesd.socket quakesd-query.socket; do
  [ -n "$(find "$root/etc/systemd/system" -name "$unit")" ] || fail "$unit was not enabled"
done

echo "deb-test: the installed programs"
installed_version=$("$root/usr/sbin/quakesd" --version)
[ "$installed_version" = "quakesd $version" ] || [ "$installed_version" = "$version" ] \
  || fail "quakesd --version says '$installed_version', not $version"
"$root/usr/sbin/quakesd" --check-config --config "$root/etc/quakesd/quakesd.conf" \
  || fail "quakesd --check-config rejects the installed configuration"
if [ -L "$root/usr/bin/quakectl" ]; then fail "/usr/bin/quakectl is a link; it is a program of its own"; fi
# quakectl is cheap to start because it loads no more than the C library needs.
if ldd "$root/usr/bin/quakectl" | grep -E 'libcurl|libsqlite3|libsystemd'; then
  fail "quakectl links a library only quakesd uses"
fi
help=$("$root/usr/bin/quakectl" --help)
[[ $help == *"USAGE: quakectl"* ]] || fail "quakectl --help does not show quakectl's help"
[[ $("$root/usr/bin/quakectl" --version) == "quakectl $version "* ]] || fail "quakectl --version"
# The Swift runtime is linked in: nothing from a toolchain may be needed.
if ldd "$root/usr/sbin/quakesd" "$root/usr/bin/quakectl" | grep -E 'libswift|libFoundation|libdispatch|not found'; then
  fail "a binary needs a library from the Swift toolchain"
fi

echo "deb-test: upgrade (the package over itself) keeps the cache and a changed configuration"
mkdir -p "$root/var/lib/private/quakesd"
echo "not really a database" >"$root/var/lib/private/quakesd/quakes.sqlite"
ln -s private/quakesd "$root/var/lib/quakesd"
echo "# changed by the operator" >>"$root/etc/quakesd/quakesd.conf"
dpkg_root -i "$deb" || fail "dpkg -i over the installed package"
[ -f "$root/var/lib/quakesd/quakes.sqlite" ] || fail "the upgrade lost the cache"
[[ $(tail -n 1 "$root/etc/quakesd/quakesd.conf") == "# changed by the operator" ]] \
  || fail "the upgrade replaced the operator's configuration"

echo "deb-test: dpkg --purge (with the cache in the state directory, as systemd makes it)"
dpkg_root --purge quakesd || fail "dpkg --purge"
# What may stay: dpkg's database; the group, since Debian removes no system
# user or group on purge (files may still belong to it; here
# systemd-sysusers made the root's user and group files, and their lock);
# and empty directories that are systemd's on any real system
# (/etc/systemd/system, /var/lib/private for every DynamicUser= service,
# /var/lib/systemd, where deb-systemd-helper kept its
# state). Anything else was left behind by the package.
allowed_files='^\./(etc/(group|gshadow|passwd|shadow|\.pwd\.lock)|var/lib/dpkg/.*)$'
allowed_directories='^\./(etc|var|var/lib|var/lib/private|var/lib/dpkg(/.*)?|etc/systemd(/.*)?|var/lib/systemd(/.*)?)$'
left=$(cd "$root" && { find . ! -type d | grep -Ev "$allowed_files"; find . -mindepth 1 -type d | grep -Ev "$allowed_directories"; } || true)
[ -z "$left" ] || fail "purge left these behind: $left"
echo "deb-test: passed ($(du -h "$deb" | cut -f1) package)"
