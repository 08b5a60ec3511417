package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/satfile"
	"github.com/satsolve/satsolve/sat/sattest"
)

// asOwnBinary, set to 1 in the environment, makes the test binary run as
// satsolve (see TestMain).
const asOwnBinary = "SATSOLVE_TEST_AS_BINARY"

// jobsCase is one instance the job files are tested on.
type jobsCase struct {
	name string
	file string
	want int // exit status of cubes collect
}

// jobsCases are a pigeon-hole file (UNSAT), a SATLIB file (SAT) and random
// 3-SAT at the threshold, written to dir.
func jobsCases(t *testing.T, dir string) []jobsCase {
	f := sattest.RandomKSAT(5, 100, 426, 3)
	random := filepath.Join(dir, "random.cnf")
	out, err := os.Create(random)
	if err != nil {
		t.Fatal(err)
	}
	if err := satfile.WriteCNF(out, f); err != nil {
		t.Fatal(err)
	}
	out.Close()
	want := 20
	if solvable(t, random) {
		want = 10
	}
	return []jobsCase{
		{"hole7", fixture("cnf", "hole", "hole7.cnf"), 20},
		{"uf20", fixture("examples", "uf20-01.cnf"), 10},
		{"random", random, want},
	}
}

// solvable solves a file with satsolve solve.
func solvable(t *testing.T, path string) bool {
	code, _, errOut := clitest.Run(t, inProcess, "", "solve", "--backend", "gini", "--no-model", path)
	if code != 10 && code != 20 {
		t.Fatalf("solve %s: exit %d %s", path, code, errOut)
	}
	return code == 10
}

// binaryEnv is the environment in which the job files run this test
// binary as satsolve.
func binaryEnv(t *testing.T) []string {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return append(os.Environ(), "SATSOLVE="+self, asOwnBinary+"=1")
}

// collect runs satsolve cubes collect on dir and checks the answer: the
// exit status, every cube answered, and a SAT model against the formula.
func collect(t *testing.T, c jobsCase, dir string) {
	t.Helper()
	code, out, errOut := clitest.Run(t, inProcess, "", "cubes", "collect", dir)
	if code != c.want {
		t.Fatalf("%s: collect: exit %d, want %d\n%s%s", c.name, code, c.want, out, errOut)
	}
	if c.want == 20 && !strings.Contains(out, "c all ") {
		t.Fatalf("%s: %s", c.name, out)
	}
	if c.want == 10 {
		p, err := satfile.ReadFile(c.file, satfile.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var m sat.Assignment
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "v ") {
				for _, tok := range strings.Fields(line[2:]) {
					if n, _ := strconv.Atoi(tok); n != 0 {
						m = m.Set(sat.Lit(n))
					}
				}
			}
		}
		if err := p.Formula.Check(m); err != nil {
			t.Fatalf("%s: collected model: %v\n%s", c.name, err, out)
		}
	}
}

// makeJobs splits c into a fresh jobs directory and returns it with its
// number of cubes.
func makeJobs(t *testing.T, c jobsCase, parent string) (string, int) {
	t.Helper()
	dir := filepath.Join(parent, c.name)
	code, _, errOut := clitest.Run(t, inProcess, "", "cube", "--cubes", "8", "--jobs", dir, "--backend", "gini", c.file)
	if code != 0 {
		t.Fatalf("%s: cube --jobs: exit %d %s", c.name, code, errOut)
	}
	x, err := satfile.ReadICNFFile(filepath.Join(dir, "cubes.icnf"))
	if err != nil {
		t.Fatal(err)
	}
	return dir, len(x.Cubes)
}

