#!/bin/sh
# run-cube.sh N: solve cube N (from 0) of cubes.icnf and write the answer to
# results/N.json, the JSON of 'satsolve solve --cube N --json'. Written by
# satsolve cube --jobs; parallel.sh, slurm.sh and job.yaml call it once per
# cube. SATSOLVE names the satsolve binary (default: satsolve on PATH).
# Every answer, UNKNOWN included, exits 0; a failure exits with satsolve's
# status and leaves no result. A cube already answered is skipped, so a
# rerun only solves what is missing or UNKNOWN.
set -u
dir=$(cd "$(dirname "$0")" && pwd)
i=${1:?usage: run-cube.sh CUBE}
out="$dir/results/$i.json"
if [ -s "$out" ] && ! grep -q '"status": "UNKNOWN"' "$out"; then
	exit 0
fi
mkdir -p "$dir/results"
tmp="$out.part.$$"
"${SATSOLVE:-satsolve}" solve --cube "$i" --json --backend 'gini' "$dir/cubes.icnf" >"$tmp"
status=$?
case $status in
0 | 10 | 20) mv -f "$tmp" "$out" ;;
*)
	rm -f "$tmp"
	exit "$status"
	;;
esac
