package satfile

import (
	"github.com/satsolve/satsolve/sat"
)

// chunkLits is the size of the literal arenas clauses are cut from.
const chunkLits = 1 << 16

// maxPrealloc caps every allocation sized from a header's numbers.
const maxPrealloc = 1 << 16

// clauseReader reads the body of a DIMACS CNF or WCNF input. Literals are
// appended to arena chunks and only the clause lengths are recorded; the
// clauses are sliced out of the chunks at the end (capacity capped). So
// reading allocates per chunk, not per clause, and the collector has no
// growing slice of pointers to scan and copy.
type clauseReader struct {
	s    *scanner
	mode Mode
	wcnf bool

	hdr      Header
	hdrLine  int
	warnings []*ParseError
	varWarn  *ParseError // the first ErrVarRange warning, completed at the end
	quirks   quirks

	lens   []uint32    // length of each clause, in order
	units  []uint8     // per variable: 1 if its positive unit was read, 2 negative
	chunks [][]sat.Lit // finished chunks, cut to the clauses they hold
	arena  []sat.Lit   // the current chunk
	start  int         // arena index of the current clause's first literal
	count  int         // clauses closed (for WCNF, hard and soft)
	maxVar int
	repair bool // split clauses at line breaks (the dubois repair)

	open              bool // a clause is in progress
	openLine, openCol int  // position of its first token
	lineTokens        bool // the current line has had a token
	span              int8 // 1: a line ended inside the open clause; 2: its span is counted
	dataLine, dataCol int  // position of the first clause token; 0 if none
	lastEmpty         bool // the last token closed an empty clause
	breaks            []lineBreak

	weight    int64 // WCNF: weight of the current clause, 0 if hard
	softSum   int64 // saturates at math.MaxInt64 (Options.Wide)
	wide      bool  // Options.Wide
	objective []sat.Term
	relaxed   []relaxation

	relaxedClauses []int // Problem.relaxed, set by relax

	maxLits int        // Options.MaxLiterals
	budget  func() int // Options.Budget, until it has been called
	// ends says that each clause in the chunks is followed by a 0, the
	// layout of sat.ClauseList, so that a flat list (Options.Flat) is the
	// chunks put end to end.
	ends bool
	held int // literals of the clauses held, each clause one more
}

// readClauses reads a CNF (wcnf false) or WCNF body from s.
func readClauses(s *scanner, wcnf bool, opts Options) (*Problem, error) {
	c := &clauseReader{s: s, mode: opts.Mode, wcnf: wcnf, maxLits: opts.MaxLiterals, ends: opts.Flat && !wcnf, wide: opts.Wide}
	if c.maxLits <= 0 {
		c.budget = opts.Budget
	}
	if err := c.run(); err != nil {
		return nil, err
	}
	return c.problem()
}

func (c *clauseReader) run() error {
	s := c.s
	for {
		b := s.peek()
		switch {
		case b < 0:
			if err := s.readErr(); err != nil {
				return err
			}
			return c.finish()
		case b == '\n':
			if err := c.endOfLine(); err != nil {
				return err
			}
			s.newline()
			c.lineTokens = false
			continue
		case isBlank(b):
			s.pos++
			continue
		case isDigit(b) || b == '-' || b == '+':
			if fastClauses {
				at := s.pos
				if err := c.fast(); err != nil {
					return err
				}
				if s.pos != at {
					continue
				}
			}
			if err := c.number(); err != nil {
				return err
			}
		case b == 'c':
			if c.lineTokens {
				if c.mode == Strict {
					return s.errHere(newDefect(ErrSyntax, "comment after other tokens; strict mode allows only comment lines"))
				}
				c.quirk(quirkComment, s.line, s.col())
			}
			s.skipLine()
		case b == 'p' || b == 'P':
			if err := c.header(); err != nil {
				return err
			}
		case b == 'h' && c.wcnf:
			if err := c.hard(); err != nil {
				return err
			}
		case b == '%':
			return c.endMarker()
		case b == 'x' && !c.lineTokens:
			return s.errHere(newDefect(ErrUnsupported, "XOR clauses ('x' lines, a CryptoMiniSat extension) are not supported"))
		case (b == 'a' || b == 'e') && !c.lineTokens:
			return s.errHere(newDefect(ErrUnsupported, "QDIMACS quantifier line ('%c'): quantified formulas are not supported", b))
		default:
			return s.errHere(newDefect(ErrSyntax, "unexpected character %q", rune(b)))
		}
		c.lineTokens = true
	}
}

// defect reports a defect that the tolerant mode accepts: an error in
// strict mode, a warning (and nil) otherwise.
func (c *clauseReader) defect(line, col int, class error, format string, args ...any) error {
	e := c.s.errAt(line, col, newDefect(class, format, args...))
	if c.mode == Strict {
		return e
	}
	c.warnings = append(c.warnings, e)
	return nil
}

