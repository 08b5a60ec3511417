package cubecmd

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// jobSpecs are the specs the job files are checked on: one cube, a few,
// more than a Kubernetes parallelism of 100, limits below a minute, of
// hours and of days, and a backend spec that needs quoting.
var jobSpecs = []jobSpec{
	{cubes: 1, backend: "gini"},
	{cubes: 8, backend: "cdcl", timeout: 30 * time.Second},
	{cubes: 150, backend: "portfolio:gini,walk", timeout: 90 * time.Minute},
	{cubes: 5000, backend: "it's", timeout: 49*time.Hour + 1500*time.Millisecond},
	{cubes: 3, backend: "cdcl", proofs: true},
}

// TestJobFilesParse checks that sh parses every script of the job files.
func TestJobFilesParse(t *testing.T) {
	shells := []string{"sh"}
	if _, err := exec.LookPath("bash"); err == nil {
		shells = append(shells, "bash")
	}
	for _, spec := range jobSpecs {
		for name, text := range map[string]string{
			"run-cube.sh": runScript(spec), "parallel.sh": parallelScript(spec), "slurm.sh": slurmScript(spec),
		} {
			path := filepath.Join(t.TempDir(), name)
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, sh := range shells {
				if out, err := exec.Command(sh, "-n", path).CombinedOutput(); err != nil {
					t.Errorf("%d cubes: %s -n %s: %v\n%s\n%s", spec.cubes, sh, name, err, out, text)
				}
			}
		}
		if !strings.Contains(runScript(spec), " --backend "+shellQuote(spec.backend)+" ") {
			t.Errorf("run-cube.sh does not pass --backend %s:\n%s", shellQuote(spec.backend), runScript(spec))
		}
		if want := fmt.Sprintf("seq 0 %d | parallel", spec.cubes-1); !strings.Contains(parallelScript(spec), want) {
			t.Errorf("parallel.sh lacks %q:\n%s", want, parallelScript(spec))
		}
	}
}

