package benchmarks

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// CSVFiles expands the -csv list of a -report run over the shards of an
// array job: comma-separated files or globs, each of which must match.
func CSVFiles(list string) ([]string, error) {
	var paths []string
	for _, pat := range strings.Split(list, ",") {
		m, err := filepath.Glob(pat)
		if err != nil {
			return nil, fmt.Errorf("-csv %q: %v", pat, err)
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("-csv %q: no such file", pat)
		}
		paths = append(paths, m...)
	}
	return paths, nil
}

// MergeCSV reads the CSV files of list (see CSVFiles), each starting with
// header, and returns their rows, header excluded, in order. Rows with
// the same key columns (the same run, from two shards or a rerun) must
// agree on the agree columns (the answers): the first is kept, and a
// disagreement is an error naming both files.
func MergeCSV(list string, header []string, key, agree []int) ([][]string, error) {
	paths, err := CSVFiles(list)
	if err != nil {
		return nil, err
	}
	pick := func(r []string, cols []int) string {
		var b strings.Builder
		for _, c := range cols {
			b.WriteString(r[c])
			b.WriteByte(0)
		}
		return b.String()
	}
	var rows [][]string
	seen := map[string]int{}
	from := map[string]string{}
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		recs, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p, err)
		}
		if len(recs) == 0 || !slices.Equal(recs[0], header) {
			return nil, fmt.Errorf("%s: not a CSV file of this benchmark (its header differs)", p)
		}
		for _, r := range recs[1:] {
			k := pick(r, key)
			i, dup := seen[k]
			switch {
			case !dup:
				seen[k], from[k] = len(rows), p
				rows = append(rows, r)
			case pick(rows[i], agree) != pick(r, agree):
				return nil, fmt.Errorf("%s and %s disagree on %s: %s against %s", from[k], p,
					strings.Join(strings.Split(strings.TrimSuffix(k, "\x00"), "\x00"), " "),
					strings.Join(colsOf(rows[i], agree), " "), strings.Join(colsOf(r, agree), " "))
			}
		}
	}
	return rows, nil
}

// colsOf returns the columns cols of r.
func colsOf(r []string, cols []int) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = r[c]
	}
	return out
}
