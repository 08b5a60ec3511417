package satfile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/satsolve/satsolve/sat"
)

// iCNF, the incremental CNF format of Wieringa's iLingeling and of march_cu's
// cube files: a "p inccnf" line, then clauses as in DIMACS CNF mixed with
// cube lines "a L1 L2 … 0", each a conjunction of literals under which the
// clauses before it are to be solved. The header carries no counts, so
// the format can be streamed. satsolve adds one comment line of its own,
// "c refuted L1 … 0", for a branch the splitter closed by unit propagation;
// other readers skip it as a comment.

// ICNF is an incremental CNF input: clauses, and the cubes to solve them
// under.
type ICNF struct {
	// Formula holds every clause of the input, in order; NumVars is the
	// largest variable of the clauses, cubes and refuted branches.
	Formula *sat.Formula
	// Cubes are the cube ("a") lines, in order.
	Cubes []ICube
	// Refuted are the branches of the "c refuted" lines, in order.
	Refuted [][]sat.Lit
}

// ICube is one cube line of an iCNF input.
type ICube struct {
	// Lits are the cube's literals, a conjunction.
	Lits []sat.Lit
	// Clauses is the number of clauses before the cube: it applies to
	// Formula.Clauses[:Clauses].
	Clauses int
	// Line is the cube's line in the input.
	Line int
}

// refutedMark starts satsolve's refuted-branch comment.
const refutedMark = "refuted"

// ReadICNF reads an iCNF input from r, decompressing gzip, bzip2 or xz
// recognised by their magic bytes; file names it in errors. Errors are
// *ParseErrors with the line and column of the defect (ErrNoHeader,
// ErrWrongFormat for another format's header, ErrHeaderTwice, ErrSyntax,
// ErrTooLarge, ErrUnterminated for a clause open at the end or a cube line
// without its 0).
func ReadICNF(r io.Reader, file string) (*ICNF, error) {
	src := getReader(r)
	defer putReader(src)
	br, err := decompress(src, DefaultXZDictCap)
	if err != nil {
		return nil, &ParseError{File: file, Line: 1, Col: 1, Err: err}
	}
	if br != src {
		defer putReader(br)
	}
	chunk := getChunk()
	defer putChunk(chunk)
	ir := &icnfReader{s: &scanner{r: br, file: file, buf: *chunk, line: 1}, out: &ICNF{Formula: &sat.Formula{}}}
	if err := ir.run(); err != nil {
		return nil, err
	}
	return ir.out, nil
}

// ReadICNFFile reads the iCNF file at path ("-" is standard input) with
// ReadICNF. An error opening the file is returned as is.
func ReadICNFFile(path string) (*ICNF, error) {
	if path == "-" {
		return ReadICNF(os.Stdin, "<stdin>")
	}
	f, err := OpenFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadICNF(f, path)
}

// icnfReader reads the body of an iCNF input.
type icnfReader struct {
	s          *scanner
	out        *ICNF
	header     int // line of the header; 0 before it
	clause     []sat.Lit
	open       bool // a clause is in progress
	openLine   int
	openCol    int
	lineTokens bool
}

func (ir *icnfReader) run() error {
	s := ir.s
	for {
		b := s.peek()
		switch {
		case b < 0:
			if err := s.readErr(); err != nil {
				return err
			}
			return ir.finish()
		case b == '\n':
			s.newline()
			ir.lineTokens = false
			continue
		case isBlank(b):
			s.pos++
			continue
		case b == 'c' && !ir.lineTokens:
			if err := ir.comment(); err != nil {
				return err
			}
		case b == 'p' && !ir.lineTokens:
			if err := ir.readHeader(); err != nil {
				return err
			}
		case b == 'a' && !ir.lineTokens:
			if err := ir.cube(); err != nil {
				return err
			}
		case isDigit(b) || b == '-':
			if err := ir.needHeader(); err != nil {
				return err
			}
			if err := ir.clauseToken(); err != nil {
				return err
			}
		default:
			return s.errHere(newDefect(ErrSyntax, "unexpected character %q", rune(b)))
		}
		ir.lineTokens = true
	}
}

