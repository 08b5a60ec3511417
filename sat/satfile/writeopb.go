package satfile

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/satsolve/satsolve/sat"
)

// WriteOPB writes f in OPB: a "* #variable= N #constraint= M" header, the
// comments as "* " lines, the objective as "min: … ;" when f has one, each
// clause as a ">= 1" constraint, then the pseudo-Boolean constraints. An
// empty clause becomes the constraint ">= 1 ;" with no terms, and AtMost
// constraints keep "<=" (an extension of PB07 that Read accepts). Reading
// the output gives back f's objective and constraints, with clauses
// turned into constraints. WriteOPB fails on a literal outside 1..NumVars
// and on a constraint that fails sat.PB.Validate.
func WriteOPB(w io.Writer, f *sat.Formula, comments ...string) error {
	bw := bufio.NewWriterSize(w, bufSize)
	fmt.Fprintf(bw, "* #variable= %d #constraint= %d\n", f.NumVars, len(f.Clauses)+len(f.PBs))
	writeComments(bw, "*", comments)
	var b []byte
	var err error
	if f.Objective != nil {
		b = append(b, "min:"...)
		if b, err = appendTerms(b, f.Objective, f.NumVars); err != nil {
			return fmt.Errorf("satfile: objective: %w", err)
		}
		b = append(b, " ;\n"...)
		bw.Write(b)
	}
	for i, c := range f.Clauses {
		b = b[:0]
		for _, l := range c {
			if err := checkLit(l, f.NumVars); err != nil {
				return fmt.Errorf("satfile: clause %d: %w", i+1, err)
			}
			b = appendTerm(b, sat.Term{Coef: 1, Lit: l})
		}
		b = append(b, " >= 1 ;\n"...)
		bw.Write(b[1:])
	}
	for i, c := range f.PBs {
		b = b[:0]
		if err := c.Validate(); err != nil {
			return fmt.Errorf("satfile: constraint %d: %w", i+1, err)
		}
		if b, err = appendTerms(b, c.Terms, f.NumVars); err != nil {
			return fmt.Errorf("satfile: constraint %d: %w", i+1, err)
		}
		b = append(b, ' ')
		b = append(b, c.Op.String()...)
		b = append(b, ' ')
		b = strconv.AppendInt(b, c.K, 10)
		b = append(b, " ;\n"...)
		bw.Write(b[1:])
	}
	return bw.Flush()
}

// appendTerms appends " <coef> <lit>" for each term.
func appendTerms(b []byte, terms []sat.Term, numVars int) ([]byte, error) {
	for _, t := range terms {
		if err := checkLit(t.Lit, numVars); err != nil {
			return b, err
		}
		b = appendTerm(b, t)
	}
	return b, nil
}

// appendTerm appends " +3 x1" or " -2 ~x4".
func appendTerm(b []byte, t sat.Term) []byte {
	b = append(b, ' ')
	if t.Coef >= 0 {
		b = append(b, '+')
	}
	b = strconv.AppendInt(b, t.Coef, 10)
	b = append(b, ' ')
	if t.Lit < 0 {
		b = append(b, '~')
	}
	b = append(b, 'x')
	return strconv.AppendInt(b, int64(t.Lit.Var()), 10)
}