// checkKubernetesJob decodes job.yaml strictly into the Kubernetes API's
// own Job type (an unknown field or a value of the wrong type is an
// error, as kubectl apply --validate=strict makes it) and checks what an
// indexed Job over n cubes needs and the API server would refuse without.
func checkKubernetesJob(text string, n int) error {
	var job batchv1.Job
	if err := yaml.UnmarshalStrict([]byte(text), &job); err != nil {
		return err
	}
	s := job.Spec
	switch {
	case job.APIVersion != "batch/v1" || job.Kind != "Job":
		return fmt.Errorf("apiVersion %q, kind %q", job.APIVersion, job.Kind)
	case !regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`).MatchString(job.Name) || len(job.Name) > 63:
		return fmt.Errorf("name %q is not a DNS label", job.Name)
	case s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion:
		return fmt.Errorf("completionMode is not Indexed")
	case s.Completions == nil || int(*s.Completions) != n:
		return fmt.Errorf("completions %v, want %d", s.Completions, n)
	case s.Parallelism == nil || *s.Parallelism < 1 || *s.Parallelism > *s.Completions:
		return fmt.Errorf("parallelism %v out of 1..%d", s.Parallelism, n)
	case s.BackoffLimit == nil || *s.BackoffLimit < 0:
		return fmt.Errorf("backoffLimit %v", s.BackoffLimit)
	case s.Template.Spec.RestartPolicy != corev1.RestartPolicyNever && s.Template.Spec.RestartPolicy != corev1.RestartPolicyOnFailure:
		return fmt.Errorf("restartPolicy %q (a Job's must be Never or OnFailure)", s.Template.Spec.RestartPolicy)
	case len(s.Template.Spec.Containers) != 1:
		return fmt.Errorf("%d containers", len(s.Template.Spec.Containers))
	}
	c := s.Template.Spec.Containers[0]
	if c.Image == "" || c.Name == "" {
		return fmt.Errorf("container name %q, image %q", c.Name, c.Image)
	}
	if len(c.Command) != 3 || c.Command[0] != "sh" || c.Command[2] != "$(JOB_COMPLETION_INDEX)" {
		return fmt.Errorf("command %q: want sh SCRIPT $(JOB_COMPLETION_INDEX)", c.Command)
	}
	volumes := map[string]corev1.Volume{}
	for _, v := range s.Template.Spec.Volumes {
		volumes[v.Name] = v
	}
	for _, m := range c.VolumeMounts {
		v, ok := volumes[m.Name]
		if !ok {
			return fmt.Errorf("volumeMount %q names no volume", m.Name)
		}
		if c.Command[1] == m.MountPath+"/"+runName {
			if v.PersistentVolumeClaim == nil || v.PersistentVolumeClaim.ClaimName == "" {
				return fmt.Errorf("volume %q is not a PersistentVolumeClaim", m.Name)
			}
			if m.ReadOnly {
				return fmt.Errorf("volume %q is mounted read-only: the pods write results/", m.Name)
			}
			return nil
		}
	}
	return fmt.Errorf("command %q: %s is on no mounted volume", c.Command, c.Command[1])
}

// TestKubernetesJobValid checks job.yaml against the Kubernetes API types
// for every spec, and that the check rejects mutated manifests.
func TestKubernetesJobValid(t *testing.T) {
	for _, spec := range jobSpecs {
		text := kubernetesJob(spec)
		if err := checkKubernetesJob(text, spec.cubes); err != nil {
			t.Errorf("%d cubes: job.yaml: %v\n%s", spec.cubes, err, text)
		}
	}
	good := kubernetesJob(jobSpecs[1])
	for _, m := range []struct{ from, to string }{
		{"completionMode: Indexed", "completionMode: Indexd"},
		{"completionMode: Indexed", "completionMod: Indexed"},
		{"completions: 8", "completions: eight"},
		{"completions: 8", "completions: 9"},
		{"parallelism: 8", "parallelism: 0"},
		{"restartPolicy: Never", "restartPolicy: Always"},
		{"$(JOB_COMPLETION_INDEX)", "$JOB_COMPLETION_INDEX"},
		{"mountPath: /cubes", "mountPath: /data"},
		{"claimName: satsolve-cubes", "claimName: \"\""},
		{"cpu: \"1\"", "cpu: \"one\""},
		{"      volumes:", "      volume:"},
		{"kind: Job", "kind: CronJob"},
		{"  name: satsolve-cubes\nspec", "  name: Satsolve_Cubes\nspec"},
		{"      containers:\n        - name: cube", "      containers:\n        -name: cube"},
	} {
		bad := strings.Replace(good, m.from, m.to, 1)
		if bad == good {
			t.Fatalf("mutation %q not applied", m.from)
		}
		if checkKubernetesJob(bad, 8) == nil {
			t.Errorf("job.yaml with %q for %q passes the check", m.to, m.from)
		}
	}
}

// sbatchOptions are the options slurm.sh may set, with the form of their
// values.
var sbatchOptions = map[string]*regexp.Regexp{
	"job-name":      regexp.MustCompile(`^[A-Za-z0-9_.-]+$`),
	"array":         regexp.MustCompile(`^0-\d+$`),
	"ntasks":        regexp.MustCompile(`^[1-9]\d*$`),
	"cpus-per-task": regexp.MustCompile(`^[1-9]\d*$`),
	"output":        regexp.MustCompile(`^\S*%a\S*$`),
	"time":          regexp.MustCompile(`^(\d+-)?\d+:\d\d:\d\d$`),
}

// checkSlurm checks slurm.sh as sbatch reads it: the #SBATCH lines come
// before the first command (sbatch ignores any after it), each sets a
// known option once in a valid form, the array covers cubes 0 to n-1, the
// output names the array index, and the time limit is at least min.
func checkSlurm(text string, n int, min time.Duration) error {
	lines := strings.Split(text, "\n")
	if lines[0] != "#!/bin/sh" {
		return fmt.Errorf("first line %q is not #!/bin/sh", lines[0])
	}
	set := map[string]string{}
	commands := false
	for i, line := range lines[1:] {
		switch {
		case strings.HasPrefix(line, "#SBATCH"):
			if commands {
				return fmt.Errorf("line %d: #SBATCH after the first command is ignored by sbatch", i+2)
			}
			opt, val, ok := strings.Cut(strings.TrimPrefix(line, "#SBATCH --"), "=")
			re := sbatchOptions[opt]
			switch {
			case !strings.HasPrefix(line, "#SBATCH --") || !ok:
				return fmt.Errorf("line %d: %q is not #SBATCH --OPTION=VALUE", i+2, line)
			case re == nil:
				return fmt.Errorf("line %d: unexpected option --%s", i+2, opt)
			case !re.MatchString(val):
				return fmt.Errorf("line %d: --%s=%s is not valid", i+2, opt, val)
			case set[opt] != "":
				return fmt.Errorf("line %d: --%s set twice", i+2, opt)
			}
			set[opt] = val
		case strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "#"):
			commands = true
		}
	}
	if want := fmt.Sprintf("0-%d", n-1); set["array"] != want {
		return fmt.Errorf("--array=%s, want %s", set["array"], want)
	}
	if set["output"] == "" {
		return fmt.Errorf("no --output naming the array index")
	}
	if min > 0 {
		if set["time"] == "" {
			return fmt.Errorf("no --time for a limit of %v", min)
		}
		if d := parseSlurmTime(set["time"]); d < min {
			return fmt.Errorf("--time=%s is %v, below %v", set["time"], d, min)
		}
	}
	if !strings.Contains(text, `"${SLURM_ARRAY_TASK_ID`) {
		return fmt.Errorf("the cube is not taken from SLURM_ARRAY_TASK_ID")
	}
	return nil
}