// needHeader reports data before the header.
func (ir *icnfReader) needHeader() error {
	if ir.header == 0 {
		return ir.s.errHere(newDefect(ErrNoHeader, "data before the 'p inccnf' header"))
	}
	return nil
}

// readHeader reads the "p inccnf" line.
func (ir *icnfReader) readHeader() error {
	s := ir.s
	line := s.line
	if ir.header != 0 {
		return s.errHere(newDefect(ErrHeaderTwice, "second header (the first is on line %d)", ir.header))
	}
	s.pos++
	if !isBlank(s.peek()) {
		return s.errHere(newDefect(ErrHeader, "expected a blank after 'p'"))
	}
	s.skipBlanks()
	col := s.col()
	switch w := s.word(16); w {
	case "inccnf":
	case "cnf", "wcnf":
		return s.errAt(line, col, newDefect(ErrWrongFormat, "this is a 'p %s' file, not incremental CNF ('p inccnf')", w))
	default:
		return s.errAt(line, col, newDefect(ErrWrongFormat, "unknown format 'p %s' (want 'p inccnf')", w))
	}
	s.skipBlanks()
	if b := s.peek(); b >= 0 && b != '\n' {
		return s.errHere(newDefect(ErrHeader, "unexpected %q after 'p inccnf' (the iCNF header has no counts)", rune(b)))
	}
	ir.header = line
	return nil
}

// comment reads a comment line, which may be a "c refuted" line.
func (ir *icnfReader) comment() error {
	s := ir.s
	s.pos++
	if !isBlank(s.peek()) {
		s.skipLine()
		return nil
	}
	s.skipBlanks()
	if w := s.word(len(refutedMark) + 1); w != refutedMark || !isBlank(s.peek()) {
		s.skipLine() // an ordinary comment
		return nil
	}
	if err := ir.needHeader(); err != nil {
		return err
	}
	lits, err := ir.lineLits("refuted branch")
	if err != nil {
		return err
	}
	ir.out.Refuted = append(ir.out.Refuted, lits)
	return nil
}

// cube reads an "a" line.
func (ir *icnfReader) cube() error {
	s := ir.s
	line := s.line
	if err := ir.needHeader(); err != nil {
		return err
	}
	if ir.open {
		return s.errHere(newDefect(ErrSyntax, "cube line inside the clause that starts at line %d", ir.openLine))
	}
	s.pos++
	if b := s.peek(); b >= 0 && !isSpace(b) {
		return s.errHere(newDefect(ErrSyntax, "expected a blank after 'a'"))
	}
	lits, err := ir.lineLits("cube")
	if err != nil {
		return err
	}
	ir.out.Cubes = append(ir.out.Cubes, ICube{Lits: lits, Clauses: len(ir.out.Formula.Clauses), Line: line})
	return nil
}

// lineLits reads literals up to the 0 that must end them on this line.
func (ir *icnfReader) lineLits(what string) ([]sat.Lit, error) {
	s := ir.s
	lits := []sat.Lit{}
	for {
		s.skipBlanks()
		b := s.peek()
		if b < 0 || b == '\n' {
			return nil, s.errHere(newDefect(ErrUnterminated, "%s not terminated by 0 on its line", what))
		}
		l, err := ir.literal()
		if err != nil {
			return nil, err
		}
		if l != 0 {
			lits = append(lits, l)
			continue
		}
		s.skipBlanks()
		if b := s.peek(); b >= 0 && b != '\n' {
			return nil, s.errHere(newDefect(ErrSyntax, "unexpected %q after the 0 that ends the %s", rune(b), what))
		}
		return lits, nil
	}
}

// clauseToken reads one integer of a clause; clauses may span lines.
func (ir *icnfReader) clauseToken() error {
	s := ir.s
	line, col := s.line, s.col()
	l, err := ir.literal()
	if err != nil {
		return err
	}
	if l == 0 {
		ir.out.Formula.AddClause(ir.clause...)
		ir.clause, ir.open = ir.clause[:0], false
		return nil
	}
	if !ir.open {
		ir.open, ir.openLine, ir.openCol = true, line, col
	}
	ir.clause = append(ir.clause, l)
	return nil
}

