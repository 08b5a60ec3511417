package chipfire

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// readEdges reads the edge-list format (see read.go).
func readEdges(data []byte) (*parsed, error) {
	nm := newNamer()
	p := &parsed{}
	line := 0
	for text := range strings.Lines(string(data)) {
		line++
		text = strings.TrimRight(text, "\r\n")
		if i := strings.IndexAny(text, "#%"); i >= 0 {
			text = text[:i]
		}
		if err := p.edgeLine(nm, text, line); err != nil {
			return nil, err
		}
	}
	p.names = nm.names
	return p, nil
}

// edgeLine reads one line without its comment.
func (p *parsed) edgeLine(nm *namer, text string, line int) error {
	trimmed := strings.TrimLeft(text, " \t")
	if rest, ok := strings.CutPrefix(trimmed, "divisor:"); ok {
		if p.divisor != nil {
			return &ParseError{Line: line, Err: fmt.Errorf("second divisor line (the first is on line %d)", p.divLine)}
		}
		if strings.TrimSpace(rest) == "" {
			return &ParseError{Line: line, Err: errors.New("empty divisor")}
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
		if err != nil {
			return &ParseError{Line: line, Err: err}
		}
		return nil
	case 2, 3:
	default:
		return &ParseError{Line: line, Err: fmt.Errorf("want \"u v\" or \"u v k\" per line, got %d fields", len(f))}
	}
	k := 1
	if len(f) == 3 {
		x, err := strconv.Atoi(f[2])
		if err != nil || x < 1 || x > MaxEdges {
			return &ParseError{Line: line, Err: fmt.Errorf("edge multiplicity %q is not an integer in 1..%d", f[2], MaxEdges)}
		}
		k = x
	}
	if f[0] == f[1] {
		return &ParseError{Line: line, Err: fmt.Errorf("self-loop at vertex %q", f[0])}
	}
	if len(p.edges) > MaxEdges-k {
		return &ParseError{Line: line, Err: fmt.Errorf("more than %d edges", MaxEdges)}
	}
	u, err := nm.vertex(f[0])
	if err == nil {
		var v int
		v, err = nm.vertex(f[1])
		for range k {
			p.edges = append(p.edges, Edge{u, v})
		}
	}
	if err != nil {
		return &ParseError{Line: line, Err: err}
	}
	return nil
}
