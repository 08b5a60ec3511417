package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const header = "file,family,expected,solver,status,cpu_seconds,wall_seconds,limit_seconds\n"

// TestMergeShards merges the CSV files of two shards, by list and by glob,
// and refuses two files that disagree on a run.
func TestMergeShards(t *testing.T) {
	dir := t.TempDir()
	write := func(name, rows string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(header+rows), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("cnf-0.csv", "uf/a.cnf,uf,SAT,gini,SAT,0.1,0.2,60\nuf/a.cnf,uf,SAT,cadical,SAT,0.05,0.1,60\n")
	b := write("cnf-1.csv", "uf/b.cnf,uf,SAT,gini,TIMEOUT,60.1,61,60\nuf/a.cnf,uf,SAT,gini,SAT,0.3,0.3,60\n")
	for _, list := range []string{a + "," + b, filepath.Join(dir, "cnf-*.csv")} {
		got, err := mergeResults(list)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 3 || got["uf/b.cnf\x00gini"].Status != "TIMEOUT" || got["uf/a.cnf\x00cadical"].Status != "SAT" {
			t.Fatalf("%s: %v", list, got)
		}
	}
	c := write("other.csv", "uf/a.cnf,uf,SAT,gini,TIMEOUT,60,60,60\n")
	if _, err := mergeResults(a + "," + c); err == nil || !strings.Contains(err.Error(), "disagree") {
		t.Fatalf("disagreeing shards: %v", err)
	}
	if _, err := mergeResults(filepath.Join(dir, "none-*.csv")); err == nil {
		t.Fatal("a glob matching nothing accepted")
	}
}