// quirk notes a recurring tolerated defect.
func (c *clauseReader) quirk(q quirk, line, col int) {
	if w := c.quirks.note(c.s, q, line, col); w != nil {
		c.warnings = append(c.warnings, w)
	}
}

// endOfLine handles a line that ends while a clause is open.
func (c *clauseReader) endOfLine() error {
	if !c.open {
		return nil
	}
	if c.mode == Strict {
		return c.s.errHere(newDefect(ErrUnterminated, "clause not terminated by 0 on its line (strict mode)"))
	}
	c.span = max(c.span, 1)
	n := len(c.arena) - c.start
	if c.wcnf || n == 0 {
		return nil
	}
	if k := len(c.breaks); k > 0 && c.breaks[k-1].clause == len(c.lens) && c.breaks[k-1].at == n {
		return nil
	}
	c.breaks = append(c.breaks, lineBreak{clause: len(c.lens), at: n, line: c.s.line})
	return nil
}

// number reads an integer token: a literal, a clause-ending 0, or a WCNF
// weight.
func (c *clauseReader) number() error {
	s := c.s
	line, col := s.line, s.col()
	if c.span == 1 {
		c.span = 2
		c.quirk(quirkSpan, c.openLine, c.openCol)
	}
	neg, signed := false, true
	switch s.buf[s.pos] {
	case '-':
		neg = true
		s.pos++
	case '+':
		if c.mode == Strict {
			return s.errHere(newDefect(ErrSyntax, "'+' sign (not allowed in strict mode)"))
		}
		c.quirk(quirkPlus, line, col)
		s.pos++
	default:
		signed = false
	}
	if c.wcnf && !c.open {
		return c.readWeight(line, col, neg)
	}
	v, n, over := s.uint(uint64(sat.MaxVar))
	if n == 0 {
		return s.errHere(newDefect(ErrSyntax, "sign without digits"))
	}
	if b := s.peek(); b >= 0 && !isSpace(b) {
		return s.errHere(newDefect(ErrSyntax, "invalid character %q in an integer", rune(b)))
	}
	if over {
		return s.errAt(line, col, newDefect(ErrTooLarge, "literal beyond the largest variable %d", sat.MaxVar))
	}
	if v == 0 {
		if signed {
			return s.errAt(line, col, newDefect(ErrSyntax, "signed zero"))
		}
		return c.closeClause(line, col)
	}
	return c.literal(int(v), neg, line, col)
}

// literal adds the literal of variable v > 0 (negated if neg), read at
// line:col, to the clause, opening one if none is open: the step both
// the general path and the fast path take for a literal.
func (c *clauseReader) literal(v int, neg bool, line, col int) error {
	if !c.open {
		if err := c.openClause(line, col); err != nil {
			return err
		}
	}
	if v > c.maxVar {
		if err := c.newMaxVar(v, line, col); err != nil {
			return err
		}
	}
	l := sat.Lit(v)
	if neg {
		l = -l
	}
	c.push(l)
	c.lastEmpty = false
	return nil
}

// push appends l to the current clause, moving the clause to a fresh chunk
// when the arena is full.
func (c *clauseReader) push(l sat.Lit) {
	if len(c.arena) == cap(c.arena) {
		n := len(c.arena) - c.start
		a := make([]sat.Lit, n, max(chunkLits, 2*n))
		copy(a, c.arena[c.start:])
		c.chunks = append(c.chunks, c.arena[:c.start])
		c.arena, c.start = a, 0
	}
	c.arena = append(c.arena, l)
}

// openClause starts a clause at the given position.
func (c *clauseReader) openClause(line, col int) error {
	c.open, c.openLine, c.openCol = true, line, col
	if c.dataLine == 0 {
		c.dataLine, c.dataCol = line, col
		if !c.hdr.Present && !c.wcnf && c.mode == Strict {
			return c.s.errAt(line, col, newDefect(ErrNoHeader, "clause before the 'p cnf' header"))
		}
	}
	return nil
}

// newMaxVar records v as the largest variable so far.
func (c *clauseReader) newMaxVar(v, line, col int) error {
	c.maxVar = v
	if !c.hdr.Present || v <= c.hdr.Vars || c.varWarn != nil {
		return nil
	}
	err := c.defect(line, col, ErrVarRange, "variable %d exceeds the header's %d variables", v, c.hdr.Vars)
	if err == nil {
		c.varWarn = c.warnings[len(c.warnings)-1]
	}
	return err
}

