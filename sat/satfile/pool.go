package satfile

import (
	"bufio"
	"io"
	"sync"
)

// Reading a small input should not cost three fresh 64 KiB buffers, so the
// buffers are recycled between calls to Read.
var (
	readerPool = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, bufSize) }}
	chunkPool  = sync.Pool{New: func() any { b := make([]byte, bufSize); return &b }}
)

// getReader returns a pooled bufio.Reader of bufSize reading r.
func getReader(r io.Reader) *bufio.Reader {
	br := readerPool.Get().(*bufio.Reader)
	br.Reset(r)
	return br
}

// putReader returns br to the pool.
func putReader(br *bufio.Reader) {
	br.Reset(nil)
	readerPool.Put(br)
}

// getChunk returns a pooled buffer of bufSize bytes.
func getChunk() *[]byte { return chunkPool.Get().(*[]byte) }

// putChunk returns b to the pool.
func putChunk(b *[]byte) { chunkPool.Put(b) }
