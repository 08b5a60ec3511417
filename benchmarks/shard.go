package benchmarks

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
)

// Shard is the -shard flag of every benchmark command: "i/n" runs the i-th
// of n parts of the command's instance lists, i from 0 to n−1, so that n
// array jobs (Slurm's SLURM_ARRAY_TASK_ID, Kubernetes' JOB_COMPLETION_INDEX,
// both from 0) together run every instance exactly once:
//
//	cnfbench -shard $SLURM_ARRAY_TASK_ID/8 -csv cnf-$SLURM_ARRAY_TASK_ID.csv
//
// The split is by position: the k-th instance of a list (after any filter)
// belongs to shard k mod n, so shards differ in size by at most one and
// the split depends only on the list, never on timing or the machine. The
// zero Shard, "0/1", keeps everything.
type Shard struct {
	// I is this shard, N the number of shards; N 0 means 1.
	I, N int
}

var _ flag.Value = (*Shard)(nil)

// Set parses "i/n".
func (s *Shard) Set(v string) error {
	is, ns, ok := strings.Cut(v, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(is))
	n, err2 := strconv.Atoi(strings.TrimSpace(ns))
	switch {
	case !ok || err1 != nil || err2 != nil:
		return fmt.Errorf("shard %q: want i/n, e.g. 0/4", v)
	case n < 1:
		return fmt.Errorf("shard %q: n must be at least 1", v)
	case i < 0 || i >= n:
		return fmt.Errorf("shard %q: i must be from 0 to %d", v, n-1)
	}
	s.I, s.N = i, n
	return nil
}

// String returns "i/n".
func (s *Shard) String() string {
	if s == nil {
		return "0/1"
	}
	return fmt.Sprintf("%d/%d", s.I, max(s.N, 1))
}

// Keep reports whether the k-th instance of a list (from 0) belongs to
// this shard.
func (s Shard) Keep(k int) bool { return s.N <= 1 || k%s.N == s.I }

// All reports whether the shard keeps every instance.
func (s Shard) All() bool { return s.N <= 1 }

// ShardFlag registers -shard on the default command-line flag set and
// returns its value.
func ShardFlag() *Shard {
	s := &Shard{}
	flag.Var(s, "shard", "run only part i of n of the instance lists (i/n, i from 0), for array jobs; the k-th instance of a list belongs to part k mod n")
	return s
}

// Select returns the items of list that belong to shard s, in order.
func Select[T any](s Shard, list []T) []T {
	if s.All() {
		return list
	}
	var out []T
	for k, x := range list {
		if s.Keep(k) {
			out = append(out, x)
		}
	}
	return out
}

// Rows deals the rows of a report to shards in the order the report
// computes them: Next reports whether the next row belongs to this shard.
// A benchmark whose report is tables of independent rows calls it once per
// row, so that each of n array jobs computes every n-th row of the same
// run (with the same flags) and the jobs together compute all of them.
type Rows struct {
	Shard Shard
	next  int
}

// Next reports whether the next row belongs to the shard.
func (r *Rows) Next() bool {
	k := r.next
	r.next++
	return r.Shard.Keep(k)
}

// Note returns a line for a Markdown report made by one shard, or "" for
// the whole run.
func (s Shard) Note() string {
	if s.All() {
		return ""
	}
	return fmt.Sprintf("Shard %d of %d (-shard %d/%d): only rows (and instances) k with k mod %d = %d, counted in the report's order; the other shards' reports hold the rest.\n\n", s.I+1, s.N, s.I, s.N, s.N, s.I)
}
