package nonogram

// board is a partially solved grid with line-solver propagation and an
// undo trail; the native solver and the SAT pre-pass share it.
//
// Lines are numbered 0..h−1 for rows and h..h+w−1 for columns. Setting a
// cell queues its row and column; propagate runs the exact line solver on
// queued lines until the queue is empty (a fixpoint: every line is
// consistent with its clue as far as line logic can tell) or a line has no
// completion. Every cell set is pushed on the trail, so undo(mark) returns
// the board to an earlier state.
type board struct {
	p      *Puzzle
	w, h   int
	cells  []Cell
	trail  []int32
	queue  []int32 // queue[qh:] are the queued lines
	qh     int
	queued []bool
	ls     lineSolver
	idx    []int32 // cell indices of the line being solved
	buf    []Cell
	out    []Cell

	// cache maps a line (its index and cells) to the line solver's
	// answer: the refined cells, or "" for a contradiction.
	cache    map[string]string
	key      []byte
	useCache bool

	rowUnknown, colUnknown []int // see countUnknown

	// With the cache on and every line at most maxPacked cells long, the
	// lines are also kept packed (packed.go).
	packed       bool
	state        []uint64            // per line
	pcache       []map[uint64]uint64 // per line
	rowOf, colOf []int32             // per cell

	lineSolves, cacheHits int64
}

// maxCache bounds the line cache; it is emptied when full.
const maxCache = 1 << 20

// newBoard returns a board for p with every line queued and the given
// cells (if any) set. It does not propagate.
func newBoard(p *Puzzle) *board {
	n := p.Width * p.Height
	m := max(p.Width, p.Height)
	b := &board{
		p: p, w: p.Width, h: p.Height,
		cells:  make([]Cell, n),
		queued: make([]bool, p.Width+p.Height),
		idx:    make([]int32, m),
		buf:    make([]Cell, m),
		out:    make([]Cell, m),
	}
	for l := 0; l < p.Width+p.Height; l++ {
		b.enqueue(l)
	}
	if p.Given != nil {
		for i, v := range p.Given.Cells {
			if v != Unknown {
				b.cells[i] = v
			}
		}
	}
	return b
}

// put gives cell i colour v without recording it on the trail: for cells
// fixed before the search starts.
func (b *board) put(i int, v Cell) {
	b.cells[i] = v
	if b.packed {
		b.pack(i, v)
	}
}

func (b *board) enqueue(l int) {
	if !b.queued[l] {
		b.queued[l] = true
		b.queue = append(b.queue, int32(l))
	}
}

// set gives an Unknown cell a colour and queues its two lines.
func (b *board) set(i int, v Cell) {
	b.cells[i] = v
	if b.packed {
		b.pack(i, v)
	}
	b.trail = append(b.trail, int32(i))
	b.enqueue(i / b.w)
	b.enqueue(b.h + i%b.w)
}

// undo resets every cell set since the trail had length mark.
func (b *board) undo(mark int) {
	for _, i := range b.trail[mark:] {
		b.cells[i] = Unknown
		if b.packed {
			b.pack(int(i), Unknown)
		}
	}
	b.trail = b.trail[:mark]
}

// clearQueue empties the queue after a contradiction.
func (b *board) clearQueue() {
	for _, l := range b.queue[b.qh:] {
		b.queued[l] = false
	}
	b.queue, b.qh = b.queue[:0], 0
}

// lineCells fills b.idx and b.buf with the cells of line l and returns
// their number.
func (b *board) lineCells(l int) int {
	if l < b.h {
		base := l * b.w
		for c := 0; c < b.w; c++ {
			b.idx[c] = int32(base + c)
			b.buf[c] = b.cells[base+c]
		}
		return b.w
	}
	c := l - b.h
	for r := 0; r < b.h; r++ {
		i := r*b.w + c
		b.idx[r] = int32(i)
		b.buf[r] = b.cells[i]
	}
	return b.h
}

// propagate line-solves queued lines to a fixpoint. It returns false when
// some line has no completion; the queue is then empty and the board holds
// whatever was set before the contradiction showed (undo to recover).
func (b *board) propagate() bool {
	for b.qh < len(b.queue) {
		l := int(b.queue[b.qh])
		b.qh++
		b.queued[l] = false
		if b.packed {
			if !b.solvePacked(l) {
				b.clearQueue()
				return false
			}
			continue
		}
		n := b.lineCells(l)
		if !b.solveLine(l, n) {
			b.clearQueue()
			return false
		}
		for k := 0; k < n; k++ {
			if b.buf[k] == Unknown && b.out[k] != Unknown {
				i := int(b.idx[k])
				b.cells[i] = b.out[k]
				b.trail = append(b.trail, int32(i))
				// The line itself is at its fixpoint; queue the crossing one.
				if l < b.h {
					b.enqueue(b.h + i%b.w)
				} else {
					b.enqueue(i / b.w)
				}
			}
		}
	}
	b.queue, b.qh = b.queue[:0], 0
	return true
}

// solveLine runs the line solver on line l, whose n cells are in b.buf,
// leaving the answer in b.out; through the cache when it is on.
func (b *board) solveLine(l, n int) bool {
	if !b.useCache {
		b.lineSolves++
		return b.ls.solve(b.p.line(l), b.buf[:n], b.out[:n])
	}
	b.key = append(b.key[:0], byte(l>>16), byte(l>>8), byte(l))
	for _, v := range b.buf[:n] {
		b.key = append(b.key, byte(v))
	}
	if r, ok := b.cache[string(b.key)]; ok {
		b.cacheHits++
		if r == "" {
			return false
		}
		for k := 0; k < n; k++ {
			b.out[k] = Cell(r[k])
		}
		return true
	}
	b.lineSolves++
	ok := b.ls.solve(b.p.line(l), b.buf[:n], b.out[:n])
	if len(b.cache) >= maxCache {
		clear(b.cache)
	}
	if !ok {
		b.cache[string(b.key)] = ""
		return false
	}
	r := make([]byte, n)
	for k := 0; k < n; k++ {
		r[k] = byte(b.out[k])
	}
	b.cache[string(b.key)] = string(r)
	return true
}

// complete reports whether every cell is known.
func (b *board) complete() bool {
	for _, v := range b.cells {
		if v == Unknown {
			return false
		}
	}
	return true
}

// grid returns a copy of the board's cells.
func (b *board) grid() *Grid {
	return &Grid{Width: b.w, Height: b.h, Cells: append([]Cell(nil), b.cells...)}
}
