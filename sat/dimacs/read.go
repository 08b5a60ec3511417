package dimacs

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
)

// bom is the UTF-8 byte-order mark.
var bom = []byte{0xef, 0xbb, 0xbf}

// Read reads a CNF, OPB or WCNF problem from r, decompressing gzip, bzip2
// or xz input recognised by its magic bytes. With opts.Format Auto the
// format is recognised from the content (see the package documentation).
// Read consumes r as a stream, never all at once. Errors are *ParseError
// values, except for an invalid opts.Format.
func Read(r io.Reader, opts Options) (*Problem, error) {
	src := getReader(r)
	defer putReader(src)
	br, err := decompress(src)
	if err != nil {
		return nil, &ParseError{File: opts.File, Line: 1, Col: 1, Err: err}
	}
	if br != src {
		defer putReader(br)
	}
	var offset int64
	if head, _ := br.Peek(len(bom)); bytes.Equal(head, bom) {
		if opts.Mode == Strict {
			return nil, &ParseError{File: opts.File, Line: 1, Col: 1, Err: newDefect(ErrSyntax, "UTF-8 byte-order mark (not allowed in strict mode)")}
		}
		br.Discard(len(bom))
		offset = int64(len(bom))
	}
	format := opts.Format
	if format == Auto {
		window, err := br.Peek(bufSize)
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			return nil, &ParseError{File: opts.File, Line: 1, Col: 1, Err: err}
		}
		format = sniff(window)
	}
	chunk := getChunk()
	defer putChunk(chunk)
	s := &scanner{r: br, file: opts.File, buf: *chunk, base: offset, line: 1}
	switch format {
	case CNF:
		return readClauses(s, opts.Mode, false)
	case WCNF:
		return readClauses(s, opts.Mode, true)
	case OPB:
		return readOPB(s, opts.Mode)
	}
	return nil, fmt.Errorf("dimacs: invalid format %v", format)
}

// ReadFile reads the problem in the file at path ("-" is standard input)
// with Read. opts.File defaults to path. An error opening the file is
// returned as is (an *fs.PathError).
func ReadFile(path string, opts Options) (*Problem, error) {
	if opts.File == "" {
		opts.File = path
	}
	if path == "-" {
		return Read(os.Stdin, opts)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, opts)
}
