// Package oldwcnf converts a WCNF file of the 2022 MaxSAT Evaluation
// dialect (hard clauses marked "h", no header) to the pre-2022 dialect
// ("p wcnf VARS CLAUSES TOP", every clause with its weight, hard ones
// weighing TOP), which clasp 3.3.5 and sat4j read: TOP is one more than
// the sum of the soft weights, as the corpus's wcnf2old.py makes it, and
// a TOP beyond int64 (what those solvers read) is an error. The
// benchmarks and the tests that compare satsolve with clasp use it.
package oldwcnf

import (
	"bufio"
	"fmt"
	"math"
	"math/big"
	"os"
	"strings"
)

// Convert writes the old-format version of the 2022 file in to out.
func Convert(in, out string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	var clauses []string
	vars := 0
	total := new(big.Int)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "c") {
			continue
		}
		if strings.HasPrefix(line, "p ") {
			return fmt.Errorf("%s is already in the old format", in)
		}
		fs := strings.Fields(line)
		for _, t := range fs[1:] {
			var l int
			fmt.Sscan(t, &l)
			vars = max(vars, l, -l)
		}
		if fs[0] != "h" {
			w, ok := new(big.Int).SetString(fs[0], 10)
			if !ok {
				return fmt.Errorf("bad weight %q", fs[0])
			}
			total.Add(total, w)
		}
		clauses = append(clauses, line)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	top := total.Add(total, big.NewInt(1))
	if top.Cmp(big.NewInt(math.MaxInt64)) > 0 {
		return fmt.Errorf("top weight %v beyond int64", top)
	}
	w, err := os.Create(out)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "p wcnf %d %d %v\n", vars, len(clauses), top)
	for _, c := range clauses {
		if rest, ok := strings.CutPrefix(c, "h "); ok {
			c = top.String() + " " + rest
		}
		bw.WriteString(c + "\n")
	}
	if err := bw.Flush(); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}
