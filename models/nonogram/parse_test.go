package nonogram

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const testdata = "../../testdata/nonogram"

// TestParseGood reads every good fixture by sniffing and checks what the
// file says (sizes, clues, names, goals), read off the files by hand.
func TestParseGood(t *testing.T) {
	cases := []struct {
		file      string
		format    Format
		puzzles   int
		w, h      int
		name      string
		firstRow  Clue
		lastCol   Clue
		goal      bool
		goalFirst string // first row of the goal
	}{
		{"webpbn-00001.non", FormatNON, 1, 5, 10, "Demo Puzzle from Front Page", Clue{2}, Clue{2, 1}, true, ".##.."},
		{"knotty.non", FormatNON, 1, 40, 40, "Knotty Puzzle", Clue{1, 1, 1}, Clue{}, true, "........#..........#..........#........."},
		{"blank-rows.non", FormatNON, 1, 3, 4, "Blank lines as empty rules (pbnsolve reading) & an entity", Clue{1}, Clue{1}, true, "#.."},
		{"pack.nonpack", FormatNON, 2, 2, 1, "first", Clue{2}, Clue{1}, false, ""},
		{"dots.txt", FormatPicross, 1, 5, 5, "Dots", Clue{1, 1}, Clue{1, 1}, false, ""},
		{"picross-example.txt", FormatPicross, 2, 22, 20, "Fish", Clue{}, Clue{4, 4}, false, ""},
		{"wilk-001.nin", FormatNIN, 1, 10, 10, "", Clue{1}, Clue{1}, false, ""},
		{"atrus.xml", FormatXML, 1, 10, 10, "Atrus", nil, nil, false, ""},
		{"plus.xml", FormatXML, 2, 3, 3, "Plus & sign", Clue{1}, Clue{1}, true, ".#."},
		{"small.taai", FormatTAAI, 3, 3, 3, "$1", Clue{1, 1}, Clue{1, 1}, false, ""},
		{"plus.cwd", FormatCWD, 1, 3, 3, "", Clue{1}, Clue{1}, false, ""},
		{"empty-row.cwd", FormatCWD, 1, 3, 2, "", Clue{3}, Clue{1}, false, ""},
		{"plus.tatham", FormatTatham, 1, 3, 3, "3x3:1/3/1/1/3/1", Clue{1}, Clue{1}, false, ""},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(testdata, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if f, err := Sniff(data); err != nil || f != tc.format {
				t.Errorf("Sniff = %v, %v; want %v", f, err, tc.format)
			}
			ps, err := ParseFile(filepath.Join(testdata, tc.file), FormatAuto)
			if err != nil {
				t.Fatal(err)
			}
			if len(ps) != tc.puzzles {
				t.Fatalf("%d puzzles, want %d", len(ps), tc.puzzles)
			}
			p := ps[0]
			if p.Width != tc.w || p.Height != tc.h || p.Name != tc.name {
				t.Errorf("got %dx%d %q, want %dx%d %q", p.Width, p.Height, p.Name, tc.w, tc.h, tc.name)
			}
			if tc.firstRow != nil && !slices.Equal(p.Rows[0], tc.firstRow) {
				t.Errorf("first row %v, want %v", p.Rows[0], tc.firstRow)
			}
			if tc.lastCol != nil && !slices.Equal(p.Cols[p.Width-1], tc.lastCol) {
				t.Errorf("last column %v, want %v", p.Cols[p.Width-1], tc.lastCol)
			}
			if (p.Goal != nil) != tc.goal {
				t.Fatalf("goal present %v, want %v", p.Goal != nil, tc.goal)
			}
			if tc.goal {
				if got := p.Goal.Rows()[0]; got != tc.goalFirst {
					t.Errorf("goal row 1 %q, want %q", got, tc.goalFirst)
				}
				if err := Check(p, p.Goal); err != nil {
					t.Errorf("the goal breaks the clues: %v", err)
				}
			}
			// Every format yields the same puzzle under its forced name.
			forced, err := ParseFile(filepath.Join(testdata, tc.file), tc.format)
			if err != nil || len(forced) != len(ps) {
				t.Errorf("forced format: %v", err)
			}
		})
	}
}

