package satfile

// The fast path of the CNF reader: most of a DIMACS file is clause lines
// of plain literals separated by spaces or tabs, each line ending by its
// 0. fast reads runs of such lines straight from the scanner's buffer,
// without the general path's per-byte dispatch and per-token bookkeeping,
// and hands everything else back to it: other blanks, signs without
// digits, '+', a signed zero, a literal of more than nine digits (nine
// always fit below sat.MaxVar), a line break inside a clause, a token the
// buffer cuts, a clause continued from an earlier line, and WCNF. What it
// reads, it reads as the general path would, through the same literal and
// closeClause, at the same positions, so the problem, the warnings and the
// errors are the same (TestFastSame and FuzzFastSame compare the two paths
// byte for byte).
//
// On sudoku16-shnarazk (2.5 MB) and qg2-07 (1.4 MB) the reader took a
// third of satsolve solve's CPU time before the search. Tabs are the
// separators of the cfa family (Van Gelder's ssa and bf circuits), which
// the fast path handed back token by token until it took them too
// (ssa6288-047, 550 KB: about 100 to 220 MB/s).

import "github.com/satsolve/satsolve/sat"

// fastClauses enables the fast path; tests turn it off to compare.
var fastClauses = true

// fast reads clause tokens from the current position while they are of
// the simple kind (see the file comment) and stops, consuming nothing of
// it, at the first token or byte that is not.
func (c *clauseReader) fast() error {
	s := c.s
	if c.wcnf || c.span == 1 {
		return nil
	}
	buf := s.buf[:s.end]
	i := s.pos
	defer func() { s.pos = i }()
	for i < len(buf) {
		b := buf[i]
		if b == ' ' || b == '\t' {
			i++
			continue
		}
		if b == '\n' {
			if c.open {
				return nil
			}
			s.pos = i
			s.newline()
			i = s.pos
			c.lineTokens = false
			continue
		}
		j := i
		neg := b == '-'
		if neg {
			j++
		}
		// The digits, however many (v may wrap past 19 of them: a number of
		// ten or more digits is handed back all the same).
		k, v := j, 0
		for ; k < len(buf); k++ {
			d := buf[k] - '0'
			if d > 9 {
				break
			}
			v = v*10 + int(d)
		}
		if k == j || k-j >= 10 || k == len(buf) || (buf[k] != ' ' && buf[k] != '\t' && buf[k] != '\n') {
			return nil
		}
		switch {
		case v == 0 && neg:
			return nil
		case v > 0 && c.open && v <= c.maxVar && len(c.arena) < cap(c.arena):
			// literal's common case inline: a clause open (its first
			// literal went through literal), no new largest variable, room
			// in the chunk (push).
			l := sat.Lit(v)
			if neg {
				l = -l
			}
			c.arena = append(c.arena, l)
		case v == 0:
			s.pos = i
			if err := c.closeClause(s.line, s.col()); err != nil {
				return err
			}
		default:
			s.pos = i
			if err := c.literal(v, neg, s.line, s.col()); err != nil {
				return err
			}
		}
		c.lineTokens = true
		i = k
	}
	return nil
}
