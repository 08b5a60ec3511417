package chipfire

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/satsolve/satsolve/models/internal/graphfile"
)

// readEdges reads the edge-list format (see read.go).
func readEdges(data []byte) (*parsed, error) {
	nm := newNamer()
	p := &parsed{}
	// A line may be as long as the file: a divisor line lists every vertex.
	err := graphfile.ScanLines(data, MaxFileSize, func(line int, text string) error {
		return p.edgeLine(nm, text, line)
	})
	if err != nil {
		return nil, err
	}
	p.names = nm.names
	return p, nil
}

// edgeLine reads one line without its comment; errors without a position
// are at the line.
func (p *parsed) edgeLine(nm *namer, text string, line int) error {
	trimmed := strings.TrimLeft(text, " \t")
	if rest, ok := strings.CutPrefix(trimmed, "divisor:"); ok {
		if p.divisor != nil {
			return fmt.Errorf("second divisor line (the first is on line %d)", p.divLine)
		}
		if strings.TrimSpace(rest) == "" {
			return errors.New("empty divisor")
		}
		d, err := ParseDivisor(rest)
		var de *DivisorError
		if errors.As(err, &de) {
			pe := &ParseError{Line: line, Err: de.Err}
			if de.Column > 0 {
				pe.Column = len(text) - len(rest) + de.Column
			}
			return pe
		}
		p.divisor, p.divLine = d, line
		return nil
	}
	f := strings.Fields(text)
	switch len(f) {
	case 0:
		return nil
	case 1:
		_, err := nm.vertex(f[0])
		return err
	case 2, 3:
	default:
		return fmt.Errorf("want \"u v\" or \"u v k\" per line, got %d fields", len(f))
	}
	k := 1
	if len(f) == 3 {
		x, err := strconv.Atoi(f[2])
		if err != nil || x < 1 || x > MaxEdges {
			return fmt.Errorf("edge multiplicity %q is not an integer in 1..%d", f[2], MaxEdges)
		}
		k = x
	}
	if f[0] == f[1] {
		return fmt.Errorf("self-loop at vertex %q", f[0])
	}
	if len(p.edges) > MaxEdges-k {
		return fmt.Errorf("more than %d edges", MaxEdges)
	}
	u, err := nm.vertex(f[0])
	if err == nil {
		var v int
		v, err = nm.vertex(f[1])
		for range k {
			p.edges = append(p.edges, Edge{u, v})
		}
	}
	return err
}
