package satfile

import (
	"context"
	"io"
)

// ctxReader stops a read once its context is done: Read returns the
// context's error instead of reading on. Every reader of this package
// reads its input in chunks through the scanner (and a decompressor reads
// it in chunks too), so a deadline stops a read of any size within one
// chunk's parsing, which is what lets a command keep its --timeout while a
// large file is still being read.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
