#!/usr/bin/env bash
# install-gecode.sh [DIR]
#
# Installs what benchmarks/fznbench compares satsolve with: Debian's
# MiniZinc and Gecode's FlatZinc interpreter (packages minizinc and
# libgecodeflatzinc49), and the copy of Gecode's MiniZinc library that
# works with Debian's MiniZinc 2.6.4 (Debian ships Gecode 6.2.0's library
# in the pre-2.3 layout, which fails on every model that includes
# globals.mzn): ../shared/tools/gecode-fix.sh builds it into DIR
# (default ~/.cache/satsolve/gecodefix), with its solver configuration
# DIR/solvers/gecodefix.msc (id org.gecode.gecodefix). Only the benchmark
# uses Gecode; the tests need MiniZinc alone (scripts/install-tools.sh).
# Safe to run repeatedly.
set -u
dir=${1:-$HOME/.cache/satsolve/gecodefix}
here=$(cd "$(dirname "$0")" && pwd)
fix=$here/../../shared/tools/gecode-fix.sh

missing=""
for p in minizinc libgecodeflatzinc49; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
      echo "install-gecode: not root and no sudo; cannot install:$missing" >&2; exit 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >/dev/null 2>&1 || echo "install-gecode: apt-get update failed" >&2
  # shellcheck disable=SC2086
  $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null 2>&1 ||
    { echo "install-gecode: apt-get install failed for:$missing" >&2; exit 1; }
fi
[ -x "$fix" ] || [ -f "$fix" ] || { echo "install-gecode: $fix missing (the shared tools beside the repository)" >&2; exit 1; }
sh "$fix" "$dir"
