package dobble

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseGood(t *testing.T) {
	tests := []struct {
		file  string
		names bool
		cards [][]string // labels per card
		lines []int
	}{
		{"fano.txt", false, [][]string{{"0", "1", "3"}, {"1", "2", "4"}, {"2", "3", "5"}, {"3", "4", "6"}, {"4", "5", "0"}, {"5", "6", "1"}, {"6", "0", "2"}}, []int{2, 3, 4, 6, 7, 8, 9}},
		{"names-commas.txt", true, [][]string{{"apple", "pear", "plum"}, {"apple", "kiwi", "fig"}, {"pear", "kiwi", "lime"}}, []int{1, 2, 4}},
		{"mixed-names.txt", true, [][]string{{"cat", "1", "dog"}, {"1", "2", "3"}}, []int{1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			d := parseFile(t, filepath.Join("..", "..", "testdata", "dobble", "good", tt.file))
			if (d.Names != nil) != tt.names {
				t.Errorf("names = %v, want names: %v", d.Names, tt.names)
			}
			if got := labels(d); !slices.EqualFunc(got, tt.cards, slices.Equal) {
				t.Errorf("cards = %v, want %v", got, tt.cards)
			}
			if !slices.Equal(d.Lines, tt.lines) {
				t.Errorf("lines = %v, want %v", d.Lines, tt.lines)
			}
		})
	}
}

func TestParseBad(t *testing.T) {
	tests := []struct {
		file string
		want string // the position and a word of the message
	}{
		{"empty.txt", "empty.txt: no cards"},
		{"nocards.txt", "nocards.txt: no cards"},
		{"negativesymbol.txt", "negativesymbol.txt:3:1: negative symbol -1"},
		{"symboltoolarge.txt", "symboltoolarge.txt:2:3: symbol 99999999999 out of range"},
		{"emptysymbolbetweencommas.txt", "emptysymbolbetweencommas.txt:2:3: empty symbol"},
		{"trailingcomma.txt", "trailingcomma.txt:1:6: comma without a symbol"},
		{"leadingcomma.txt", "leadingcomma.txt:1:1: empty symbol"},
		{"invalidutf8.txt", "invalidutf8.txt:2:3: invalid UTF-8"},
	}
	dir := filepath.Join("..", "..", "testdata", "dobble", "bad")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(tests) {
		t.Errorf("%d files in %s, %d in the table: keep them in step", len(entries), dir, len(tests))
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join(dir, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			_, err = Parse(f, tt.file)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse error = %v, want a *ParseError", err)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %q, want prefix %q", err, tt.want)
			}
		})
	}
}

// TestWriteRoundTrip writes decks of both kinds and reads them back.
func TestWriteRoundTrip(t *testing.T) {
	plane, _ := Plane(3)
	kids := kidsDeck(t)
	for name, d := range map[string]*Deck{"integers": plane, "names": kids} {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Write(&buf, d); err != nil {
				t.Fatal(err)
			}
			e, err := Parse(&buf, name)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(labels(d), labels(e), slices.Equal) {
				t.Errorf("round trip changed the deck:\n%v\n%v", labels(d), labels(e))
			}
		})
	}
}

func TestWriteBadName(t *testing.T) {
	for _, name := range []string{"", "two words", "a,b", "x#y"} {
		t.Run(name, func(t *testing.T) {
			d := &Deck{Cards: [][]int{{0, 1}}, Names: []string{"ok", name}}
			if err := Write(&bytes.Buffer{}, d); err == nil {
				t.Errorf("Write accepted the name %q", name)
			}
		})
	}
}

// FuzzParse checks that Parse never panics and that whatever it accepts
// survives a write and a second read.
func FuzzParse(f *testing.F) {
	for _, sub := range []string{"good", "bad"} {
		dir := filepath.Join("..", "..", "testdata", "dobble", sub)
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := Write(&buf, d); err != nil {
			t.Fatalf("Write of a parsed deck: %v", err)
		}
		e, err := Parse(&buf, "again")
		if err != nil {
			t.Fatalf("reparse: %v\n%s", err, buf.Bytes())
		}
		if !slices.EqualFunc(labels(d), labels(e), slices.Equal) {
			t.Fatalf("round trip changed the deck:\n%v\n%v", labels(d), labels(e))
		}
	})
}

func labels(d *Deck) [][]string {
	out := make([][]string, len(d.Cards))
	for i, c := range d.Cards {
		for _, s := range c {
			out[i] = append(out[i], d.Label(s))
		}
	}
	return out
}

func parseFile(t testing.TB, path string) *Deck {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := Parse(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func kidsDeck(t testing.TB) *Deck {
	return parseFile(t, filepath.Join("..", "..", "testdata", "dobble", "dobble-kids.txt"))
}

// TestParseBOMAndLineEnds is the regression test for a byte-order mark
// read as part of the first symbol (a valid Fano plane with a BOM failed
// dobble check; a file holding only a BOM was one card of one symbol) and
// for CR-only line ends (the whole deck read as one card): every variant
// of the Fano plane reads as the plain file does.
func TestParseBOMAndLineEnds(t *testing.T) {
	fano := "0 1 3\n1 2 4\n2 3 5\n3 4 6\n4 5 0\n5 6 1\n6 0 2\n"
	want := labels(parseString(t, fano))
	for name, text := range map[string]string{
		"BOM":          "\uFEFF" + fano,
		"CRLF":         strings.ReplaceAll(fano, "\n", "\r\n"),
		"CR":           strings.ReplaceAll(fano, "\n", "\r"),
		"BOM, CR":      "\uFEFF" + strings.ReplaceAll(fano, "\n", "\r"),
		"CR, no final": strings.TrimSuffix(strings.ReplaceAll(fano, "\n", "\r"), "\r"),
	} {
		d := parseString(t, text)
		if got := labels(d); !slices.EqualFunc(got, want, slices.Equal) || d.Names != nil {
			t.Errorf("%s: cards %v (names %v), want %v", name, got, d.Names, want)
		}
		if !slices.Equal(d.Lines, []int{1, 2, 3, 4, 5, 6, 7}) {
			t.Errorf("%s: lines %v", name, d.Lines)
		}
	}
	if _, err := Parse(strings.NewReader("\uFEFF"), "bom"); !errors.Is(err, ErrNoCards) {
		t.Errorf("a file of only a BOM: %v, want ErrNoCards", err)
	}
	if _, err := Parse(strings.NewReader("0 1\r1 -2\r"), "x"); err == nil || !strings.Contains(err.Error(), "x:2:") {
		t.Errorf("CR-only error %v, want it on line 2", err)
	}
}

func parseString(t *testing.T, s string) *Deck {
	t.Helper()
	d, err := Parse(strings.NewReader(s), "test")
	if err != nil {
		t.Fatal(err)
	}
	return d
}
