package satfile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// The xz dictionary guard.
//
// An xz block header declares the LZMA2 dictionary size (up to 4 GiB),
// and github.com/ulikunitz/xz allocates the whole dictionary when it
// starts the block: its ReaderConfig.DictCap is a minimum, not a cap. So a
// 568-byte file can demand 4 GiB. xzGuard sits between the compressed
// input and the decoder and follows the container's structure (xz file
// format 1.1.0: stream header, blocks, index, stream footer, padding),
// passing every byte through unchanged; a block whose filter chain asks
// for an LZMA2 dictionary above the cap is refused before the decoder sees
// its header. To find where each block ends it reads the LZMA2 chunk
// headers (each gives its packed size), or uses the compressed size the
// block header gives. Input that does not follow the format is refused
// too: the decoder would refuse it as well.

// DefaultXZDictCap is the largest xz dictionary Read accepts unless
// Options.XZDictCap says otherwise: 64 MiB, what "xz -9" uses.
const DefaultXZDictCap = 64 << 20

// ErrXZDict reports an xz input whose dictionary exceeds the cap.
var ErrXZDict = errors.New("xz dictionary too large")

// xzGuard states: what the next bytes are.
const (
	xzStreamHeader  = iota // 12 bytes
	xzBlockOrIndex         // the first byte of a block header, or 0 for the index
	xzBlockHeader          // the rest of a block header
	xzChunkControl         // an LZMA2 chunk's control byte
	xzChunkHeader          // the rest of an LZMA2 chunk header
	xzSkip                 // payload to pass through (then state next)
	xzIndexCount           // the index's record count (varint)
	xzIndexRecords         // the index's record varints
	xzStreamFooter         // 12 bytes
	xzStreamPadding        // zero bytes, or the next stream's magic
)

// xzGuard passes an xz file through, checking its dictionaries.
type xzGuard struct {
	r   io.Reader
	cap int64
	err error

	state int
	need  int    // bytes to collect into hdr
	hdr   []byte // bytes collected for the current header
	skip  int64  // bytes left to pass through (xzSkip)
	next  int    // state after the skip
	check int    // size of the check field after each block
	unpad int64  // bytes of the current block or index so far, for padding
	sized bool   // the block header gave the compressed size
	vints int64  // varints left in the index
	vint  []byte // the varint being read
	hdrs  [12]byte
}

func newXZGuard(r io.Reader, dictCap int64) *xzGuard {
	g := &xzGuard{r: r, cap: dictCap}
	g.expect(xzStreamHeader, 12)
	return g
}

func (g *xzGuard) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	n, err := g.r.Read(p)
	for i := 0; i < n; {
		adv, gerr := g.feed(p[i:n])
		if gerr != nil {
			// Hold back everything from the defect on: the decoder
			// must never see the bad header.
			g.err = gerr
			if i == 0 {
				return 0, gerr
			}
			return i, nil
		}
		i += adv
	}
	return n, err
}

// expect makes the guard collect n bytes for state.
func (g *xzGuard) expect(state, n int) {
	g.state, g.need, g.hdr = state, n, g.hdrs[:0]
	if n > len(g.hdrs) {
		g.hdr = make([]byte, 0, n)
	}
}

// skipThen passes n bytes through, then collects need bytes for state.
func (g *xzGuard) skipThen(n int64, state, need int) {
	if n == 0 {
		g.expect(state, need)
		return
	}
	g.state, g.skip, g.next, g.need = xzSkip, n, state, need
}

// feed consumes a prefix of b and returns its length.
func (g *xzGuard) feed(b []byte) (int, error) {
	switch g.state {
	case xzSkip:
		k := int(min(int64(len(b)), g.skip))
		g.skip -= int64(k)
		if g.skip == 0 {
			g.expect(g.next, g.need)
		}
		return k, nil
	case xzIndexCount, xzIndexRecords:
		return 1, g.indexByte(b[0])
	case xzStreamPadding:
		if b[0] == 0 {
			return 1, nil
		}
		g.expect(xzStreamHeader, 12)
		return 0, nil
	case xzBlockOrIndex:
		if b[0] == 0 {
			g.unpad = 1
			g.vints, g.vint = -1, g.vint[:0]
			g.state = xzIndexCount
			return 1, nil
		}
		g.expect(xzBlockHeader, (int(b[0])+1)*4)
	}
	k := min(len(b), g.need-len(g.hdr))
	g.hdr = append(g.hdr, b[:k]...)
	if len(g.hdr) < g.need {
		return k, nil
	}
	return k, g.header()
}

// header handles a complete header in g.hdr.
func (g *xzGuard) header() error {
	h := g.hdr
	switch g.state {
	case xzStreamHeader:
		if string(h[:6]) != string(magicXz) {
			return errors.New("xz: bad stream header")
		}
		g.check = checkSize(h[7] & 0x0f)
		g.expect(xzBlockOrIndex, 1)
	case xzBlockHeader:
		return g.blockHeader(h)
	case xzChunkControl:
		return g.chunkControl(h[0])
	case xzChunkHeader:
		g.chunkHeader(h)
	case xzStreamFooter:
		g.expect(xzStreamPadding, 0)
	}
	return nil
}