// closeClause ends the current clause (the 0 at line, col).
func (c *clauseReader) closeClause(line, col int) error {
	if !c.open {
		if err := c.openClause(line, col); err != nil {
			return err
		}
	}
	n := len(c.arena) - c.start
	if k := len(c.breaks); k > 0 && c.breaks[k-1].clause == len(c.lens) && c.breaks[k-1].at == n {
		c.breaks = c.breaks[:k-1]
	}
	switch {
	case c.weight > 0:
		c.closeSoft(n)
	case n == 1 && c.repeatedUnit(c.arena[c.start]):
		c.arena = c.arena[:c.start] // a unit already read adds nothing
		n = -1
	default:
		c.cut()
	}
	c.count++
	c.held += n + 1
	if c.budget != nil && c.held > BudgetFrom {
		c.maxLits, c.budget = c.budget(), nil
	}
	if c.maxLits > 0 && c.held > c.maxLits {
		return c.s.errAt(c.openLine, c.openCol, newDefect(ErrFormulaSize, "the formula holds more than %d literals, the most this program may hold (clause %d)", c.maxLits, c.count))
	}
	c.open, c.weight, c.lastEmpty, c.span = false, 0, n == 0, 0
	if c.mode == Strict && c.hdr.Present && c.count > c.hdr.Constraints {
		return c.s.errAt(c.openLine, c.openCol, newDefect(ErrCount, "more clauses than the header's %d", c.hdr.Constraints))
	}
	return nil
}

// maxUnitVar bounds the variables whose unit clauses are deduplicated
// (repeatedUnit keeps a byte per variable up to the largest unit's).
const maxUnitVar = 1 << 24

// repeatedUnit reports whether the unit clause (l) was read before, and
// records it. Units are assigned, not stored: ten million copies of "1 0"
// keep one clause (minisat needs 4 MB for them; storing each took 2 GB in
// the reader and the backends).
func (c *clauseReader) repeatedUnit(l sat.Lit) bool {
	v := int(l.Var())
	if v > maxUnitVar {
		return false
	}
	if v >= len(c.units) {
		c.units = append(c.units, make([]uint8, v+1-len(c.units))...)
	}
	bit := uint8(1)
	if l < 0 {
		bit = 2
	}
	if c.units[v]&bit != 0 {
		return true
	}
	c.units[v] |= bit
	return false
}

// cut records the current clause (ending it by a 0 when c.ends) and
// starts the next one.
func (c *clauseReader) cut() {
	c.lens = append(c.lens, uint32(len(c.arena)-c.start))
	if c.ends {
		c.push(0)
	}
	c.start = len(c.arena)
}

// clauses slices the clauses out of the chunks.
func (c *clauseReader) clauses() []sat.Clause {
	chunks := append(c.chunks, c.arena[:c.start])
	out := make([]sat.Clause, len(c.lens))
	end := 0 // the 0 after each clause
	if c.ends {
		end = 1
	}
	ci, off := 0, 0
	for i, k := range c.lens {
		n := int(k)
		if n+end == 0 {
			out[i] = sat.Clause{}
			continue
		}
		for off+n+end > len(chunks[ci]) {
			ci, off = ci+1, 0
		}
		out[i] = sat.Clause(chunks[ci][off : off+n : off+n])
		off += n + end
	}
	return out
}

// list puts the chunks, laid out with a 0 after each clause (c.ends), end
// to end as one flat list.
func (c *clauseReader) list() *sat.ClauseList {
	chunks := append(c.chunks, c.arena[:c.start])
	n := 0
	for _, ch := range chunks {
		n += len(ch)
	}
	lits := make([]sat.Lit, 0, n)
	for _, ch := range chunks {
		lits = append(lits, ch...)
	}
	return sat.ClauseListOf(lits)
}

// lits returns the number of literal occurrences read (with WCNF
// relaxation placeholders).
func (c *clauseReader) lits() int {
	n := 0
	for _, k := range c.lens {
		n += int(k)
	}
	return n
}

// problem assembles the result.
func (c *clauseReader) problem() (*Problem, error) {
	// Soft units live only in the objective: they count as occurrences
	// and are renumbered with the clauses.
	limit := denseLimit(c.lits() + len(c.objective))
	orig := c.maxVar
	if c.hdr.Vars <= limit {
		orig = max(orig, c.hdr.Vars) // a header beyond reason is not believed
	}
	if c.ends && !c.repair && c.maxVar <= limit {
		f := &sat.Formula{NumVars: orig}
		return &Problem{Format: CNF, Formula: f, Header: c.hdr, Warnings: c.warnings, OrigVars: orig, Flat: c.list()}, nil
	}
	f := &sat.Formula{NumVars: orig, Clauses: c.clauses(), Objective: c.objective}
	if c.repair {
		f.Clauses = c.splitAtBreaks(f.Clauses)
	}
	var names []sat.Var
	if c.maxVar > limit {
		names = compact(f)
		orig = f.NumVars
	}
	p := &Problem{Format: CNF, Formula: f, Header: c.hdr, Warnings: c.warnings, OrigVars: orig, Names: names}
	if !c.wcnf {
		return p, nil
	}
	p.Format = WCNF
	if err := c.relax(f, orig); err != nil {
		return nil, err
	}
	p.relaxed = c.relaxedClauses
	return p, nil
}
