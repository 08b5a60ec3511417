package benchmarks

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeCSV merges the CSV files of three shards, by list and by glob,
// keeps a repeated run once, and refuses files that disagree on a run,
// another benchmark's file and a pattern matching nothing.
func TestMergeCSV(t *testing.T) {
	dir := t.TempDir()
	header := []string{"file", "status", "seconds"}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("r-0.csv", "file,status,seconds\na.cnf,SAT,1.0\nc.cnf,UNSAT,3.0\n")
	b := write("r-1.csv", "file,status,seconds\nb.cnf,UNSAT,2.0\na.cnf,SAT,1.2\n")
	write("r-2.csv", "file,status,seconds\n")
	for _, list := range []string{a + "," + b + "," + filepath.Join(dir, "r-2.csv"), filepath.Join(dir, "r-*.csv")} {
		rows, err := MergeCSV(list, header, []int{0}, []int{1})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rows {
			got = append(got, strings.Join(r, ","))
		}
		if strings.Join(got, " ") != "a.cnf,SAT,1.0 c.cnf,UNSAT,3.0 b.cnf,UNSAT,2.0" {
			t.Errorf("%s: %v", list, got)
		}
	}
	c := write("other.csv", "file,status,seconds\nb.cnf,SAT,2.0\n")
	if _, err := MergeCSV(b+","+c, header, []int{0}, []int{1}); err == nil || !strings.Contains(err.Error(), "disagree on b.cnf: UNSAT against SAT") {
		t.Errorf("disagreeing files: %v", err)
	}
	d := write("bad.csv", "file,verdict,seconds\na.cnf,SAT,1\n")
	if _, err := MergeCSV(a+","+d, header, []int{0}, []int{1}); err == nil || !strings.Contains(err.Error(), "header differs") {
		t.Errorf("another header: %v", err)
	}
	if _, err := MergeCSV(filepath.Join(dir, "none-*.csv"), header, []int{0}, []int{1}); err == nil {
		t.Error("a glob matching nothing accepted")
	}
}
