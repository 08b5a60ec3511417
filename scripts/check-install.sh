#!/usr/bin/env bash
# check-install.sh: what a Go user does with satsolve works from a clean
# checkout.
#  1. go install ./cmd/... puts working satsolve, satsolve-serve and the
#     family commands' executables (satsolve-nonogram, ...) in GOBIN, and
#     satsolve serve, satsolve nonogram, ... reach them.
#  2. A program in another module (testdata/consumer) imports .../sat and
#     .../encode through a go.work that uses this checkout, builds, vets
#     and runs.
# Called by .ci/run; needs only Go.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== go install ./cmd/..."
(cd "$repo" && GOBIN="$tmp/bin" go install ./cmd/...)
siblings="serve compare nonogram chipfire game"
for b in satsolve $(printf 'satsolve-%s ' $siblings); do
	[ -x "$tmp/bin/$b" ] || { echo "go install ./cmd/... installed no $b"; exit 1; }
done
"$tmp/bin/satsolve" version
code=0
"$tmp/bin/satsolve" solve --no-model "$repo/testdata/examples/uf20-01.cnf" >/dev/null || code=$?
[ "$code" -eq 10 ] || { echo "installed satsolve solve: exit $code, want 10"; exit 1; }
# satsolve serve runs satsolve-serve (found beside satsolve, PATH emptied):
# its help, then a server for a moment, which prints the address it serves.
help=$(PATH="$tmp/empty" "$tmp/bin/satsolve" serve -h)
[[ "$help" == *max-jobs* ]] || { echo "satsolve serve -h did not reach satsolve-serve: $help"; exit 1; }
addr=$(PATH="$tmp/empty" "$tmp/bin/satsolve" serve --addr 127.0.0.1:0 --for 200ms 2>/dev/null)
[[ "$addr" == http://127.0.0.1:* ]] || { echo "satsolve serve printed '$addr', want its address"; exit 1; }
# Every other command another executable implements: its help through
# satsolve reads "satsolve NAME" (found beside satsolve, PATH emptied).
for s in $siblings; do
	help=$(PATH="$tmp/empty" "$tmp/bin/satsolve" "$s" -h)
	[[ "$help" == "usage: satsolve $s "* ]] || { echo "satsolve $s -h did not reach satsolve-$s: $help"; exit 1; }
done
out=$(PATH="$tmp/empty" "$tmp/bin/satsolve" nonogram solve "$repo/testdata/nonogram/snake.txt")
[[ "$out" == *"##..####...###.....#"* ]] || { echo "satsolve nonogram solve printed '$out', want the picture"; exit 1; }

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
