package fzn

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead reads arbitrary input: it must never panic, every error must be
// a positioned *Error, and a model read must survive writing: Write then
// Read gives a model that writes to the same text. Seeds: every file of
// testdata/good and testdata/bad, and the models of the repository's
// testdata/fzn.
func FuzzRead(f *testing.F) {
	for _, dir := range []string{"testdata/good", "testdata/bad", "../../testdata/fzn"} {
		names, err := filepath.Glob(filepath.Join(dir, "*.fzn"))
		if err != nil {
			f.Fatal(err)
		}
		for _, n := range names {
			data, err := os.ReadFile(n)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Read(bytes.NewReader(data), Options{File: "fuzz"})
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 || pe.File != "fuzz" {
				t.Fatalf("error %v is not a positioned *Error", err)
			}
			return
		}
		var w1, w2 bytes.Buffer
		if err := Write(&w1, m); err != nil {
			t.Fatal(err)
		}
		m2, err := Read(bytes.NewReader(w1.Bytes()), Options{File: "written"})
		if err != nil {
			t.Fatalf("the written model does not read back: %v\n%s", err, w1.Bytes())
		}
		if err := Write(&w2, m2); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(w1.Bytes(), w2.Bytes()) {
			t.Fatalf("written twice, the texts differ:\n%s\n---\n%s", w1.Bytes(), w2.Bytes())
		}
	})
}
