// Command membench measures the peak memory (maximum resident set) of
// satsolve solve on large legitimate CNF files, side by side with minisat
// on the same files in one run (issue 18 item 15: within 2× minisat's),
// and how long each run overran its --timeout. It builds the satsolve
// binary of this module once and writes the instances from fixed seeds:
// random 3-CNF of a few million clauses and a file of ten million
// repeated unit clauses.
//
//	go run ./benchmarks/membench -clauses 3000000,10000000 -timeout 60s
//
// Every process runs alone (one at a time); the maximum resident set is
// the kernel's (getrusage), in MB. minisat is stopped by SIGINT at the same
// deadline. The overruns are wall-clock and carry the machine's load.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/satsolve/satsolve/benchmarks"
)

func main() {
	sizes := flag.String("clauses", "3000000,10000000", "comma-separated clause counts of the random 3-CNF instances (variables: half the clauses, so that every solver finds a model quickly and the peak is that of holding the formula)")
	units := flag.Int("units", 10000000, "repeated unit clauses of the units instance (0: none)")
	timeout := flag.Duration("timeout", 60*time.Second, "--timeout of each run")
	backends := flag.String("backends", "portfolio:gini,walk;gini;walk;cdcl;gophersat", "semicolon-separated satsolve backends")
	prebuilt := flag.String("bin", "", "measure this satsolve binary instead of building the module's (e.g. an older build, for before and after)")
	shard := benchmarks.ShardFlag()
	flag.Parse()
	dir, err := os.MkdirTemp("", "membench")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "satsolve")
	if *prebuilt != "" {
		bin = *prebuilt
	} else if err := benchmarks.BuildSatsolve(bin); err != nil {
		fail(err)
	}
	type instance struct{ name, path string }
	var ins []instance
	for i, s := range strings.Split(*sizes, ",") {
		m, err := strconv.Atoi(s)
		if err != nil || m < 4 {
			fail(fmt.Errorf("-clauses: %q is not a clause count", s))
		}
		if !shard.Keep(i) {
			continue // another shard's instance: not written
		}
		path := filepath.Join(dir, "r"+s+".cnf")
		if err := writeRandom(path, uint64(i+1), m/2, m); err != nil {
			fail(err)
		}
		ins = append(ins, instance{fmt.Sprintf("random 3-CNF, %d vars, %d clauses", m/2, m), path})
	}
	if *units > 0 && shard.Keep(len(strings.Split(*sizes, ","))) {
		path := filepath.Join(dir, "units.cnf")
		if err := writeUnits(path, *units); err != nil {
			fail(err)
		}
		ins = append(ins, instance{fmt.Sprintf("%d copies of \"1 0\", then \"-2 0\"", *units), path})
	}
	fmt.Printf("Peak resident memory (MB) and overrun past the deadline of %v, one process at a time; ratio to minisat's peak on the same file.\n\n", *timeout)
	fmt.Print(shard.Note())
	fmt.Println("| instance | solver | max RSS | × minisat | overrun | answer |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, in := range ins {
		base, over, ans := measure(dir, *timeout, true, "minisat", in.path)
		fmt.Printf("| %s | minisat | %d | 1.00 | %s | %s |\n", in.name, base/1024, over, ans)
		for _, b := range strings.Split(*backends, ";") {
			rss, over, ans := measure(dir, *timeout, false, bin, "solve", "--timeout", timeout.String(), "--backend", b, in.path)
			fmt.Printf("| %s | satsolve %s | %d | %.2f | %s | %s |\n", in.name, b, rss/1024, float64(rss)/float64(base), over, ans)
		}
	}
}

// measure runs the command, sending SIGINT at the deadline when interrupt
// is set (minisat has no timeout of its own), and returns its maximum
// resident set in KB, the wall time past the deadline and its "s" line.
// The command runs under /usr/bin/time when there is one: the kernel's
// figure for a child of this process (getrusage) counts this process's own
// peak too, since Go starts children from its own address space (vfork),
// which hid every figure below about 50 MB.
func measure(dir string, d time.Duration, interrupt bool, name string, args ...string) (int64, string, string) {
	rssFile := filepath.Join(dir, "rss")
	os.Remove(rssFile)
	cmd := exec.Command(name, args...)
	if _, err := os.Stat("/usr/bin/time"); err == nil {
		cmd = exec.Command("/usr/bin/time", append([]string{"-f", "%M", "-o", rssFile, name}, args...)...)
	}
	var out strings.Builder
	cmd.Stdout = &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fail(err)
	}
	done := make(chan struct{})
	go func() {
		select {
		case <-done:
			return
		case <-time.After(d):
		}
		if interrupt {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGINT) // GNU time ignores it, its child not
		}
		select {
		case <-done:
		case <-time.After(d + 60*time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		}
	}()
	cmd.Wait() // exit codes 10, 20 and minisat's on SIGINT are answers
	close(done)
	over := time.Since(start) - d
	ans := "?"
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "s ") {
			ans = line[2:]
		} else if line == "INDETERMINATE" || line == "SATISFIABLE" || line == "UNSATISFIABLE" {
			ans = line
		}
	}
	o := "-"
	if over > 0 {
		o = fmt.Sprintf("%.2f s", over.Seconds())
	}
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss
	if b, err := os.ReadFile(rssFile); err == nil {
		fields := strings.Fields(string(b))
		if len(fields) > 0 {
			if k, err := strconv.ParseInt(fields[len(fields)-1], 10, 64); err == nil {
				rss = k
			}
		}
	}
	return rss, o, ans
}

// writeRandom writes a random 3-CNF of m clauses over n variables.
func writeRandom(path string, seed uint64, n, m int) error {
	r := rand.New(rand.NewPCG(seed, 15))
	return write(path, func(w *bufio.Writer) {
		fmt.Fprintf(w, "p cnf %d %d\n", n, m)
		for range m {
			for range 3 {
				l := 1 + r.IntN(n)
				if r.IntN(2) == 0 {
					l = -l
				}
				w.WriteString(strconv.Itoa(l))
				w.WriteByte(' ')
			}
			w.WriteString("0\n")
		}
	})
}

// writeUnits writes k copies of the unit clause 1 and the unit -2.
func writeUnits(path string, k int) error {
	return write(path, func(w *bufio.Writer) {
		fmt.Fprintf(w, "p cnf 2 %d\n", k+1)
		for range k {
			w.WriteString("1 0\n")
		}
		w.WriteString("-2 0\n")
	})
}

func write(path string, body func(*bufio.Writer)) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	body(w)
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "membench:", err)
	os.Exit(1)
}
