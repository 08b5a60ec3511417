package cp

import (
	"fmt"
	"testing"

	"github.com/satsolve/satsolve/encode"
)

func TestElement(t *testing.T) {
	idxs := []Domain{encode.RangeDomain(0, 5), encode.DomainOf(1, 3), encode.RangeDomain(2, 2), encode.RangeDomain(-1, 1)}
	arrays := [][]int64{{3, -1, 3, 0}, {}, {2}, {5, 4, 3, 2, 1}}
	for _, di := range idxs {
		for _, as := range arrays {
			for _, first := range []int64{0, 1} {
				for _, r := range reifModes[:2] {
					name := fmt.Sprintf("idx %v first %d over %v %s", di, first, as, r.name)
					m := NewModel()
					r.on(m, m.IntElement(m.NewIntIn(di, "i"), first, as, m.NewInt(-1, 4, "z")))
					agree(t, m, "array_int_element "+name)

					m = NewModel()
					bs := make([]bool, len(as))
					for j, a := range as {
						bs[j] = a > 2
					}
					r.on(m, m.BoolElement(m.NewIntIn(di, "i"), first, bs, m.NewBool("b")))
					agree(t, m, "array_bool_element "+name)

					if len(as) > 3 {
						continue // brute force over the variables' values
					}
					m = NewModel()
					xs := make([]IntVar, len(as))
					for j := range xs {
						xs[j] = m.NewIntIn(encode.DomainOf(as[j], 1, 2), fmt.Sprint("x", j))
					}
					r.on(m, m.IntVarElement(m.NewIntIn(di, "i"), first, xs, m.NewInt(0, 3, "z")))
					agree(t, m, "array_var_int_element "+name)

					m = NewModel()
					vb := make([]BoolVar, len(as))
					for j := range vb {
						vb[j] = m.NewBool(fmt.Sprint("b", j))
					}
					r.on(m, m.BoolVarElement(m.NewIntIn(di, "i"), first, vb, m.NewBool("c")))
					agree(t, m, "array_var_bool_element "+name)
				}
			}
		}
	}
}