// literal reads a signed integer that must be a literal or 0, and notes
// its variable.
func (ir *icnfReader) literal() (sat.Lit, error) {
	s := ir.s
	line, col := s.line, s.col()
	neg := false
	switch b := s.peek(); {
	case b == '-':
		neg = true
		s.pos++
	case !isDigit(b):
		return 0, s.errHere(newDefect(ErrSyntax, "expected a literal, found %q", rune(b)))
	}
	v, n, over := s.uint(uint64(sat.MaxVar))
	if n == 0 {
		return 0, s.errHere(newDefect(ErrSyntax, "sign without digits"))
	}
	if b := s.peek(); b >= 0 && !isSpace(b) {
		return 0, s.errHere(newDefect(ErrSyntax, "invalid character %q in an integer", rune(b)))
	}
	if over {
		return 0, s.errAt(line, col, newDefect(ErrTooLarge, "literal beyond the largest variable %d", sat.MaxVar))
	}
	if v == 0 && neg {
		return 0, s.errAt(line, col, newDefect(ErrSyntax, "signed zero"))
	}
	if int(v) > ir.out.Formula.NumVars {
		ir.out.Formula.NumVars = int(v)
	}
	if neg {
		return -sat.Lit(v), nil
	}
	return sat.Lit(v), nil
}

// finish checks the end of the input.
func (ir *icnfReader) finish() error {
	if ir.header == 0 {
		return ir.s.errAt(1, 1, newDefect(ErrNoHeader, "no 'p inccnf' header"))
	}
	if ir.open {
		return ir.s.errAt(ir.openLine, ir.openCol, newDefect(ErrUnterminated, "the last clause lacks its terminating 0"))
	}
	return nil
}

// WriteICNF writes x in iCNF: the comments as "c " lines, "p inccnf", the
// clauses with each cube line after the clauses it applies to, and the
// refuted branches as "c refuted" lines at the end. Reading the output
// gives x back. It fails on a literal outside 1..x.Formula.NumVars, on a
// cube whose Clauses count is out of order, and on a formula with
// pseudo-Boolean constraints or an objective.
func WriteICNF(w io.Writer, x *ICNF, comments ...string) error {
	f := x.Formula
	if len(f.PBs) > 0 || f.Objective != nil {
		return icnfErrorf("the formula has pseudo-Boolean constraints or an objective, which iCNF cannot hold")
	}
	bw := bufio.NewWriterSize(w, bufSize)
	writeComments(bw, "c", comments)
	bw.WriteString("p inccnf\n")
	var b []byte
	line := func(prefix string, lits []sat.Lit) error {
		b = append(b[:0], prefix...)
		for _, l := range lits {
			if err := checkLit(l, f.NumVars); err != nil {
				return err
			}
			b = strconv.AppendInt(b, int64(l), 10)
			b = append(b, ' ')
		}
		b = append(b, '0', '\n')
		_, err := bw.Write(b)
		return err
	}
	next := 0
	for i, c := range x.Cubes {
		if c.Clauses < next || c.Clauses > len(f.Clauses) {
			return icnfErrorf("cube %d applies to %d clauses, out of order or beyond the formula's %d", i+1, c.Clauses, len(f.Clauses))
		}
		for ; next < c.Clauses; next++ {
			if err := line("", f.Clauses[next]); err != nil {
				return icnfErrorf("clause %d: %v", next+1, err)
			}
		}
		if err := line("a ", c.Lits); err != nil {
			return icnfErrorf("cube %d: %v", i+1, err)
		}
	}
	for ; next < len(f.Clauses); next++ {
		if err := line("", f.Clauses[next]); err != nil {
			return icnfErrorf("clause %d: %v", next+1, err)
		}
	}
	for i, r := range x.Refuted {
		if err := line("c "+refutedMark+" ", r); err != nil {
			return icnfErrorf("refuted branch %d: %v", i+1, err)
		}
	}
	return bw.Flush()
}

// icnfErrorf returns a writer error.
func icnfErrorf(format string, args ...any) error {
	return fmt.Errorf("satfile: "+format, args...)
}
