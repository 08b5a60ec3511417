package benchmarks

import (
	"slices"
	"testing"
)

func TestShardPartitions(t *testing.T) {
	for n := 1; n <= 7; n++ {
		for size := 0; size <= 20; size++ {
			list := make([]int, size)
			for i := range list {
				list[i] = i
			}
			seen := make([]int, size)
			for i := range n {
				var s Shard
				if err := s.Set((&Shard{I: i, N: n}).String()); err != nil {
					t.Fatal(err)
				}
				part := Select(s, list)
				if len(part) < size/n || len(part) > size/n+1 {
					t.Fatalf("shard %v of %d items has %d", s, size, len(part))
				}
				if !slices.IsSorted(part) {
					t.Fatalf("shard %v out of order: %v", s, part)
				}
				for _, x := range part {
					seen[x]++
				}
			}
			for x, c := range seen {
				if c != 1 {
					t.Fatalf("n=%d size=%d: item %d in %d shards", n, size, x, c)
				}
			}
		}
	}
	if got := Select(Shard{}, []string{"a", "b"}); len(got) != 2 {
		t.Fatalf("zero shard: %v", got)
	}
}

func TestShardSet(t *testing.T) {
	var s Shard
	for _, bad := range []string{"", "1", "a/b", "1/0", "4/4", "-1/3", "1/2/3"} {
		if s.Set(bad) == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if err := s.Set("2/5"); err != nil || s.I != 2 || s.N != 5 || s.String() != "2/5" {
		t.Fatalf("2/5: %v %+v", err, s)
	}
	if !(Shard{}).Keep(3) || (&Shard{}).String() != "0/1" {
		t.Fatal("the zero shard keeps everything")
	}
}

func TestRowsDeal(t *testing.T) {
	count := make([]int, 3)
	for i := range 3 {
		r := Rows{Shard: Shard{I: i, N: 3}}
		for k := range 10 {
			if r.Next() {
				count[i]++
				if k%3 != i {
					t.Fatalf("row %d went to shard %d", k, i)
				}
			}
		}
	}
	if count[0]+count[1]+count[2] != 10 {
		t.Fatalf("rows dealt %v", count)
	}
	if (Shard{}).Note() != "" || (Shard{I: 1, N: 4}).Note() == "" {
		t.Fatal("Note")
	}
}