// parseSlurmTime reads [days-]hours:minutes:seconds.
func parseSlurmTime(s string) time.Duration {
	var d time.Duration
	if days, rest, ok := strings.Cut(s, "-"); ok {
		n, _ := strconv.Atoi(days)
		d, s = time.Duration(n)*24*time.Hour, rest
	}
	f := strings.Split(s, ":")
	h, _ := strconv.Atoi(f[0])
	m, _ := strconv.Atoi(f[1])
	sec, _ := strconv.Atoi(f[2])
	return d + time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(sec)*time.Second
}

// TestSlurmScriptValid checks slurm.sh for every spec, and that the check
// rejects mutated scripts.
func TestSlurmScriptValid(t *testing.T) {
	for _, spec := range jobSpecs {
		text := slurmScript(spec)
		if err := checkSlurm(text, spec.cubes, spec.timeout); err != nil {
			t.Errorf("%d cubes, limit %v: slurm.sh: %v\n%s", spec.cubes, spec.timeout, err, text)
		}
	}
	if got := slurmTime(49*time.Hour + 61*time.Minute + 1500*time.Millisecond); got != "2-02:01:02" {
		t.Errorf("slurmTime(50h1m1.5s) = %s", got)
	}
	good := slurmScript(jobSpecs[2])
	for _, m := range []struct{ from, to string }{
		{"--array=0-149", "--array=0-150"},
		{"--array=0-149", "--array=1-149"},
		{"--time=1:31:00", "--time=1:29:00"},
		{"--time=1:31:00", "--time=1h31m"},
		{"#SBATCH --ntasks=1\n", "exec true\n#SBATCH --ntasks=1\n"},
		{"--output=logs/cube-%a.out", "--output=logs/cube.out"},
		{"#SBATCH --ntasks=1", "#SBATCH --ntask=1"},
		{"#SBATCH --ntasks=1", "#SBATCH --array=0-149"},
		{"SLURM_ARRAY_TASK_ID", "SLURM_TASK_ID"},
	} {
		bad := strings.Replace(good, m.from, m.to, 1)
		if bad == good {
			t.Fatalf("mutation %q not applied:\n%s", m.from, good)
		}
		if checkSlurm(bad, 150, jobSpecs[2].timeout) == nil {
			t.Errorf("slurm.sh with %q for %q passes the check", m.to, m.from)
		}
	}
}

// TestJobProofsFlag checks --job-proofs: it needs --jobs and a backend that
// writes proofs, and makes cdcl the jobs' backend when none is given.
func TestJobProofsFlag(t *testing.T) {
	hole := filepath.Join(testdata, "cnf", "hole", "hole6.cnf")
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--job-proofs", hole}, "--job-proofs needs --jobs DIR"},
		{[]string{"--job-proofs", "--jobs", filepath.Join(dir, "a"), "--backend", "gini", hole}, "backend gini cannot write proofs"},
	} {
		code, out, errOut := runCLI(t, append([]string{"cube"}, tc.args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("cube %v: exit %d, %q, %q", tc.args, code, out, errOut)
		}
	}
	jobs := filepath.Join(dir, "b")
	if code, _, errOut := runCLI(t, "cube", "--cubes", "4", "--job-proofs", "--jobs", jobs, hole); code != 0 {
		t.Fatalf("cube --job-proofs: exit %d %s", code, errOut)
	}
	script, _ := os.ReadFile(filepath.Join(jobs, runName))
	if !strings.Contains(string(script), "--backend 'cdcl' --proof \"$tmp.drat\"") {
		t.Errorf("run-cube.sh does not write proofs with cdcl:\n%s", script)
	}
}
