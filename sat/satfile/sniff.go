package satfile

import (
	"bytes"
	"path/filepath"
	"strings"
)

// sniff recognises the format of an input from its first bytes (at most
// one scanner chunk; full reports that the input goes on beyond them). The
// first line that is neither blank nor a 'c' comment decides:
//
//   - '*' (an OPB comment or header), "min:", "max:", or a line holding
//     ';' or '=' means OPB;
//   - "p wcnf" or 'h' means WCNF;
//   - "p" with any other format, '%', or anything else but an integer
//     means CNF.
//
// A first line of plain integers, with no header before it, is WCNF when
// a later line within the window starts with 'h' and CNF when some line
// rules out the 2022 WCNF dialect (it starts with '-', '+' or a lone 0,
// which no weight can be, or does not end with 0 on its line, or a header
// follows). Otherwise every line could be a soft clause "weight literals
// 0" as well as a clause: sniff answers Auto, and ambiguous gives the line
// of the first such clause.
func sniff(window []byte, full bool) (f Format, ambiguous int) {
	line := 0
	for rest := window; len(rest) > 0; {
		var text []byte
		text, rest, _ = bytes.Cut(rest, []byte{'\n'})
		line++
		text = bytes.TrimLeft(text, " \t\r\v\f")
		if len(text) == 0 {
			continue
		}
		switch b := text[0]; {
		case b == 'c':
			continue
		case b == '*' || bytes.HasPrefix(text, []byte("min:")) || bytes.HasPrefix(text, []byte("max:")):
			return OPB, 0
		case b == 'h':
			return WCNF, 0
		case b == 'p' || b == 'P':
			f := bytes.Fields(text[1:])
			if len(f) > 0 && string(bytes.ToLower(f[0])) == "wcnf" {
				return WCNF, 0
			}
			return CNF, 0
		case b == '-' || b == '+' || isDigit(int(b)):
			if bytes.ContainsAny(text, ";=") {
				return OPB, 0
			}
			return integerLines(text, rest, line, full)
		default:
			return CNF, 0
		}
	}
	return CNF, 0
}

// integerLines decides between CNF and the 2022 WCNF dialect for an input
// whose first data line, first at number line, is made of integers; rest
// is the window after it.
func integerLines(first, rest []byte, line int, full bool) (Format, int) {
	if !softLine(first, len(rest) > 0 || !full) {
		return CNF, 0
	}
	for len(rest) > 0 {
		var text []byte
		text, rest, _ = bytes.Cut(rest, []byte{'\n'})
		text = bytes.TrimLeft(text, " \t\r\v\f")
		if len(text) == 0 || text[0] == 'c' {
			continue
		}
		switch text[0] {
		case 'h':
			return WCNF, 0
		case 'p', 'P', '%':
			return CNF, 0
		}
		if !softLine(text, len(rest) > 0 || !full) {
			return CNF, 0
		}
	}
	return Auto, line
}

// softLine reports whether a data line could be a 2022 WCNF soft clause:
// it starts with a positive integer and, when complete, ends with the
// token 0.
func softLine(text []byte, complete bool) bool {
	f := bytes.Fields(text)
	if len(f) == 0 {
		return true
	}
	if b := f[0][0]; !isDigit(int(b)) || bytes.Equal(f[0], []byte("0")) {
		return false
	}
	return !complete || bytes.Equal(f[len(f)-1], []byte("0"))
}

// FormatOfName returns the format a file's name announces: CNF for
// "*.cnf", WCNF for "*.wcnf", OPB for "*.opb", after a compression suffix
// (".gz", ".bz2", ".xz", ".lzma", ".zst") is set aside and in any case;
// Auto for any other name. Read asks it only when the content cannot
// tell (an input of integer lines that read as well as CNF clauses as
// 2022 WCNF soft clauses): the content decides whenever it can.
func FormatOfName(name string) Format {
	base := strings.ToLower(filepath.Base(name))
	for _, z := range []string{".gz", ".bz2", ".xz", ".lzma", ".zst"} {
		if b, ok := strings.CutSuffix(base, z); ok {
			base = b
			break
		}
	}
	switch filepath.Ext(base) {
	case ".cnf":
		return CNF
	case ".wcnf":
		return WCNF
	case ".opb":
		return OPB
	}
	return Auto
}
