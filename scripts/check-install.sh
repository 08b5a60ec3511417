#!/usr/bin/env bash
# check-install.sh: what a Go user does with satsolve works from a clean
# checkout.
#  1. go install ./cmd/satsolve puts a working binary in GOBIN.
#  2. A program in another module (testdata/consumer) imports .../sat and
#     .../encode through a go.work that uses this checkout, builds, vets
#     and runs.
# Called by .ci/run; needs only Go.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== go install ./cmd/satsolve"
(cd "$repo" && GOBIN="$tmp/bin" go install ./cmd/satsolve)
"$tmp/bin/satsolve" version
code=0
"$tmp/bin/satsolve" solve --no-model "$repo/testdata/examples/uf20-01.cnf" >/dev/null || code=$?
[ "$code" -eq 10 ] || { echo "installed satsolve solve: exit $code, want 10"; exit 1; }

echo "== importing sat and encode from another module (go.work)"
cp -r "$repo/testdata/consumer" "$tmp/consumer"
cat > "$tmp/go.work" <<WORK
go 1.26

use (
	./consumer
	$repo
)
WORK
(cd "$tmp/consumer" && go vet . && go run .)
