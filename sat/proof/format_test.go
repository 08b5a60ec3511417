package proof

import (
	"bytes"
	"testing"
)

func TestFormat(t *testing.T) {
	for _, name := range []string{"auto", "drat", "binary-drat", "lrat"} {
		var f Format
		if err := f.Set(name); err != nil || f.String() != name {
			t.Errorf("%s: %v, %v", name, f, err)
		}
	}
	if _, err := ParseFormat("frat"); err == nil {
		t.Error("frat accepted")
	}
	cases := map[string]Format{"p.lrat": LRAT, "p.LRAT": LRAT, "p.drat": DRAT, "p": DRAT, "p.lrat.gz": DRAT}
	for path, want := range cases {
		if got := Auto.ForFile(path); got != want {
			t.Errorf("%s: %v, want %v", path, got, want)
		}
	}
	if BinaryDRAT.ForFile("p.lrat") != BinaryDRAT {
		t.Error("ForFile changed a given format")
	}
	// Each writer checks with Check in its format.
	f := parseCNF(t, readmeCNF)
	for _, format := range []Format{DRAT, BinaryDRAT, LRAT} {
		var b bytes.Buffer
		w := NewWriter(format, &b)
		for _, st := range readLRATSteps(t, []byte(readmeLRAT)) {
			if st.Delete {
				continue // deletions need literals; the proof checks without them
			}
			hints := make([]uint64, len(st.Hints))
			for i, h := range st.Hints {
				hints[i] = uint64(h) // the RAT hints do not fit the hook; see below
			}
			if st.ID == 9 {
				hints = nil
			}
			w.Derived(st.ID, st.Lits, hints)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		_, err := Check(f, &b, format, Options{})
		if format == LRAT {
			// Lemma 9 is RAT, which the hook cannot express: it fails.
			if err == nil {
				t.Error("LRAT without RAT hints verified")
			}
			continue
		}
		if err != nil {
			t.Errorf("%v: %v", format, err)
		}
	}
}
