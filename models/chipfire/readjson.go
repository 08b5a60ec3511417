package chipfire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// jsonGame is the JSON game format.
type jsonGame struct {
	Vertices *int     `json:"vertices,omitempty"`
	Names    []string `json:"names,omitempty"`
	Edges    [][]int  `json:"edges"`
	Divisor  []int64  `json:"divisor,omitempty"`
}

// readJSON reads the JSON format (see read.go).
func readJSON(data []byte) (*parsed, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var j jsonGame
	if err := dec.Decode(&j); err != nil {
		return nil, jsonError(data, err, dec.InputOffset())
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, jsonAt(data, dec.InputOffset(), errors.New("data after the JSON object"))
	}
	if j.Edges == nil {
		return nil, errors.New(`missing "edges"`)
	}
	n := len(j.Names)
	if j.Vertices != nil {
		if *j.Vertices < 1 || *j.Vertices > MaxVertices {
			return nil, fmt.Errorf(`"vertices" %d outside 1..%d`, *j.Vertices, MaxVertices)
		}
		if j.Names != nil && len(j.Names) != *j.Vertices {
			return nil, fmt.Errorf(`%d "names" for %d "vertices"`, len(j.Names), *j.Vertices)
		}
		n = *j.Vertices
	}
	if len(j.Edges) > MaxEdges {
		return nil, fmt.Errorf("more than %d edges", MaxEdges)
	}
	p := &parsed{fixed: true}
	maxV := -1
	for i, e := range j.Edges {
		if len(e) != 2 {
			return nil, fmt.Errorf("edge %d: want [u, v], got %d numbers", i, len(e))
		}
		for _, v := range e {
			if v < 0 || v >= MaxVertices {
				return nil, fmt.Errorf("edge %d: vertex %d outside 0..%d", i, v, MaxVertices-1)
			}
			maxV = max(maxV, v)
		}
		p.edges = append(p.edges, Edge{e[0], e[1]})
	}
	switch {
	case j.Vertices == nil && j.Names == nil:
		n = maxV + 1
		if n == 0 && len(j.Divisor) == 1 {
			n = 1 // a lone vertex
		}
	case maxV >= n:
		return nil, fmt.Errorf("edge to vertex %d, but there are %d vertices", maxV, n)
	}
	p.names = j.Names
	if p.names == nil {
		p.names = make([]string, n)
		for v := range p.names {
			p.names[v] = strconv.Itoa(v)
		}
	}
	if j.Divisor != nil {
		p.divisor = make(Divisor, len(j.Divisor))
		for v, x := range j.Divisor {
			if x > MaxValue || x < -MaxValue {
				return nil, fmt.Errorf("divisor entry %d: %d: %w (|value| ≤ 2^30)", v, x, ErrRange)
			}
			p.divisor[v] = x
		}
	}
	return p, nil
}

// jsonError positions a decoding error.
func jsonError(data []byte, err error, offset int64) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		offset = se.Offset
	case errors.As(err, &te):
		offset = te.Offset
	case errors.Is(err, io.EOF):
		return errors.New("empty JSON input")
	case errors.Is(err, io.ErrUnexpectedEOF):
		offset = int64(len(data))
	}
	return jsonAt(data, offset, err)
}

// jsonAt returns err at the line and column of a byte offset.
func jsonAt(data []byte, offset int64, err error) error {
	offset = min(max(offset, 0), int64(len(data)))
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(offset) - bytes.LastIndexByte(before, '\n')
	return &ParseError{Line: line, Column: col, Err: err}
}
