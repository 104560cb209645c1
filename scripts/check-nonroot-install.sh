#!/usr/bin/env bash
# Checks install-deps.sh the way a newcomer without root runs it: as a user
# with sudo rights under Debian's default sudoers (env_reset), with stdin not
# a terminal, as CI or a pipe would. Run it as root on a Debian 12 machine
# (it is not part of ctest: it creates users and installs a package).
#
# What it checks:
#   1. with sudo rights, a missing package is installed unattended, and
#      dpkg runs with DEBIAN_FRONTEND=noninteractive (an apt hook records
#      the environment dpkg is started with);
#   2. without sudo rights, the script stops with status 1 and prints a
#      ready apt-get line and that the user must be allowed to use sudo.
#
# The package installed is HCL_CHECK_PACKAGE (default `hello`, 280 kB); it
# must not be installed already, and it is purged at the end. sudo itself is
# installed if missing (and left installed). The two users and the hook are
# removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

if [ "$(id -u)" -ne 0 ]; then
  echo "check-nonroot-install: run as root (it creates users)" >&2
  exit 2
fi
package=${HCL_CHECK_PACKAGE:-hello}
if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
  echo "check-nonroot-install: $package is installed already; choose another" \
       "missing package with HCL_CHECK_PACKAGE" >&2
  exit 2
fi
if ! command -v sudo >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends sudo
fi
grep -q '^Defaults[[:space:]]*env_reset' /etc/sudoers ||
  echo "check-nonroot-install: note: /etc/sudoers has no env_reset default" >&2

with_sudo=hcl-check-sudo
without_sudo=hcl-check-nosudo
hook=/etc/apt/apt.conf.d/99hcl-check-nonroot
record=$(mktemp)
chmod 666 "$record"
cleanup() {
  rm -f "$hook" "/etc/sudoers.d/$with_sudo" "$record"
  userdel -r "$with_sudo" 2>/dev/null || true
  userdel -r "$without_sudo" 2>/dev/null || true
  if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -q "$package" >/dev/null
  fi
}
trap cleanup EXIT

for user in "$with_sudo" "$without_sudo"; do
  id "$user" >/dev/null 2>&1 || useradd -m -s /bin/bash "$user"
done
echo "$with_sudo ALL=(ALL) NOPASSWD: ALL" > "/etc/sudoers.d/$with_sudo"
chmod 440 "/etc/sudoers.d/$with_sudo"
# Records the environment dpkg sees; only while this check runs.
echo "DPkg::Pre-Invoke { \"echo DEBIAN_FRONTEND=\$DEBIAN_FRONTEND >> $record\"; };" > "$hook"

fail=0
echo "== 1. $with_sudo (sudo rights, env_reset), stdin not a terminal"
# env -i: a login's environment, not root's (which may carry DEBIAN_FRONTEND).
out=$(timeout 900 runuser -u "$with_sudo" -- env -i PATH=/usr/bin:/bin \
  HOME="/home/$with_sudo" HCL_EXTRA_PACKAGES="$package" \
  bash "$repo/scripts/install-deps.sh" </dev/null 2>&1) && status=0 || status=$?
echo "$out" | grep -E '^hcl:|^E:' || true
if [ $status -ne 0 ]; then
  echo "FAIL: install-deps.sh exited with $status"; fail=1
elif ! dpkg-query -W -f='${Status}' "$package" | grep -q "install ok installed"; then
  echo "FAIL: $package was not installed"; fail=1
elif ! grep -qx 'DEBIAN_FRONTEND=noninteractive' "$record"; then
  echo "FAIL: dpkg ran with $(sort -u "$record" | tr '\n' ' ')"; fail=1
else
  echo "ok: $package installed through sudo; dpkg saw $(sort -u "$record")"
fi

DEBIAN_FRONTEND=noninteractive apt-get purge -y -q "$package" >/dev/null
echo "== 2. $without_sudo (no sudo rights), stdin not a terminal"
out=$(timeout 60 runuser -u "$without_sudo" -- env -i PATH=/usr/bin:/bin \
  HOME="/home/$without_sudo" HCL_EXTRA_PACKAGES="$package" \
  bash "$repo/scripts/install-deps.sh" </dev/null 2>&1) && status=0 || status=$?
echo "$out"
if [ $status -ne 1 ]; then
  echo "FAIL: expected status 1, got $status"; fail=1
elif ! echo "$out" | grep -q "apt-get install -y --no-install-recommends $package"; then
  echo "FAIL: no ready apt-get install line"; fail=1
elif ! echo "$out" | grep -q "allowed to use sudo"; then
  echo "FAIL: does not say the user must be allowed to use sudo"; fail=1
else
  echo "ok: stops with a ready apt-get line"
fi

[ $fail -eq 0 ] && echo "check-nonroot-install: OK" || echo "check-nonroot-install: FAILED"
exit $fail
