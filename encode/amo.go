package encode

// At-most-one and exactly-one: the method enum, the dispatcher, and the two
// simplest encodings. The others live in amocommander.go, amobinary.go and
// amoproduct.go.
//
// Pairwise: a clause (¬xi ∨ ¬xj) for every pair: no auxiliary variables,
// n(n−1)/2 clauses. Arc-consistent.
//
// Ladder (the sequential counter of Sinz 2005 for k = 1; Gent and
// Nightingale 2004 call it the ladder): auxiliaries s1..s(n−1), si meaning
// "some of x1..xi is true":
//
//	x1 → s1;  for 1 < i < n:  xi → si,  s(i−1) → si,  xi → ¬s(i−1);  xn → ¬s(n−1)
//
// n−1 variables and 3n−4 clauses for n ≥ 2. Arc-consistent.
//
// ExactlyOne is AtMostOne plus the clause (x1 ∨ … ∨ xn): one clause more
// than the method's at-most-one, for every method. Fewer than two literals
// need no at-most-one clauses at all. Duplicate literals count twice (a
// literal listed twice must be false) and a complementary pair counts
// exactly one, so every other literal must be false: both fall out of the
// encodings, which are correct for any literals in the positions.
//
// C. Sinz, Towards an optimal CNF encoding of Boolean cardinality
// constraints, CP 2005. I. P. Gent, P. Nightingale, A new encoding of
// AllDifferent into SAT, CP 2004 workshop on modelling.

import "github.com/satsolve/satsolve/sat"

// AMOMethod selects an at-most-one encoding.
type AMOMethod uint8

// The at-most-one encodings.
const (
	AMOPairwise  AMOMethod = iota // all pairs, no auxiliaries
	AMOLadder                     // sequential counter for k = 1
	AMOCommander                  // Klieber and Kwon's commander variables
	AMOBinary                     // Frisch et al.'s binary (bitwise) encoding
	AMOBimander                   // Nguyen and Mai's binary over pairs
	AMOProduct                    // Chen's 2-product encoding
)

var amoNames = []string{"pairwise", "ladder", "commander", "binary", "bimander", "product"}

// String returns the method's flag name, e.g. "ladder".
func (m AMOMethod) String() string { return methodName("AMOMethod", m, amoNames) }

// AMOMethods returns every at-most-one method, in declaration order.
func AMOMethods() []AMOMethod {
	return []AMOMethod{AMOPairwise, AMOLadder, AMOCommander, AMOBinary, AMOBimander, AMOProduct}
}

// ParseAMOMethod returns the method whose String is name.
func ParseAMOMethod(name string) (AMOMethod, error) {
	return parseMethod("at-most-one method", name, AMOMethods())
}

// AtMostOne adds clauses allowing at most one of lits to be true. It panics
// on a zero literal or an unknown method.
func AtMostOne(s sat.Sink, lits []sat.Lit, m AMOMethod) {
	checkLits(lits)
	if len(lits) < 2 {
		if int(m) >= len(amoNames) {
			panic("encode: unknown " + m.String())
		}
		return
	}
	switch m {
	case AMOPairwise:
		amoPairwise(s, lits)
	case AMOLadder:
		amoLadder(s, lits)
	case AMOCommander:
		amoCommander(s, lits)
	case AMOBinary:
		amoBinary(s, lits)
	case AMOBimander:
		amoBimander(s, lits)
	case AMOProduct:
		amoProduct(s, lits)
	default:
		panic("encode: unknown " + m.String())
	}
}

// ExactlyOne adds clauses making exactly one of lits true: AtMostOne plus
// the clause of all lits (so the empty list is a contradiction).
func ExactlyOne(s sat.Sink, lits []sat.Lit, m AMOMethod) {
	AtMostOne(s, lits, m)
	s.AddClause(lits...)
}

func amoPairwise(s sat.Sink, lits []sat.Lit) {
	for i, a := range lits {
		for _, b := range lits[i+1:] {
			s.AddClause(a.Not(), b.Not())
		}
	}
}

func amoLadder(s sat.Sink, lits []sat.Lit) {
	n := len(lits)
	prev := s.NewVar().Pos()
	s.AddClause(lits[0].Not(), prev)
	for i := 1; i < n-1; i++ {
		cur := s.NewVar().Pos()
		s.AddClause(lits[i].Not(), cur)
		s.AddClause(prev.Not(), cur)
		s.AddClause(lits[i].Not(), prev.Not())
		prev = cur
	}
	s.AddClause(lits[n-1].Not(), prev.Not())
}
