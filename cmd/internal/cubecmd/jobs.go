package cubecmd

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/cli"
)

// The jobs directory of satsolve cube --jobs DIR. Every runner calls the
// same script, run-cube.sh N, which solves cube N with "satsolve solve
// --cube N --json" and moves the JSON into results/N.json only once it is
// complete, so a killed job leaves no result, and exits 0 for every answer
// (SAT, UNSAT and UNKNOWN alike: a job runner would count 10 and 20 as
// failures and retry them). The runner files differ only in how they hand
// out N:
//
//	parallel.sh  seq 0 N-1 | parallel run-cube.sh {}
//	slurm.sh     #SBATCH --array=0-(N-1), N = $SLURM_ARRAY_TASK_ID
//	job.yaml     a Kubernetes Job with completionMode: Indexed,
//	             N = $(JOB_COMPLETION_INDEX)

// The file names of a jobs directory.
const (
	icnfName    = "cubes.icnf"
	runName     = "run-cube.sh"
	resultsName = "results"
)

// jobSpec is what the job files need to know.
type jobSpec struct {
	cubes   int
	backend string
	timeout time.Duration
	proofs  bool // write results/N.drat for an UNSAT cube
}

// jobFile is one file of a jobs directory.
type jobFile struct {
	name string
	data []byte
	mode os.FileMode
}

// checkJobsDir refuses a jobs directory that holds anything already, so
// that results of two splits never mix.
func checkJobsDir(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case os.IsNotExist(err):
		return nil
	case err != nil:
		return err
	case len(entries) > 0:
		return fmt.Errorf("%s: the jobs directory must not exist or be empty (it holds %s)", dir, entries[0].Name())
	}
	return nil
}

// writeJobs writes the jobs directory dir: the iCNF (by writeICNF), the
// scripts and an empty results directory. It builds the directory beside
// dir and renames it into place, so a failure leaves nothing behind.
func writeJobs(dir string, spec jobSpec, writeICNF func(io.Writer) error) (err error) {
	parent := filepath.Dir(filepath.Clean(dir))
	cli.HoldSignals() // a signal must end the command, which removes tmp
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	var icnf bytes.Buffer
	if err := writeICNF(&icnf); err != nil {
		return err
	}
	files := []jobFile{
		{icnfName, icnf.Bytes(), 0o644},
		{runName, []byte(runScript(spec)), 0o755},
	}
	if spec.cubes > 0 {
		// No cube, nothing to run: an array of none is not valid.
		files = append(files,
			jobFile{"parallel.sh", []byte(parallelScript(spec)), 0o755},
			jobFile{"slurm.sh", []byte(slurmScript(spec)), 0o755},
			jobFile{"job.yaml", []byte(kubernetesJob(spec)), 0o644})
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(tmp, f.name), f.data, f.mode); err != nil {
			return err
		}
	}
	for _, d := range []string{resultsName, "logs"} {
		if err := os.Mkdir(filepath.Join(tmp, d), 0o755); err != nil {
			return err
		}
	}
	if err := os.Remove(dir); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("%s: %w", dir, err)
	}
	return os.Rename(tmp, dir)
}

// shellQuote quotes s for sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// runScript returns run-cube.sh.
func runScript(spec jobSpec) string {
	solve := "\"${SATSOLVE:-satsolve}\" solve --cube \"$i\" --json --backend " + shellQuote(spec.backend)
	if spec.timeout > 0 {
		solve += " --timeout " + spec.timeout.String()
	}
	proofNote, keepProof := "", ""
	if spec.proofs {
		solve += ` --proof "$tmp.drat"`
		proofNote = `
# An UNSAT answer comes with results/N.drat, the DRAT proof refuting the
# formula and the cube, moved into place before the JSON (cubes collect
# --proof combines them).`
		keepProof = `
if [ "$status" = 20 ]; then
	mv -f "$tmp.drat" "$dir/results/$i.drat" || exit 1
else
	rm -f "$tmp.drat"
fi`
	}
	return `#!/bin/sh
# run-cube.sh N: solve cube N (from 0) of cubes.icnf and write the answer to
# results/N.json, the JSON of 'satsolve solve --cube N --json'. Written by
# satsolve cube --jobs; parallel.sh, slurm.sh and job.yaml call it once per
# cube. SATSOLVE names the satsolve binary (default: satsolve on PATH).
# Every answer, UNKNOWN included, exits 0; a failure exits with satsolve's
# status and leaves no result. A cube already answered is skipped, so a
# rerun only solves what is missing or UNKNOWN.` + proofNote + `
set -u
dir=$(cd "$(dirname "$0")" && pwd)
i=${1:?usage: run-cube.sh CUBE}
out="$dir/results/$i.json"
if [ -s "$out" ] && ! grep -q '"status": "UNKNOWN"' "$out"; then
	exit 0
fi
mkdir -p "$dir/results"
tmp="$out.part.$$"
` + solve + ` "$dir/cubes.icnf" >"$tmp"
status=$?` + keepProof + `
case $status in
0 | 10 | 20) mv -f "$tmp" "$out" ;;
*)
	rm -f "$tmp"
	exit "$status"
	;;
esac
`
}

