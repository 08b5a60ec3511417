package proof

import (
	"bytes"
	"io"
	"testing"
)

// BenchmarkCheck checks CaDiCaL's proofs of the larger test instances
// with the DRAT checker, and the LRAT proofs it writes with the LRAT
// checker: go test -run '^$' -bench Check ./sat/proof
func BenchmarkCheck(b *testing.B) {
	for _, fx := range cadicalFixtures(b) {
		if fx.name != "hole6" && fx.name != "pret60_25" && fx.name != "pret60_75" {
			continue
		}
		f := readCNF(b, fx.cnf)
		data := readFile(b, fx.proof)
		var lrat bytes.Buffer
		if _, err := CheckDRAT(f, bytes.NewReader(data), Options{LRAT: &lrat}); err != nil {
			b.Fatal(err)
		}
		b.Run(fx.name+"/drat", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := CheckDRAT(f, bytes.NewReader(data), Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fx.name+"/lrat", func(b *testing.B) {
			b.SetBytes(int64(lrat.Len()))
			for b.Loop() {
				if _, err := CheckLRAT(f, bytes.NewReader(lrat.Bytes()), Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fx.name+"/read", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				rd := NewDRATReader(bytes.NewReader(data), "")
				for {
					if _, err := rd.Next(); err == io.EOF {
						break
					} else if err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
