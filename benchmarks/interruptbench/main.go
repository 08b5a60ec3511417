// Command interruptbench measures how long satsolve solve takes to stop an
// optimisation after its deadline (--timeout) and after SIGTERM, on every
// backend, for WCNF and OPB instances, side by side in one run. It builds
// the satsolve binary of this module once, generates the instances from
// fixed seeds, and prints a Markdown table of the overrun (wall time past
// the deadline or the signal: median and maximum over the repeats) and
// the last printed cost, which it checks against the printed model with
// the reader's own Problem.Cost.
//
//	go run ./benchmarks/interruptbench -after 2s -repeat 3
//
// The machine is shared: the figures are wall-clock and carry its load;
// the medians of one run, side by side, are what to compare.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/satsolve/satsolve/benchmarks"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/satfile"
)

func main() {
	after := flag.Duration("after", 2*time.Second, "deadline, and delay before SIGTERM")
	repeat := flag.Int("repeat", 3, "runs per cell")
	backends := flag.String("backends", "gini;gophersat;walk;cdcl;portfolio;portfolio:gini,walk", "semicolon-separated backends")
	shard := benchmarks.ShardFlag()
	flag.Parse()
	dir, err := os.MkdirTemp("", "interruptbench")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "satsolve")
	if err := benchmarks.BuildSatsolve(bin); err != nil {
		fail(err)
	}
	instances := []struct{ name, text string }{
		{"wcnf-120", wcnf(1, 120, 400, 200, 300)},
		{"wcnf-300", wcnf(2, 300, 1050, 600, 300)},
		{"wcnf-3000", wcnf(3, 3000, 10500, 6000, 1000)},
		{"opb-200", opb(4, 200)},
	}
	fmt.Printf("Overrun past the deadline (--timeout %v) and past SIGTERM (sent %v after the start), median / max of %d runs; cost printed by the last run.\n\n", *after, *after, *repeat)
	fmt.Print(shard.Note())
	rows := benchmarks.Rows{Shard: *shard}
	fmt.Println("| instance | backend | --timeout overrun | SIGTERM overrun | cost |")
	fmt.Println("|---|---|---|---|---|")
	for _, in := range instances {
		path := filepath.Join(dir, in.name+"."+strings.SplitN(in.name, "-", 2)[0])
		if err := os.WriteFile(path, []byte(in.text), 0o644); err != nil {
			fail(err)
		}
		for _, b := range strings.Split(*backends, ";") {
			if !rows.Next() {
				continue
			}
			var cells [2][]time.Duration
			cost := "-"
			for mode := range 2 {
				for range *repeat {
					over, c, err := run(bin, path, b, *after, mode == 1)
					if err != nil {
						fail(fmt.Errorf("%s on %s: %v", b, in.name, err))
					}
					cells[mode] = append(cells[mode], over)
					cost = c
				}
			}
			fmt.Printf("| %s | %s | %s | %s | %s |\n", in.name, b, cell(cells[0]), cell(cells[1]), cost)
		}
	}
}

// run solves path with backend b, stopped after d by --timeout or by
// SIGTERM, and returns the overrun and the printed cost, checked.
func run(bin, path, b string, d time.Duration, term bool) (time.Duration, string, error) {
	args := []string{"solve", "--backend", b, path}
	if !term {
		args = append([]string{"solve", "--timeout", d.String()}, args[1:]...)
	}
	cmd := exec.Command(bin, args...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, "", err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	if term {
		select {
		case err = <-done:
		case <-time.After(d):
			cmd.Process.Signal(syscall.SIGTERM)
			select {
			case err = <-done:
			case <-time.After(60 * time.Second):
				syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
				err = <-done
			}
		}
	} else {
		ctx, cancel := context.WithTimeout(context.Background(), d+60*time.Second)
		defer cancel()
		select {
		case err = <-done:
		case <-ctx.Done():
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			err = <-done
		}
	}
	over := time.Since(start) - d
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() >= 0 && ee.ExitCode() != 1 {
		err = nil // 10, 20, 30: the answers
	}
	if err != nil {
		return over, "", fmt.Errorf("%v\n%s", err, out.String())
	}
	cost, err := checkCost(path, out.String())
	return over, cost, err
}

// checkCost recomputes the cost of the printed model with the reader and
// compares it with the o line.
func checkCost(path, out string) (string, error) {
	p, err := satfile.ReadFile(path, satfile.Options{})
	if err != nil {
		return "", err
	}
	var o string
	m := sat.NewAssignment(p.OrigVars)
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "o "):
			o = line[2:]
		case strings.HasPrefix(line, "v ") && p.Format == satfile.WCNF:
			for i, c := range strings.TrimSpace(line[2:]) {
				m[i+1] = c == '1'
			}
		case strings.HasPrefix(line, "v "):
			for _, tok := range strings.Fields(line[2:]) {
				v, _ := strconv.Atoi(strings.TrimPrefix(strings.TrimPrefix(tok, "-"), "x"))
				if v >= 1 && v <= p.OrigVars {
					m[v] = !strings.HasPrefix(tok, "-")
				}
			}
		}
	}
	if o == "" {
		return "none", nil
	}
	want, _ := strconv.ParseInt(o, 10, 64)
	if got := p.Cost(m); got != want {
		return "", fmt.Errorf("printed cost %d, the printed model costs %d", want, got)
	}
	return o, nil
}

func cell(ds []time.Duration) string {
	slices.Sort(ds)
	return fmt.Sprintf("%.2f s / %.2f s", ds[len(ds)/2].Seconds(), ds[len(ds)-1].Seconds())
}

// wcnf returns a random 2022-format WCNF: random 3-clauses, hard and soft,
// soft weights in 1..maxW.
func wcnf(seed uint64, vars, hard, soft int, maxW int64) string {
	r := rand.New(rand.NewPCG(seed, 18))
	var b strings.Builder
	clause := func() string {
		var c []string
		for range 3 {
			l := 1 + r.IntN(vars)
			if r.IntN(2) == 0 {
				l = -l
			}
			c = append(c, strconv.Itoa(l))
		}
		return strings.Join(c, " ") + " 0\n"
	}
	for range hard {
		b.WriteString("h " + clause())
	}
	for range soft {
		b.WriteString(strconv.FormatInt(1+r.Int64N(maxW), 10) + " " + clause())
	}
	return b.String()
}

// opb returns a random OPB minimisation: one ≥ constraint of 3 to 6
// weighted literals per variable and a weighted objective over all.
func opb(seed uint64, vars int) string {
	r := rand.New(rand.NewPCG(seed, 18))
	var b strings.Builder
	lit := func() string {
		l := "x" + strconv.Itoa(1+r.IntN(vars))
		if r.IntN(2) == 0 {
			l = "~" + l
		}
		return l
	}
	fmt.Fprintf(&b, "* #variable= %d #constraint= %d\nmin:", vars, vars)
	for v := 1; v <= vars; v++ {
		fmt.Fprintf(&b, " +%d x%d", 1+r.IntN(50), v)
	}
	b.WriteString(" ;\n")
	for range vars {
		var sum int64
		for range 3 + r.IntN(4) {
			a := 1 + r.Int64N(5)
			sum += a
			fmt.Fprintf(&b, "+%d %s ", a, lit())
		}
		fmt.Fprintf(&b, ">= %d ;\n", 1+r.Int64N(sum/3+1))
	}
	return b.String()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "interruptbench:", err)
	os.Exit(1)
}
