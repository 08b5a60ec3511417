package satfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"testing"

	"github.com/ulikunitz/xz"

	"github.com/satsolve/satsolve/internal/memlimit"
)

// xzText compresses text with the given writer configuration.
func xzText(t *testing.T, text []byte, c xz.WriterConfig) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := c.NewWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(text); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// withDict returns a copy of the single-stream xz file data with the
// dictionary-size property of its first block set to code, and the block
// header's CRC32 fixed, so that only the declared size is hostile.
func withDict(t *testing.T, data []byte, code byte) []byte {
	t.Helper()
	out := bytes.Clone(data)
	h := out[12:]
	size := (int(h[0]) + 1) * 4
	// Block flags, no optional sizes (the writer sets none), then the one
	// LZMA2 filter: id 0x21, property size 1, the property.
	if h[1]&0xc3 != 0 || h[2] != 0x21 || h[3] != 1 {
		t.Fatalf("unexpected block header % x", h[:size])
	}
	h[4] = code
	binary.LittleEndian.PutUint32(h[size-4:], crc32.ChecksumIEEE(h[:size-4]))
	return out
}

// randomCNFText returns a random CNF text of about n clauses.
func randomCNFText(n int) []byte {
	r := rand.New(rand.NewPCG(3, 4))
	f, text := randomCNF(r, 50, n, 5)
	_ = f
	return []byte(text)
}

// TestXZLayouts reads xz files of every check type, with one and many
// blocks and several streams: the guard must follow each structure.
func TestXZLayouts(t *testing.T) {
	text := randomCNFText(1000)
	want, err := Read(bytes.NewReader(text), Options{})
	if err != nil {
		t.Fatal(err)
	}
	configs := map[string]xz.WriterConfig{
		"default":         {},
		"crc32":           {CheckSum: xz.CRC32},
		"sha256":          {CheckSum: xz.SHA256},
		"none":            {CheckSum: xz.None},
		"blocks of 1 KiB": {BlockSize: 1 << 10},
		"blocks, crc32":   {BlockSize: 777, CheckSum: xz.CRC32},
		"small dict":      {DictCap: 4096},
	}
	tail := xzText(t, []byte("c a second stream\n"), xz.WriterConfig{})
	for name, c := range configs {
		t.Run(name, func(t *testing.T) {
			data := xzText(t, text, c)
			two := append(append(bytes.Clone(data), 0, 0, 0, 0), tail...)
			for _, in := range [][]byte{data, two} {
				p, err := Read(bytes.NewReader(in), Options{})
				if err != nil {
					t.Fatal(err)
				}
				if d := sameFormula(want.Formula, p.Formula); d != "" {
					t.Fatal(d)
				}
			}
		})
	}
}

// TestXZDictCap is the regression test for an xz header that declares a
// 4 GiB dictionary: under a 1 GiB address-space budget, Read must refuse
// it with ErrXZDict, in the first stream and in a later one, instead of
// dying while allocating it.
func TestXZDictCap(t *testing.T) {
	if !memlimit.Run(t, 1<<30) {
		return
	}
	good := xzText(t, []byte("p cnf 2 1\n1 -2 0\n"), xz.WriterConfig{})
	hostile := withDict(t, good, 40)
	if len(hostile) > 600 {
		t.Fatalf("the hostile file has %d bytes; the point is a tiny one", len(hostile))
	}
	for name, data := range map[string][]byte{
		"first stream":  hostile,
		"second stream": append(bytes.Clone(good), hostile...),
	} {
		_, err := Read(bytes.NewReader(data), Options{File: "x.cnf.xz"})
		var pe *ParseError
		if !errors.Is(err, ErrXZDict) || !errors.As(err, &pe) || pe.File != "x.cnf.xz" {
			t.Errorf("%s: error %v, want ErrXZDict with the file name", name, err)
		}
	}
}

// TestXZDictCapRaised reads a file that declares a 128 MiB dictionary:
// refused by default, read when Options.XZDictCap allows it.
func TestXZDictCapRaised(t *testing.T) {
	data := withDict(t, xzText(t, []byte("p cnf 2 1\n1 -2 0\n"), xz.WriterConfig{}), 30)
	if _, err := Read(bytes.NewReader(data), Options{}); !errors.Is(err, ErrXZDict) {
		t.Fatalf("default cap: error %v, want ErrXZDict", err)
	}
	p, err := Read(bytes.NewReader(data), Options{XZDictCap: 128 << 20})
	if err != nil || len(p.Formula.Clauses) != 1 {
		t.Fatalf("raised cap: %v", err)
	}
}

func TestLZMA2DictSize(t *testing.T) {
	for code, want := range map[byte]int64{0: 4 << 10, 1: 6 << 10, 18: 2 << 20, 28: 64 << 20, 39: 3 << 30, 40: 1<<32 - 1} {
		if got := lzma2DictSize(code); got != want {
			t.Errorf("lzma2DictSize(%d) = %d, want %d", code, got, want)
		}
	}
}
