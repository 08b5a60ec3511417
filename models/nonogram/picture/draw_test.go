package picture

import (
	"bytes"
	"encoding/xml"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/satsolve/satsolve/models/nonogram"
)

// TestDraw draws a solved puzzle as SVG and checks the document: it parses
// as XML, shows every clue number as text, and fills one path per black
// cell besides the background.
func TestDraw(t *testing.T) {
	p := mustParse(t, "webpbn-00001.non")
	uw, uh := Units(p)
	// Row clues have up to 2 numbers ("2,1"), column clues up to 3 ("2,1,3").
	if uw != 2+5 || uh != 3+10 {
		t.Fatalf("units %dx%d, want 7x13", uw, uh)
	}
	c := vgsvg.New(vg.Length(uw)*12, vg.Length(uh)*12)
	Draw(draw.New(c), p, p.Goal)
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
	var texts []string
	fills := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG does not parse: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "path" {
			style := ""
			for _, a := range se.Attr {
				if a.Name.Local == "style" {
					style = a.Value
				}
			}
			if style == "" { // filled in the default colour, black
				fills++
			}
		}
		if cd, ok := tok.(xml.CharData); ok && strings.TrimSpace(string(cd)) != "" {
			texts = append(texts, strings.TrimSpace(string(cd)))
		}
	}
	numbers := 0
	for _, c := range append(append([]nonogram.Clue{}, p.Rows...), p.Cols...) {
		numbers += len(c)
	}
	if len(texts) != numbers {
		t.Errorf("%d text elements, want %d clue numbers", len(texts), numbers)
	}
	black := 0
	for _, v := range p.Goal.Cells {
		if v == nonogram.Black {
			black++
		}
	}
	if fills != black {
		t.Errorf("%d black fills, want %d black cells", fills, black)
	}
}

// mustParse reads the first puzzle of a file of testdata/nonogram.
func mustParse(t *testing.T, name string) *nonogram.Puzzle {
	t.Helper()
	ps, err := nonogram.ParseFile(filepath.Join("..", "..", "..", "testdata", "nonogram", name), nonogram.FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	return ps[0]
}