// TestParseDetails pins details of single formats.
func TestParseDetails(t *testing.T) {
	t.Run("non-metadata", func(t *testing.T) {
		ps := mustParse(t, "webpbn-00001.non")
		m := ps[0].Meta
		if m.Author != "Jan Wolter" || m.Copyright != "© Copyright 2004 by Jan Wolter" || m.Catalogue != "webpbn.com #1" {
			t.Errorf("meta %+v", m)
		}
		if ps[0].Source.RowLines[0] != 9 || ps[0].Source.ColLines[4] != 25 {
			t.Errorf("clue lines %v %v", ps[0].Source.RowLines, ps[0].Source.ColLines)
		}
	})
	t.Run("non-blank-empty-rules", func(t *testing.T) {
		p := mustParse(t, "blank-rows.non")[0]
		want := []Clue{{1}, {}, {3}, {}}
		for i, c := range want {
			if !slices.Equal(p.Rows[i], c) {
				t.Errorf("row %d = %v, want %v", i+1, p.Rows[i], c)
			}
		}
	})
	t.Run("nonpack-second", func(t *testing.T) {
		p := mustParse(t, "pack.nonpack")[1]
		if p.Name != "second" || p.Goal == nil || p.Goal.String() != "#\n.\n" || len(p.Rows[1]) != 0 {
			t.Errorf("second puzzle %q goal %v rows %v", p.Name, p.Goal, p.Rows)
		}
	})
	t.Run("xml-empty-lines", func(t *testing.T) {
		p := mustParse(t, "plus.xml")[1]
		if len(p.Cols[0]) != 0 || len(p.Rows[2]) != 0 || !slices.Equal(p.Cols[1], Clue{2}) {
			t.Errorf("clues %v / %v", p.Rows, p.Cols)
		}
	})
	t.Run("taai-order", func(t *testing.T) {
		ps := mustParse(t, "small.taai")
		p := ps[2] // columns 1, 1; rows 2, 0
		if !slices.Equal(p.Rows[0], Clue{2}) || len(p.Rows[1]) != 0 || !slices.Equal(p.Cols[0], Clue{1}) || p.Width != 2 {
			t.Errorf("puzzle $3: rows %v cols %v", p.Rows, p.Cols)
		}
	})
	t.Run("cwd-empty-row", func(t *testing.T) {
		p := mustParse(t, "empty-row.cwd")[0]
		if len(p.Rows[1]) != 0 || len(p.Cols) != 3 {
			t.Errorf("rows %v cols %v", p.Rows, p.Cols)
		}
	})
	t.Run("tatham-given", func(t *testing.T) {
		p := mustParse(t, "plus-given.tatham")[0]
		if p.Given == nil || p.Given.String() != "?#.\n???\n???\n" {
			t.Fatalf("given %v", p.Given)
		}
	})
	t.Run("nin-trailing-text", func(t *testing.T) {
		p := mustParse(t, "trailing-text.nin")[0]
		if len(p.Warnings) != 1 || !strings.Contains(p.Warnings[0], "trailing-text.nin:4: ignored 1 lines after the 2 clue lines") {
			t.Errorf("warnings %q", p.Warnings)
		}
	})
	t.Run("picross-comment-and-empty", func(t *testing.T) {
		p := mustParse(t, "katakana.txt")[0]
		if len(p.Rows[0]) != 0 || p.Width != 13 {
			t.Errorf("rows %v", p.Rows)
		}
	})
}

