#!/bin/sh
# Installs, with apt-get, those of the Debian packages named that are not installed yet (sudo unless root); says which.
# `make deps` and `make package-test` use it, so a fresh Debian machine needs nothing done by hand.
set -eu
missing=""
for p in "$@"; do dpkg -s "$p" > /dev/null 2>&1 || missing="$missing $p"; done
[ -n "$missing" ] || exit 0
echo "installing:$missing"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
$SUDO apt-get update
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends $missing