// TestJobsGNUParallel runs the generated GNU parallel job file with Debian's
// parallel (scripts/install-tools.sh installs it) on this machine, this
// test binary standing in for satsolve, and checks the collected answer.
func TestJobsGNUParallel(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (end-to-end jobs): skipped by go test -short; go test ./... runs it")
	}
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skip("GNU parallel is not on PATH (scripts/install-tools.sh installs it)")
	}
	tmp := t.TempDir()
	for _, c := range jobsCases(t, tmp) {
		dir, n := makeJobs(t, c, tmp)
		cmd := exec.Command("sh", filepath.Join(dir, "parallel.sh"), "-j", "2")
		cmd.Env = binaryEnv(t)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: parallel.sh: %v\n%s", c.name, err, out)
		}
		results, _ := filepath.Glob(filepath.Join(dir, "results", "*.json"))
		if len(results) != n {
			t.Fatalf("%s: %d result files for %d cubes", c.name, len(results), n)
		}
		collect(t, c, dir)
		// A rerun skips what is answered: removing one result and
		// running again restores exactly it.
		os.Remove(results[0])
		cmd = exec.Command("sh", filepath.Join(dir, "parallel.sh"), "-j", "2")
		cmd.Env = binaryEnv(t)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: rerun: %v\n%s", c.name, err, out)
		}
		collect(t, c, dir)
	}
}

// TestJobsGNUParallelProofs runs jobs written with --job-proofs under GNU
// parallel: every UNSAT cube leaves its DRAT proof, cubes collect --proof
// combines them into one certificate of the whole formula and checks it,
// satsolve check verifies the certificate against the original file, and
// a missing cube proof is an error, not an UNSAT answer.
func TestJobsGNUParallelProofs(t *testing.T) {
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skip("GNU parallel is not on PATH (scripts/install-tools.sh installs it)")
	}
	tmp := t.TempDir()
	c := jobsCases(t, tmp)[0] // hole7, UNSAT
	dir := filepath.Join(tmp, "jobs")
	if code, _, errOut := clitest.Run(t, inProcess, "", "cube", "--cubes", "8", "--jobs", dir, "--job-proofs", c.file); code != 0 {
		t.Fatalf("cube --jobs --job-proofs: exit %d %s", code, errOut)
	}
	cmd := exec.Command("sh", filepath.Join(dir, "parallel.sh"), "-j", "2")
	cmd.Env = binaryEnv(t)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("parallel.sh: %v\n%s", err, out)
	}
	cert := filepath.Join(tmp, "all.drat")
	code, out, errOut := clitest.Run(t, inProcess, "", "cubes", "collect", "--proof", cert, dir)
	if code != 20 || !strings.Contains(out, "verified by the DRAT checker") {
		t.Fatalf("collect --proof: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := clitest.Run(t, inProcess, "", "check", c.file, cert); code != 0 || !strings.Contains(out, "s VERIFIED") {
		t.Fatalf("check %s: exit %d\n%s%s", cert, code, out, errOut)
	}
	proofs, _ := filepath.Glob(filepath.Join(dir, "results", "*.drat"))
	if len(proofs) == 0 {
		t.Fatal("no cube proofs")
	}
	os.Remove(proofs[0])
	if code, out, _ := clitest.Run(t, inProcess, "", "cubes", "collect", "--proof", filepath.Join(tmp, "again.drat"), dir); code != 1 || strings.Contains(out, "s UNSATISFIABLE") {
		t.Fatalf("collect --proof without %s: exit %d\n%s", proofs[0], code, out)
	}
}

// fakeSSH is an ssh stand-in for GNU parallel's --ssh: it logs the host
// to $FAKESSH_LOG and runs the command here, from /, as ssh would run it
// in the remote user's home directory. Like sshd it sets SHELL (to the
// login shell; /bin/sh stands in): parallel's remote wrapper runs the job
// with $SHELL and, with SHELL unset, runs nothing yet exits 0, as a CI
// machine without SHELL in its environment showed.
const fakeSSH = `#!/bin/sh
export SHELL=/bin/sh
while [ $# -gt 0 ]; do
	case $1 in
	-l | -p | -o | -i | -S) shift 2 ;;
	-*) shift ;;
	*) break ;;
	esac
done
echo "$1" >>"$FAKESSH_LOG"
shift
[ "${1-}" = -- ] && shift
cd / && exec sh -c "$*"
`

