package dobble

import (
	"slices"
	"testing"
)

// TestConstructionsIsomorphic checks that the affine, homogeneous and
// Singer constructions give the same plane up to isomorphism, by
// exhibiting the map and checking it card by card.
func TestConstructionsIsomorphic(t *testing.T) {
	for _, q := range SingerOrders() {
		if q > 8 {
			continue // order 9 takes seconds: the map must be searched beyond a Baer subplane
		}
		F, err := NewField(q)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := Singer(q)
		aff, hom := Affine(F), Homogeneous(F)
		for name, pair := range map[string][2]*Deck{"affine-homogeneous": {aff, hom}, "singer-affine": {s, aff}, "homogeneous-singer": {hom, s}} {
			t.Run(name+"/"+string(rune('0'+q)), func(t *testing.T) {
				iso, ok := Isomorphism(pair[0], pair[1])
				if !ok {
					t.Fatal("no isomorphism found")
				}
				checkIsomorphism(t, pair[0], pair[1], iso)
			})
		}
	}
}

func TestNotIsomorphic(t *testing.T) {
	// Cards of two symbols: the edges of a hexagon and of two triangles,
	// both 2-regular with six cards.
	hexagon := fromSets([][]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0}})
	triangles := fromSets([][]int{{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}})
	if _, ok := Isomorphism(hexagon, triangles); ok {
		t.Error("a hexagon is isomorphic to two triangles")
	}
	if iso, ok := Isomorphism(hexagon, hexagon); !ok {
		t.Error("a hexagon is not isomorphic to itself")
	} else {
		checkIsomorphism(t, hexagon, hexagon, iso)
	}
	fano, _ := Plane(2)
	if _, ok := Isomorphism(fano, hexagon); ok {
		t.Error("Fano plane isomorphic to a hexagon")
	}
}

// checkIsomorphism checks that iso maps the cards of a onto those of b.
func checkIsomorphism(t *testing.T, a, b *Deck, iso []int) {
	t.Helper()
	img := &Deck{}
	for _, c := range a.Cards {
		var m []int
		for _, s := range c {
			m = append(m, iso[s])
		}
		img.Cards = append(img.Cards, m)
	}
	if !img.Equal(b) {
		t.Errorf("the map %v does not send the cards of a onto those of b", iso)
	}
	used := slices.Clone(iso)
	slices.Sort(used)
	if len(slices.Compact(used)) != len(iso) {
		t.Errorf("the map %v is not injective", iso)
	}
}
