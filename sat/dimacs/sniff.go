package dimacs

import (
	"bytes"
)

// sniff recognises the format of an input from its first bytes (at most
// one scanner chunk). The first line that is neither blank nor a 'c'
// comment decides:
//
//   - '*' (an OPB comment or header), "min:", "max:", or a line holding
//     ';' or '=' means OPB;
//   - "p wcnf" or 'h' means WCNF;
//   - "p" with any other format, '%', or anything else means CNF.
//
// A line of plain integers is CNF unless a later line within the window
// starts with 'h' (a 2022-format WCNF without hard clauses near the top
// reads as CNF: ask for WCNF explicitly).
func sniff(window []byte) Format {
	for rest := window; len(rest) > 0; {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte{'\n'})
		line = bytes.TrimLeft(line, " \t\r\v\f")
		if len(line) == 0 {
			continue
		}
		switch b := line[0]; {
		case b == 'c':
			continue
		case b == '*' || bytes.HasPrefix(line, []byte("min:")) || bytes.HasPrefix(line, []byte("max:")):
			return OPB
		case b == 'h':
			return WCNF
		case b == 'p' || b == 'P':
			f := bytes.Fields(line[1:])
			if len(f) > 0 && string(bytes.ToLower(f[0])) == "wcnf" {
				return WCNF
			}
			return CNF
		case b == '-' || b == '+' || isDigit(int(b)):
			if bytes.ContainsAny(line, ";=") {
				return OPB
			}
			if hasHardLine(rest) {
				return WCNF
			}
			return CNF
		default:
			return CNF
		}
	}
	return CNF
}

// hasHardLine reports whether some line of b starts with 'h' (after
// blanks) and precedes any header.
func hasHardLine(b []byte) bool {
	for len(b) > 0 {
		var line []byte
		line, b, _ = bytes.Cut(b, []byte{'\n'})
		line = bytes.TrimLeft(line, " \t\r\v\f")
		if len(line) > 0 && line[0] == 'h' {
			return true
		}
		if len(line) > 0 && (line[0] == 'p' || line[0] == 'P') {
			return false
		}
	}
	return false
}
