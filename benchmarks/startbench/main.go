// Command startbench measures the start-up cost of commands: the CPU time
// (user+sys, the kernel's rusage of each exited child) per run of a command
// that does almost nothing, such as satsolve on a 20-variable file, side by
// side with other commands in one run. On the many tiny instances of a
// corpus this cost decides the CPU ratio to a C solver.
//
//	go run ./benchmarks/startbench -runs 200 -rounds 7 \
//	    "OLD/satsolve solve --backend cdcl testdata/examples/uf20-01.cnf" \
//	    "NEW/satsolve solve --backend cdcl testdata/examples/uf20-01.cnf" \
//	    "minisat testdata/examples/uf20-01.cnf"
//
// The commands alternate: each round runs every command -runs times in a
// row, one process at a time, so a change of the machine's load falls on
// all of them alike. The table gives, per command, the median over rounds
// of the mean CPU time per run, the lowest and highest round, and the
// ratio of medians to the first command. Output is discarded; a command's
// exit status is reported only when it is not one of -ok.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	runs := flag.Int("runs", 200, "runs of each command per round")
	rounds := flag.Int("rounds", 7, "rounds (the commands alternate between rounds)")
	okCodes := flag.String("ok", "0,10,20", "comma-separated exit codes that count as success")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: startbench [flags] 'COMMAND ARGS...' ...\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 || *runs < 1 || *rounds < 1 {
		flag.Usage()
		os.Exit(2)
	}
	ok := map[int]bool{}
	for _, f := range strings.Split(*okCodes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			fmt.Fprintf(os.Stderr, "startbench: -ok: %q is not an exit code\n", f)
			os.Exit(2)
		}
		ok[n] = true
	}
	cmds := make([][]string, flag.NArg())
	for i, c := range flag.Args() {
		cmds[i] = strings.Fields(c)
		if len(cmds[i]) == 0 {
			fmt.Fprintf(os.Stderr, "startbench: command %d is empty\n", i+1)
			os.Exit(2)
		}
	}
	perRun := make([][]time.Duration, len(cmds)) // [command][round]
	for r := 0; r < *rounds; r++ {
		for i, argv := range cmds {
			total, err := measure(argv, *runs, ok)
			if err != nil {
				fmt.Fprintf(os.Stderr, "startbench: %s: %v\n", strings.Join(argv, " "), err)
				os.Exit(1)
			}
			perRun[i] = append(perRun[i], total/time.Duration(*runs))
		}
		fmt.Fprintf(os.Stderr, "startbench: round %d of %d done\n", r+1, *rounds)
	}
	fmt.Printf("| command | CPU per run, median (ms) | lowest round | highest round | × first |\n|---|---|---|---|---|\n")
	base := median(perRun[0])
	for i, argv := range cmds {
		m := median(perRun[i])
		fmt.Printf("| `%s` | %.3f | %.3f | %.3f | %.2f |\n", strings.Join(argv, " "), ms(m),
			ms(slices.Min(perRun[i])), ms(slices.Max(perRun[i])), float64(m)/float64(base))
	}
}

// measure runs argv n times, one after the other, and returns the CPU time
// (user+sys) of all the runs.
func measure(argv []string, n int, ok map[int]bool) (time.Duration, error) {
	var total time.Duration
	for range n {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
		err := cmd.Run()
		if cmd.ProcessState == nil {
			return 0, err
		}
		if code := cmd.ProcessState.ExitCode(); !ok[code] {
			return 0, fmt.Errorf("exit status %d", code)
		}
		ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		total += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return total, nil
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
