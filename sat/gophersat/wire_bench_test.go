package gophersat

import (
	"bufio"
	"bytes"
	"encoding/gob"
	"math/rand/v2"
	"testing"

	"github.com/satsolve/satsolve/sat"
)

// BenchmarkWireRequest encodes and decodes a request of 300,000 clauses
// of 3 literals over 100,000 variables, as wire.go does and as
// encoding/gob, which the protocol used before, did: the cost a large
// formula pays to reach the child.
func BenchmarkWireRequest(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	req := &request{NumVars: 100000}
	for range 300000 {
		c := make(sat.Clause, 3)
		for i := range c {
			c[i] = sat.Lit(1 + rng.IntN(100000))
			if rng.IntN(2) == 0 {
				c[i] = -c[i]
			}
		}
		req.Clauses = append(req.Clauses, c)
	}
	b.Run("wire", func(b *testing.B) {
		var buf bytes.Buffer
		for b.Loop() {
			buf.Reset()
			if err := writeRequest(bufio.NewWriter(&buf), req); err != nil {
				b.Fatal(err)
			}
			if _, err := readRequest(bufio.NewReader(&buf)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("gob", func(b *testing.B) {
		var buf bytes.Buffer
		for b.Loop() {
			buf.Reset()
			if err := gob.NewEncoder(&buf).Encode(req); err != nil {
				b.Fatal(err)
			}
			var got request
			if err := gob.NewDecoder(bufio.NewReader(&buf)).Decode(&got); err != nil {
				b.Fatal(err)
			}
		}
	})
}
