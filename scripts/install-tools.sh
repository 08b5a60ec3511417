#!/usr/bin/env bash
# Installs the tools the tests drive besides the SAT solvers, from Debian's
# packages: GNU parallel, which runs the job files of 'satsolve cube --jobs'
# in cmd/internal/cubecmd's end-to-end test, and MiniZinc, which runs
# satsolve as a MiniZinc solver in cmd/internal/fzncmd's. Safe to run
# repeatedly. Where the machine cannot install (no root, no apt), it says
# so and exits 0: the tests that need a tool then skip, saying which.
set -u
want="parallel minizinc"
missing=""
for p in $want; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
[ -z "$missing" ] && { echo "install-tools: all present ($want)"; exit 0; }

SUDO=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "install-tools: not root and no sudo; cannot install:$missing" >&2; exit 0
  fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-tools: no apt-get; cannot install:$missing" >&2; exit 0
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null 2>&1 || echo "install-tools: apt-get update failed" >&2
# shellcheck disable=SC2086
if ! $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null 2>&1; then
  echo "install-tools: apt-get install failed for:$missing" >&2
fi
printf 'install-tools: %-10s %s\n' parallel "$(command -v parallel || echo missing)"
printf 'install-tools: %-10s %s\n' minizinc "$(command -v minizinc || echo missing)"
exit 0