// parallelScript returns parallel.sh, the GNU parallel command line.
func parallelScript(spec jobSpec) string {
	return fmt.Sprintf(`#!/bin/sh
# parallel.sh [PARALLEL OPTIONS]: solve the %d cubes with GNU parallel, one
# job per core by default. Options go to parallel: -j 8, or
# --sshloginfile HOSTS to spread the jobs over machines that see this
# directory at the same path and have satsolve on PATH. Then:
#   satsolve cubes collect DIR
dir=$(cd "$(dirname "$0")" && pwd)
seq 0 %d | parallel --will-cite "$@" "$dir/run-cube.sh" {}
`, spec.cubes, spec.cubes-1)
}

// slurmScript returns slurm.sh, a Slurm job array over the cubes.
func slurmScript(spec jobSpec) string {
	limit := ""
	if spec.timeout > 0 {
		// The solver stops itself at the limit; leave a minute to
		// start and write the result.
		limit = "#SBATCH --time=" + slurmTime(spec.timeout+time.Minute) + "\n"
	}
	return fmt.Sprintf(`#!/bin/sh
#SBATCH --job-name=satsolve-cubes
#SBATCH --array=0-%d
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --output=logs/cube-%%a.out
%s# slurm.sh: one array task per cube (%d cubes). Submit it from this
# directory, which every node must see:
#   cd DIR && sbatch slurm.sh
# (clusters cap array sizes at MaxArraySize, often 1001; add %%K to the
# --array range to run at most K cubes at once). Then:
#   satsolve cubes collect DIR
exec sh "${SLURM_SUBMIT_DIR:?submit with sbatch from the jobs directory}/run-cube.sh" "${SLURM_ARRAY_TASK_ID:?not a Slurm array task}"
`, spec.cubes-1, limit, spec.cubes)
}

// slurmTime formats d, rounded up to a second, as Slurm's --time takes
// it: hours:minutes:seconds, or days-hours:minutes:seconds from a day.
func slurmTime(d time.Duration) string {
	s := int64((d + time.Second - 1) / time.Second)
	hms := fmt.Sprintf("%02d:%02d:%02d", s/3600%24, s/60%60, s%60)
	if days := s / 86400; days > 0 {
		return fmt.Sprintf("%d-%s", days, hms)
	}
	return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
}

// kubernetesMount is where job.yaml mounts the jobs directory.
const kubernetesMount = "/cubes"

// kubernetesJob returns job.yaml, a Kubernetes indexed Job over the cubes.
func kubernetesJob(spec jobSpec) string {
	return fmt.Sprintf(`# job.yaml: a Kubernetes indexed Job solving the %d cubes of cubes.icnf,
# one pod per cube, the cube's number from JOB_COMPLETION_INDEX. Before
# applying it, put this directory on a volume every pod can write (the
# ReadWriteMany PersistentVolumeClaim named below) and set the image to one
# with satsolve on PATH. Then:
#   kubectl apply -f job.yaml
#   kubectl wait --for=condition=complete job/satsolve-cubes
#   satsolve cubes collect DIR
apiVersion: batch/v1
kind: Job
metadata:
  name: satsolve-cubes
spec:
  completionMode: Indexed
  completions: %d
  parallelism: %d
  backoffLimit: %d
  template:
    spec:
      restartPolicy: Never
      containers:
        - name: cube
          image: satsolve:latest
          command: ["sh", "%s/run-cube.sh", "$(JOB_COMPLETION_INDEX)"]
          resources:
            requests:
              cpu: "1"
          volumeMounts:
            - name: cubes
              mountPath: %s
      volumes:
        - name: cubes
          persistentVolumeClaim:
            claimName: satsolve-cubes
`, spec.cubes, spec.cubes, min(spec.cubes, 100), max(6, spec.cubes/10), kubernetesMount, kubernetesMount)
}
