package satfile

import (
	"bufio"
	"bytes"
	"errors"
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
	if opts.Context != nil {
		r = ctxReader{opts.Context, r}
	}
	src := getReader(r)
	defer putReader(src)
	dictCap := opts.XZDictCap
	if dictCap <= 0 {
		dictCap = DefaultXZDictCap
	}
	br, err := decompress(src, dictCap)
	if err != nil {
		return nil, &ParseError{File: opts.File, Line: 1, Col: 1, Err: err}
	}
	if br != src {
		defer putReader(br)
	}
	var offset int64
	hasBOM := false
	if head, _ := br.Peek(len(bom)); bytes.Equal(head, bom) {
		if opts.Mode == Strict {
			return nil, &ParseError{File: opts.File, Line: 1, Col: 1, Err: newDefect(ErrSyntax, "UTF-8 byte-order mark (not allowed in strict mode)")}
		}
		br.Discard(len(bom))
		offset = int64(len(bom))
		hasBOM = true
	}
	window, err := br.Peek(bufSize)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		// Read what came before the error, so that it gets its position.
		br = getReader(io.MultiReader(bytes.NewReader(bytes.Clone(window)), errReader{err}))
		defer putReader(br)
	}
	if bytes.IndexByte(window, '\n') < 0 && bytes.IndexByte(window, '\r') >= 0 {
		// Carriage returns alone end the lines (classic Mac OS files,
		// which minisat reads too).
		br = getReader(&crReader{r: br})
		defer putReader(br)
		window, _ = br.Peek(bufSize)
	}
	format := opts.Format
	if format == Auto {
		var line int
		if format, line = sniff(window, len(window) == bufSize); format == Auto {
			// The content cannot tell; the file's name may (x.wcnf.xz).
			if format = FormatOfName(opts.File); format == Auto {
				return nil, &ParseError{File: opts.File, Line: line, Col: 1, Err: newDefect(ErrNoHeader,
					"no header and no 'h' line, and every line could be a 2022 WCNF soft clause (weight first) as well as a headerless CNF clause: name the format (--format, or a file name ending in .cnf or .wcnf)")}
			}
		}
	}
	chunk := getChunk()
	defer putChunk(chunk)
	s := &scanner{r: br, file: opts.File, buf: *chunk, base: offset, line: 1}
	var p *Problem
	switch format {
	case CNF:
		p, err = readClauses(s, false, opts)
	case WCNF:
		p, err = readClauses(s, true, opts)
	case OPB:
		p, err = readOPB(s, opts.Mode, opts.Wide)
	default:
		return nil, fmt.Errorf("satfile: invalid format %v", format)
	}
	var pe *ParseError
	if err != nil && s.err != nil && errors.As(err, &pe) && !errors.Is(err, s.err) {
		// The input ended by a read error (an I/O error, a corrupt
		// compressed stream, an ended Context) where the parser saw a
		// defect, such as a token cut short: the read error is the cause.
		err = &ParseError{File: pe.File, Line: pe.Line, Col: pe.Col, Err: s.err}
	}
	if err == nil && hasBOM {
		var q quirks
		p.Warnings = append([]*ParseError{q.note(s, quirkBOM, 1, 1)}, p.Warnings...)
	}
	return p, err
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
	f, err := OpenFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, opts)
}

// OpenFile opens the file at path for reading, as os.Open does, but
// refuses a directory at once, saying so ("/tmp is a directory, not a
// file"), where reading it would fail at its first byte with a position
// that means nothing.
func OpenFile(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, fmt.Errorf("%s is a directory, not a file", path)
	}
	return f, nil
}

// crReader turns every carriage return into a line feed.
type crReader struct{ r io.Reader }

func (c *crReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	for i, b := range p[:n] {
		if b == '\r' {
			p[i] = '\n'
		}
	}
	return n, err
}

// errReader returns err on every read.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
