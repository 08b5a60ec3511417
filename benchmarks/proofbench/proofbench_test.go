package main

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestBench runs the benchmark on two small instances of the test corpus:
// every proof must verify, cdcl's and cadical's (when cadical is there).
func TestBench(t *testing.T) {
	b := &bench{ctx: context.Background(), corpus: filepath.Join("..", "..", "testdata", "cnf"), limit: 20 * time.Second,
		checkLimit: 20 * time.Second, filter: regexp.MustCompile(`satch-full4|uuf50-01|hole6`), repeatFor: time.Millisecond}
	b.tmp = t.TempDir()
	files, err := b.unsatInstances()
	if err != nil || len(files) != 3 {
		t.Fatalf("%v, %v", files, err)
	}
	var rows []row
	for _, f := range files {
		r := b.instance(f)
		if r.status != "solved" || r.dratOK != "VERIFIED" || r.lratOK != "VERIFIED" || r.lemmas == 0 || r.core == 0 || r.core > r.lemmas {
			t.Errorf("%s: %+v", f, r)
		}
		if r.drat <= 0 || r.lrat <= 0 || r.dratMB <= 0 || r.lratMB <= 0 {
			t.Errorf("%s: times or sizes missing: %+v", f, r)
		}
		rows = append(rows, r)
	}
	csvPath := filepath.Join(t.TempDir(), "p.csv")
	if err := writeCSV(csvPath, rows); err != nil {
		t.Fatal(err)
	}
	again, err := readCSV(csvPath)
	if err != nil || len(again) != len(rows) || again[2].core != rows[2].core || again[2].dratOK != rows[2].dratOK {
		t.Errorf("CSV round trip: %v, %+v", err, again)
	}
	var out bytes.Buffer
	report(&out, rows, b)
	if !strings.Contains(out.String(), "cdcl solved 3 of 3 UNSAT instances; both its proofs verified on 3 of them") {
		t.Errorf("report:\n%s", out.String())
	}
}
