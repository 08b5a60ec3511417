package satfile

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"fmt"
	"io"

	"github.com/ulikunitz/xz"
)

// Magic bytes of the compressed formats.
var (
	magicGzip  = []byte{0x1f, 0x8b}
	magicBzip2 = []byte("BZh")
	magicXz    = []byte{0xfd, '7', 'z', 'X', 'Z', 0x00}
	magicZstd  = []byte{0x28, 0xb5, 0x2f, 0xfd}
)

// decompress returns a buffered reader of br's content, decompressed when
// it starts with the magic bytes of gzip, bzip2 or xz: either br itself or
// a pooled reader that the caller must return with putReader. An xz
// input whose dictionary exceeds xzDictCap bytes is refused (ErrXZDict).
func decompress(br *bufio.Reader, xzDictCap int64) (*bufio.Reader, error) {
	head, err := br.Peek(len(magicXz))
	if err != nil && err != io.EOF {
		return nil, err
	}
	var dec io.Reader
	switch {
	case bytes.HasPrefix(head, magicGzip):
		z, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("gzip: %w", err)
		}
		dec = z
	case bytes.HasPrefix(head, magicBzip2):
		dec = bzip2.NewReader(br)
	case bytes.HasPrefix(head, magicXz):
		z, err := xz.NewReader(newXZGuard(br, xzDictCap))
		if err != nil {
			return nil, fmt.Errorf("xz: %w", err)
		}
		dec = z
	case bytes.HasPrefix(head, magicZstd):
		return nil, newDefect(ErrUnsupported, "Zstandard-compressed input is not supported; decompress it first")
	default:
		return br, nil
	}
	return getReader(dec), nil
}
