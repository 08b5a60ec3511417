#!/bin/sh
# parallel.sh [PARALLEL OPTIONS]: solve the 6 cubes with GNU parallel, one
# job per core by default. Options go to parallel: -j 8, or
# --sshloginfile HOSTS to spread the jobs over machines that see this
# directory at the same path and have satsolve on PATH. Then:
#   satsolve cubes collect DIR
dir=$(cd "$(dirname "$0")" && pwd)
seq 0 5 | parallel --will-cite "$@" "$dir/run-cube.sh" {}
