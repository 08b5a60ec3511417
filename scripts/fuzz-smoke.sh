#!/usr/bin/env bash
# fuzz-smoke.sh: run every fuzz target of the module for a fixed budget.
# Targets are discovered with "go test -list", so a target any package
# adds is covered without editing this script. Minimisation of a new
# interesting input is capped at 1 s (Go's default of 60 s spends most of
# a short run minimising). A crash fails the script and leaves the input
# under the package's testdata/fuzz/, as go test -fuzz does.
#
# The budget is a count of executions ("20000x"), not a duration. Go
# 1.26's fuzz coordinator can report a spurious "context deadline
# exceeded" failure when a duration -fuzztime expires while a worker is
# mid-call on a loaded machine (golang/go#75804, fixed in Go 1.27); a
# count has no deadline to race. A duration ("3s") is still accepted.
#
# Usage: scripts/fuzz-smoke.sh [BUDGET-PER-TARGET] [PACKAGES...]
#   defaults: 20000x, ./...
set -euo pipefail
cd "$(dirname "$0")/.."
budget=${1:-20000x}
case "$budget" in
  *x|*s|*m) ;;
  *) budget="${budget}s" ;;
esac
shift || true
pkgs=("${@:-./...}")

targets=()
names=()
while read -r line; do
  case "$line" in
    Fuzz*) names+=("$line") ;;
    "ok "*)
      pkg=$(awk '{print $2}' <<<"$line")
      for n in "${names[@]}"; do targets+=("$pkg $n"); done
      names=() ;;
    *) names=() ;;
  esac
done < <(go test -list '^Fuzz' "${pkgs[@]}" 2>&1)

if [ ${#targets[@]} -eq 0 ]; then echo "fuzz-smoke: no fuzz targets found"; exit 1; fi
echo "fuzz-smoke: ${#targets[@]} targets, ${budget} each"
failed=0
for t in "${targets[@]}"; do
  read -r pkg name <<<"$t"
  echo "-- $pkg $name"
  if ! go test -run '^$' -fuzz "^${name}\$" -fuzztime "${budget}" -fuzzminimizetime 1s "$pkg" >/tmp/fuzz-smoke.$$ 2>&1; then
    cat /tmp/fuzz-smoke.$$
    failed=1
  else
    grep -E "elapsed: .*execs" /tmp/fuzz-smoke.$$ | tail -1 || true
  fi
done
rm -f /tmp/fuzz-smoke.$$
exit $failed
