#!/bin/sh
#SBATCH --job-name=satsolve-cubes
#SBATCH --array=0-5
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --output=logs/cube-%a.out
# slurm.sh: one array task per cube (6 cubes). Submit it from this
# directory, which every node must see:
#   cd DIR && sbatch slurm.sh
# (clusters cap array sizes at MaxArraySize, often 1001; add %K to the
# --array range to run at most K cubes at once). Then:
#   satsolve cubes collect DIR
exec sh "${SLURM_SUBMIT_DIR:?submit with sbatch from the jobs directory}/run-cube.sh" "${SLURM_ARRAY_TASK_ID:?not a Slurm array task}"