// TestJobsGNUParallelSSH runs parallel.sh with --sshlogin over two hosts,
// parallel's ssh being a stand-in that runs the command here (no ssh
// server runs on a test machine): the command line parallel quotes and
// ships to the hosts (its remote Perl wrapper included) solves every cube
// from another working directory, both hosts take jobs, and the collected
// answer is right.
func TestJobsGNUParallelSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (end-to-end jobs): skipped by go test -short; go test ./... runs it")
	}
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skip("GNU parallel is not on PATH (scripts/install-tools.sh installs it)")
	}
	tmp := t.TempDir()
	ssh := filepath.Join(tmp, "fakessh")
	if err := os.WriteFile(ssh, []byte(fakeSSH), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range jobsCases(t, tmp)[:2] {
		dir, n := makeJobs(t, c, tmp)
		log := filepath.Join(tmp, c.name+".hosts")
		cmd := exec.Command("sh", filepath.Join(dir, "parallel.sh"), "--ssh", ssh, "--sshlogin", "1/hostA,1/hostB")
		cmd.Env = append(binaryEnv(t), "FAKESSH_LOG="+log)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: parallel.sh over ssh: %v\n%s", c.name, err, out)
		}
		hosts, _ := os.ReadFile(log)
		if a, b := strings.Count(string(hosts), "hostA\n"), strings.Count(string(hosts), "hostB\n"); a+b < n || a == 0 || b == 0 {
			t.Fatalf("%s: %d cubes, ssh to hostA %d times, hostB %d times", c.name, n, a, b)
		}
		results, _ := filepath.Glob(filepath.Join(dir, "results", "*.json"))
		if len(results) != n {
			t.Fatalf("%s: %d result files for %d cubes", c.name, len(results), n)
		}
		collect(t, c, dir)
	}
}

// TestJobsSlurmAndKubernetes runs the Slurm array script and the command of
// the Kubernetes indexed Job as their runners would, one index at a time
// (SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX), and checks the array bounds
// they declare and the collected answer.
func TestJobsSlurmAndKubernetes(t *testing.T) {
	tmp := t.TempDir()
	for _, c := range jobsCases(t, tmp)[:2] {
		dir, n := makeJobs(t, c, tmp)
		slurm, _ := os.ReadFile(filepath.Join(dir, "slurm.sh"))
		if !strings.Contains(string(slurm), fmt.Sprintf("#SBATCH --array=0-%d\n", n-1)) {
			t.Fatalf("%s: slurm.sh lacks --array=0-%d:\n%s", c.name, n-1, slurm)
		}
		for i := range n {
			cmd := exec.Command("sh", filepath.Join(dir, "slurm.sh"))
			cmd.Dir = dir
			cmd.Env = append(binaryEnv(t), "SLURM_SUBMIT_DIR="+dir, fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", i))
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: slurm.sh task %d: %v\n%s", c.name, i, err, out)
			}
		}
		collect(t, c, dir)

		job, _ := os.ReadFile(filepath.Join(dir, "job.yaml"))
		for _, want := range []string{"completionMode: Indexed\n", fmt.Sprintf("completions: %d\n", n), "kind: Job\n", "restartPolicy: Never\n"} {
			if !strings.Contains(string(job), want) {
				t.Fatalf("%s: job.yaml lacks %q:\n%s", c.name, want, job)
			}
		}
		m := regexp.MustCompile(`command: \["sh", "([^"]+)", "\$\(JOB_COMPLETION_INDEX\)"\]`).FindStringSubmatch(string(job))
		mount := regexp.MustCompile(`mountPath: (\S+)`).FindStringSubmatch(string(job))
		if m == nil || mount == nil || !strings.HasPrefix(m[1], mount[1]+"/") {
			t.Fatalf("%s: job.yaml's command or mount not found:\n%s", c.name, job)
		}
		os.RemoveAll(filepath.Join(dir, "results"))
		script := filepath.Join(dir, strings.TrimPrefix(m[1], mount[1]+"/"))
		for i := range n {
			cmd := exec.Command("sh", script, strconv.Itoa(i))
			cmd.Env = append(binaryEnv(t), fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i))
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: job.yaml's command, index %d: %v\n%s", c.name, i, err, out)
			}
		}
		collect(t, c, dir)
	}
}
