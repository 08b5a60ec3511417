package satfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/satsolve/satsolve/sat"
)

// WriteCNF writes f in DIMACS CNF: the comments as "c " lines, a
// "p cnf NumVars len(Clauses)" header, then one clause per line ending in
// 0. A comment containing newlines becomes several comment lines. The
// output is in the strict dialect, and reading it gives f back exactly.
// WriteCNF fails on a formula with pseudo-Boolean constraints or an
// objective (write those with WriteOPB) and on a literal outside
// 1..NumVars.
func WriteCNF(w io.Writer, f *sat.Formula, comments ...string) error {
	if len(f.PBs) > 0 || f.Objective != nil {
		return errors.New("satfile: the formula has pseudo-Boolean constraints or an objective; write it as OPB")
	}
	bw := bufio.NewWriterSize(w, bufSize)
	writeComments(bw, "c", comments)
	var b []byte
	b = append(b, "p cnf "...)
	b = strconv.AppendInt(b, int64(f.NumVars), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(len(f.Clauses)), 10)
	b = append(b, '\n')
	bw.Write(b)
	for i, c := range f.Clauses {
		b = b[:0]
		for _, l := range c {
			if err := checkLit(l, f.NumVars); err != nil {
				return fmt.Errorf("satfile: clause %d: %w", i+1, err)
			}
			b = strconv.AppendInt(b, int64(l), 10)
			b = append(b, ' ')
		}
		b = append(b, '0', '\n')
		bw.Write(b)
	}
	return bw.Flush()
}

// writeComments writes each line of comments prefixed by mark and a blank.
func writeComments(bw *bufio.Writer, mark string, comments []string) {
	for _, c := range comments {
		for _, line := range strings.Split(c, "\n") {
			bw.WriteString(mark)
			if line != "" {
				bw.WriteByte(' ')
				bw.WriteString(line)
			}
			bw.WriteByte('\n')
		}
	}
}

// checkLit reports a literal that a header of numVars variables cannot
// cover.
func checkLit(l sat.Lit, numVars int) error {
	if l == 0 || int(l.Var()) > numVars {
		return fmt.Errorf("literal %d outside variables 1..%d", l, numVars)
	}
	return nil
}
