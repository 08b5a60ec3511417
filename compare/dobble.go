package compare

import (
	"errors"
	"fmt"

	"github.com/satsolve/satsolve/encode"
	"github.com/satsolve/satsolve/models/dobble"
	"github.com/satsolve/satsolve/sat"
)

// MaxDobbleOrder bounds Dobble's order: the incidence model of a plane of
// order q has (q²+q+1)² variables before any auxiliary ones.
const MaxDobbleOrder = 9

// Dobble returns the subject "the incidence model of a full deck": a
// projective plane of order q (lambda 1), or a symmetric design whose
// cards share lambda symbols, with every cardinality method for the card
// and symbol sums, every at-most-one method for "exactly one shared
// symbol", and both encodings of the shared-symbol pairs (one for λ > 1);
// the other choices stay at the model's defaults. Every case of the
// symmetry breaking goes into one formula, so each method solves one
// instance. Parameters without a design are an error naming the reason.
func Dobble(order, lambda int) (*Subject, error) {
	if order < 2 || order > MaxDobbleOrder {
		return nil, fmt.Errorf("order must be between 2 and %d, not %d", MaxDobbleOrder, order)
	}
	k := order + 1
	// Refuse parameters without a design size up front, so that the
	// error is the user's, not one per method.
	verdict, err := dobble.DesignVerdict(k, lambda)
	if err != nil {
		return nil, err
	}
	if verdict.V == 0 {
		return nil, fmt.Errorf("no symmetric design with k = %d, λ = %d: %s", k, lambda, verdict.Reason)
	}
	def := dobble.DefaultOptions
	def.Together = true
	if lambda != 1 {
		// The stronger levels are for planes only.
		def.Symmetry = dobble.SymLex
	}
	subj := &Subject{
		What: fmt.Sprintf("incidence model of a deck of %d-symbol cards, any two sharing %d", k, lambda),
		Task: fmt.Sprintf("find the deck (%v symmetry breaking, every case in one formula)", def.Symmetry),
		// The incidence matrix is the model's own; the rest is encoding.
		Inputs: verdict.V * verdict.V,
	}
	add := func(name string, opt dobble.Options) {
		subj.Methods = append(subj.Methods, Method{Name: name, Instance: func(s sat.Sink) (func(sat.Assignment) error, error) {
			return dobbleInstance(s, k, lambda, opt)
		}})
	}
	for _, m := range encode.CardMethods() {
		opt := def
		opt.Card = m
		add("card="+m.String(), opt)
	}
	if lambda == 1 {
		for _, m := range encode.AMOMethods() {
			opt := def
			opt.AMO = m
			add("amo="+m.String(), opt)
		}
	}
	pairs := []dobble.PairEncoding{dobble.PairAux}
	if lambda == 1 {
		pairs = append(pairs, dobble.PairRect)
	}
	for _, p := range pairs {
		opt := def
		opt.Pair = p
		add("pair="+p.String(), opt)
	}
	return subj, nil
}

// dobbleInstance writes the design model into s and returns the check of
// its models: the decoded deck must pass dobble.Check, which reads the
// cards, never the encoding.
func dobbleInstance(s sat.Sink, k, lambda int, opt dobble.Options) (func(sat.Assignment) error, error) {
	if !opt.Card.Applies(s) {
		return nil, encode.ErrNotApplicable
	}
	m, _, err := dobble.EncodeDesignCases(s, k, lambda, opt)
	if errors.Is(err, dobble.ErrOption) {
		return nil, encode.ErrNotApplicable
	}
	if err != nil {
		return nil, err
	}
	rows := make([]int, m.Rows)
	for i := range rows {
		rows[i] = i
	}
	return func(a sat.Assignment) error {
		return dobble.Check(m.Decode(a, rows), k, lambda)
	}, nil
}