func mustParse(t *testing.T, file string) []*Puzzle {
	t.Helper()
	ps, err := ParseFile(filepath.Join(testdata, file), FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// TestParseBad reads every bad fixture: each must fail with a positioned
// error that names its defect. The line is the one that holds the defect.
func TestParseBad(t *testing.T) {
	cases := []struct {
		file string
		line int
		msg  string
	}{
		{"non-row-clue-too-long.non", 4, "row 1: clue 1,2 needs at least 4 cells but the row has 3"},
		{"non-totals-differ.non", 1, "row clues ask for 2 black cells but the column clues for 3"},
		{"non-no-rows.non", 5, "no rows section"},
		{"non-rows-before-size.non", 1, "rows section before width and height"},
		{"non-too-many-rows.non", 3, "rows section: 3 clue lines for height 2"},
		{"non-goal-too-long.non", 8, "goal: more than 2 cells"},
		{"non-colour-clue.non", 4, "colour puzzles are not supported"},
		{"non-bad-separator.non", 4, "unexpected ';' in a clue"},
		{"non-bad-width.non", 1, `width "two" is not a size`},
		{"non-negative-clue.non", 5, "unexpected '-' in a clue (block lengths are positive numbers)"},
		{"non-fullwidth-clue.non", 5, "full-width digit '１' in a clue"},
		{"nin-fullwidth-clue.nin", 3, "full-width digit '１' in a clue"},
		{"taai-negative-clue.taai", 4, "unexpected '-' in a clue"},
		{"cwd-negative-clue.cwd", 4, "unexpected '-' in a clue"},
		{"picross-fullwidth-clue.txt", 4, "full-width digit '１' in a clue"},
		{"tatham-negative-clue.tatham", 1, "unexpected '-' in a clue"},
		{"non-clue-outside-section.non", 1, "clue line \"1,1\" outside a rows or columns section"},
		{"non-too-large.non", 1, "too large"},
		{"nonpack-second-bad.nonpack", 12, "row 1: clue 2 needs at least 2 cells but the row has 1"},
		{"xml-colour.xml", 3, "clues use the colours black, red: colour puzzles are not supported"},
		{"xml-triddler.xml", 3, `puzzle type "triddler" is not supported`},
		{"xml-blotted-clue.xml", 5, "blotted clue"},
		{"xml-unclosed-line.xml", 6, "element <line> closed by </clues>"},
		{"xml-goal-too-wide.xml", 6, "goal image row 1 does not fit the 1x1 grid"},
		{"nin-too-few-clues.nin", 1, "3 clue lines for a 2x2 puzzle (want 4)"},
		{"nin-bad-number.nin", 3, "unexpected 'x' in a clue"},
		{"taai-odd-clue-lines.taai", 1, "puzzle $1: 3 clue lines"},
		{"taai-clue-too-long.taai", 4, "row 1: clue 9 needs at least 9 cells but the row has 2"},
		{"cwd-no-separator.cwd", 6, "want the blank line that ends the 3 row clues"},
		{"picross-unknown-keyword.txt", 6, `unknown keyword "GRILL"`},
		{"picross-no-rows.txt", 1, "invalid size 2x0"},
		{"picross-unclosed-bracket.txt", 3, "clue without a closing ']'"},
		{"tatham-missing-clue.tatham", 1, "5 clues for a 3x3 puzzle (want 6)"},
		{"tatham-cells-overrun.tatham", 1, "the cell data runs past the 4 squares"},
		{"tatham-bad-cell-letter.tatham", 1, "unexpected '?' in the cell data"},
		{"unknown-format.txt", 0, "cannot recognise the puzzle format"},
		{"empty.txt", 0, "no puzzle in the file"},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join(testdata, "bad", tc.file)
			_, err := ParseFile(path, FormatAuto)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("got %v, want a *ParseError", err)
			}
			if pe.Line != tc.line || !strings.Contains(err.Error(), tc.msg) || pe.File != path {
				t.Errorf("got %q (line %d), want line %d and %q", err, pe.Line, tc.line, tc.msg)
			}
			if tc.line > 0 && !strings.HasPrefix(err.Error(), path+":"+strconv.Itoa(tc.line)+":") {
				t.Errorf("error %q does not start with FILE:LINE:", err)
			}
		})
	}
}

// TestColourCorpusFixture checks a real colour puzzle is refused with
// ErrColour.
func TestColourCorpusFixture(t *testing.T) {
	_, err := ParseFile(filepath.Join(testdata, "colour-take-two.xml"), FormatAuto)
	if !errors.Is(err, ErrColour) {
		t.Errorf("got %v, want ErrColour", err)
	}
}

// TestPicrossInvalidFixture checks picross-solver's invalid_input.txt:
// the syntax error is reported, and each grid before it fails validation
// with the reason picross-solver's validation.csv gives.
func TestPicrossInvalidFixture(t *testing.T) {
	_, err := ParseFile(filepath.Join(testdata, "picross-invalid.txt"), FormatAuto)
	if err == nil || !strings.Contains(err.Error(), ":105:") || !strings.Contains(err.Error(), "GRILL") {
		t.Fatalf("got %v, want the GRILL syntax error on line 105", err)
	}
	data, err := os.ReadFile(filepath.Join(testdata, "picross-invalid.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := splitLines(data)
	ps, err := parsePicross(lines[:104], "picross-invalid.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{ // validation.csv
		"Fishy":            "ask for 153 black cells but the column clues for 154",
		"False note":       "invalid size 10x0",
		"Ill-formed":       "column 1: clue 4 needs at least 4 cells",
		"Wrong constraint": "row 1: clue 1,1 needs at least 3 cells",
	}
	for _, p := range ps {
		msg, bad := want[p.Name]
		err := p.Validate()
		switch {
		case bad && (err == nil || !strings.Contains(err.Error(), msg)):
			t.Errorf("%s: got %v, want %q", p.Name, err, msg)
		case !bad && err != nil:
			t.Errorf("%s: %v", p.Name, err)
		}
	}
}

// TestFormatNames round-trips the format names.
func TestFormatNames(t *testing.T) {
	for _, f := range Formats() {
		g, err := ParseFormat(f.String())
		if err != nil || g != f {
			t.Errorf("%v: got %v, %v", f, g, err)
		}
	}
	if _, err := ParseFormat("pdf"); err == nil {
		t.Error("ParseFormat accepted pdf")
	}
}
