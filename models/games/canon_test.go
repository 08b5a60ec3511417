package games

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/graph/simple"
)

// rowsOf returns the adjacency rows of a test graph on vertices 0..n−1.
func rowsOf(g *simple.UndirectedGraph) []uint64 {
	closed := closedNeighbourhoods(g)
	for i := range closed {
		closed[i] &^= 1 << i
	}
	return closed
}

// relabel returns the rows of the graph with vertex v renamed perm[v].
func relabel(adj []uint64, perm []int) []uint64 {
	out := make([]uint64, len(adj))
	for v, row := range adj {
		for w := range adj {
			if row&(1<<w) != 0 {
				out[perm[v]] |= 1 << perm[w]
			}
		}
	}
	return out
}

// graphsOn returns the adjacency rows of every labelled graph on n
// vertices.
func graphsOn(n int) [][]uint64 {
	var pairs [][2]int
	for i := range n {
		for j := i + 1; j < n; j++ {
			pairs = append(pairs, [2]int{i, j})
		}
	}
	var out [][]uint64
	for mask := range 1 << len(pairs) {
		adj := make([]uint64, n)
		for b, p := range pairs {
			if mask&(1<<b) != 0 {
				adj[p[0]] |= 1 << p[1]
				adj[p[1]] |= 1 << p[0]
			}
		}
		out = append(out, adj)
	}
	return out
}

// TestCertificateCountsIsomorphismClasses checks completeness: the number
// of distinct certificates over all labelled graphs on n vertices is the
// number of graphs up to isomorphism, OEIS A000088. Certificates are
// adjacency matrices of relabellings, so equal ones are isomorphic; more
// certificates than classes would mean some class got two.
func TestCertificateCountsIsomorphismClasses(t *testing.T) {
	a000088 := []int{1, 1, 2, 4, 11, 34, 156}
	for n := 1; n < len(a000088); n++ {
		certs := map[string]bool{}
		for _, adj := range graphsOn(n) {
			c, ok := certificate(adj)
			if !ok {
				t.Fatalf("n=%d: budget exceeded on %v", n, adj)
			}
			certs[c] = true
		}
		if len(certs) != a000088[n] {
			t.Errorf("n=%d: %d certificates, want %d classes", n, len(certs), a000088[n])
		}
	}
}

func TestCertificateInvariantUnderRelabelling(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	graphs := [][]uint64{rowsOf(petersenGraph()), rowsOf(hypercube(3)), rowsOf(gridGraph(4, 5)), rowsOf(pathGraph(30)), rowsOf(completeBipartite(5, 7))}
	for range 20 {
		graphs = append(graphs, rowsOf(randomGraph(r, 10+r.IntN(30), 0.05+0.3*r.Float64())))
	}
	for i, adj := range graphs {
		want, ok := certificate(adj)
		if !ok {
			t.Fatalf("graph %d: budget exceeded", i)
		}
		for range 5 {
			got, ok := certificate(relabel(adj, r.Perm(len(adj))))
			if !ok || got != want {
				t.Fatalf("graph %d: a relabelling changed the certificate (ok=%v)", i, ok)
			}
		}
		// Removing an edge changes the graph's edge count, so the class.
		for v, row := range adj {
			if row != 0 {
				w := 0
				for row&(1<<w) == 0 {
					w++
				}
				cut := append([]uint64(nil), adj...)
				cut[v] &^= 1 << w
				cut[w] &^= 1 << v
				if c, ok := certificate(cut); ok && c == want {
					t.Errorf("graph %d: deleting edge %d-%d kept the certificate", i, v, w)
				}
				break
			}
		}
	}
}

// TestCertificateBudget: the 5-cube has 3840 automorphisms and no twins,
// so its search tree outgrows the budget and no certificate is claimed.
func TestCertificateBudget(t *testing.T) {
	if _, ok := certificate(rowsOf(hypercube(5))); ok {
		t.Error("the 5-cube got a certificate within the budget")
	}
}
