package main

import (
	"fmt"
	"slices"

	"github.com/satsolve/satsolve/models/games"
)

// sequenceCase is a game with the period the research brief gives it.
type sequenceCase struct {
	code              string
	period, preperiod int
	exceptions        []int
}

var sequenceCases = []sequenceCase{
	{"0.77", 12, 71, []int{0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70}},
	{"0.137", 34, 52, []int{0, 14, 16, 17, 31, 34, 51}},
	{"0.07", 34, 53, []int{0, 1, 15, 17, 18, 32, 35, 52}},
}

// sequences times Sequence(N) and checks the proven periods.
func (r *report) sequences() error {
	fmt.Println("## Grundy sequences")
	fmt.Println()
	fmt.Println("`Octal.Sequence(N)` by mex, sparse space where a mask makes rare values scarce (Kayles), plain split scan otherwise; period by the Guy–Smith criterion from the same values.")
	fmt.Println()
	fmt.Println("| code | N | time (ms) | period | preperiod | exceptions | matches brief |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---|")
	for _, c := range sequenceCases {
		g := games.MustParseOctal(c.code)
		for _, n := range []int{10_000, 100_000} {
			if !r.rows.Next() {
				continue
			}
			var seq []int
			d, err := r.median(func() (err error) {
				seq, err = g.Sequence(r.ctx, n)
				return err
			})
			if err != nil {
				return err
			}
			p, ok := g.Periodicity(seq)
			match := ok && p.Period == c.period && p.Preperiod == c.preperiod && slices.Equal(p.Exceptions, c.exceptions)
			if !match {
				return fmt.Errorf("%s to %d: period %+v (%v), want %d from %d", c.code, n, p, ok, c.period, c.preperiod)
			}
			fmt.Printf("| %s | %d | %s | %d | %d | %d | yes |\n", c.code, n, ms(d), p.Period, p.Preperiod, len(p.Exceptions))
		}
	}
	fmt.Println()
	return nil
}