// blockHeader checks a block header's filters and prepares for its data.
func (g *xzGuard) blockHeader(h []byte) error {
	bad := errors.New("xz: malformed block header")
	flags := h[1]
	rest := h[2 : len(h)-4]
	var compressed int64 = -1
	if flags&0x40 != 0 {
		v, n := binary.Uvarint(rest)
		if n <= 0 || v == 0 || v > 1<<62 {
			return bad
		}
		compressed, rest = int64(v), rest[n:]
	}
	if flags&0x80 != 0 {
		_, n := binary.Uvarint(rest)
		if n <= 0 {
			return bad
		}
		rest = rest[n:]
	}
	lzma2 := false
	for range int(flags&3) + 1 {
		id, n := binary.Uvarint(rest)
		if n <= 0 {
			return bad
		}
		rest = rest[n:]
		size, n := binary.Uvarint(rest)
		if n <= 0 || size > uint64(len(rest)-n) {
			return bad
		}
		props := rest[n : n+int(size)]
		rest = rest[n+int(size):]
		if id == 0x21 {
			if len(props) != 1 || props[0] > 40 {
				return bad
			}
			if d := lzma2DictSize(props[0]); d > g.cap {
				return fmt.Errorf("%w: the xz input needs a %d MiB dictionary, above the limit of %d MiB (raise the limit to read it)", ErrXZDict, (d+(1<<20)-1)>>20, g.cap>>20)
			}
			lzma2 = true
		}
	}
	if !lzma2 {
		return errors.New("xz: only LZMA2 blocks are supported")
	}
	g.unpad = int64(len(h))
	g.sized = compressed >= 0
	if g.sized {
		g.unpad += compressed
		g.endBlock(compressed)
		return nil
	}
	g.expect(xzChunkControl, 1)
	return nil
}

// lzma2DictSize decodes the LZMA2 dictionary-size property (0..40).
func lzma2DictSize(c byte) int64 {
	if c == 40 {
		return 1<<32 - 1
	}
	return (2 | int64(c)&1) << (c/2 + 11)
}

// chunkControl reads an LZMA2 chunk's control byte.
func (g *xzGuard) chunkControl(c byte) error {
	g.unpad++
	switch {
	case c == 0:
		g.endBlock(0)
	case c == 1 || c == 2:
		g.expect(xzChunkHeader, 2)
		g.hdr = append(g.hdr, 0) // marks an uncompressed chunk
		g.need = 3
	case c >= 0x80:
		n := 4
		if c >= 0xc0 {
			n = 5
		}
		g.expect(xzChunkHeader, n+1)
		g.hdr = append(g.hdr, c)
	default:
		return errors.New("xz: malformed LZMA2 chunk")
	}
	return nil
}

// chunkHeader skips an LZMA2 chunk's data; h starts with its control byte
// (0 for an uncompressed chunk).
func (g *xzGuard) chunkHeader(h []byte) {
	g.unpad += int64(len(h) - 1)
	var size int64
	if h[0] == 0 {
		size = int64(h[1])<<8 | int64(h[2]) + 1
	} else {
		size = int64(h[3])<<8 | int64(h[4]) + 1
	}
	g.unpad += size
	g.skipThen(size, xzChunkControl, 1)
}

// endBlock passes the rest of a block through after skip more data bytes:
// its padding to a multiple of four and its check.
func (g *xzGuard) endBlock(skip int64) {
	pad := (4 - g.unpad%4) % 4
	g.skipThen(skip+pad+int64(g.check), xzBlockOrIndex, 1)
}

// indexByte reads one byte of the index's varints.
func (g *xzGuard) indexByte(b byte) error {
	g.unpad++
	g.vint = append(g.vint, b)
	if b&0x80 != 0 {
		if len(g.vint) >= binary.MaxVarintLen64 {
			return errors.New("xz: malformed index")
		}
		return nil
	}
	v, n := binary.Uvarint(g.vint)
	g.vint = g.vint[:0]
	if n <= 0 {
		return errors.New("xz: malformed index")
	}
	if g.vints < 0 {
		if v > 1<<40 {
			return errors.New("xz: malformed index")
		}
		g.vints = 2 * int64(v)
		g.state = xzIndexRecords
	} else {
		g.vints--
	}
	if g.vints == 0 {
		pad := (4 - g.unpad%4) % 4
		g.skipThen(pad+4, xzStreamFooter, 12)
	}
	return nil
}

// checkSize returns the size of the check field for a check type.
func checkSize(t byte) int {
	switch {
	case t == 0:
		return 0
	case t <= 3:
		return 4
	case t <= 6:
		return 8
	case t <= 9:
		return 16
	case t <= 12:
		return 32
	}
	return 64
}
