#!/usr/bin/env bash
# Installs the reference SAT solvers from Debian's packages: the external
# backend's tests drive minisat and cadical, and the benchmarks compare
# against all four. Safe to run repeatedly. Where the machine cannot install
# (no root, no apt), it says so and exits 0: the tests that need a binary
# then report it missing and skip only that binary.
set -u
want="minisat cadical picosat cryptominisat"
missing=""
for p in $want; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
[ -z "$missing" ] && { echo "install-solvers: all present ($want)"; exit 0; }

SUDO=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "install-solvers: not root and no sudo; cannot install:$missing" >&2; exit 0
  fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-solvers: no apt-get; cannot install:$missing" >&2; exit 0
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null 2>&1 || echo "install-solvers: apt-get update failed" >&2
# shellcheck disable=SC2086
if ! $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null 2>&1; then
  echo "install-solvers: apt-get install failed for:$missing" >&2
fi
for b in minisat cadical picosat cryptominisat5; do
  printf 'install-solvers: %-15s %s\n' "$b" "$(command -v $b || echo missing)"
done
exit 0
