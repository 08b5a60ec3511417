package decodecmd

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/satsolve/satsolve/models/dobble"
	"github.com/satsolve/satsolve/sat"
)

// The variable maps of the exports, as their comment lines write them,
// compiled on first use (not at start-up: most runs of satsolve never decode).
var (
	nonogramHead = lazyRegexp(`^nonogram (\d+)x(\d+)`)
	nonogramCell = lazyRegexp(`^cell (\d+) (\d+) = (\d+|black|white)$`)
	dobbleMatrix = lazyRegexp(`^card i holds symbol j: variable (\d+) \+ i\*(\d+) \+ j \(i < (\d+), j < (\d+)\)$`)
	dobbleDeck   = lazyRegexp(`^a deck of (\d+) cards of (\d+) symbols on (\d+) symbols, any two sharing (\d+)$`)
	dobbleInUse  = lazyRegexp(`^card (\d+) in use = (\d+)$`)
	kernelVar    = lazyRegexp(`^P\((.*)\) = (\d+)$`)
	grundyVar    = lazyRegexp(`^G\((.*)\)=(\d+) = (\d+)$`)
	namedVar     = lazyRegexp(`^(.+?) = (\d+)$`)
	// An integer (encode.Int): "f[B] in -3..1 log: x1..x3", "x4 x5", or
	// "(constant)"; log bits least significant first, order literals
	// x ≥ lo+1, x ≥ lo+2, ….
	intVar = lazyRegexp(`^(.+) in (-?\d+)\.\.(-?\d+) (log|order): (.*)$`)
)

// lazyRegexp returns a function that compiles expr on its first call and
// returns the same compiled expression on every call.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// decode reads the model through the instance's variable map and returns
// what the instance encodes and the decoded lines.
func decode(comments []string, a sat.Assignment) (string, []string, error) {
	value := func(v string) (bool, error) {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n >= len(a) {
			return false, fmt.Errorf("the instance's comments name variable %s, which it does not have", v)
		}
		return a[n], nil
	}
	for _, c := range comments {
		switch {
		case nonogramHead().MatchString(c):
			return decodeNonogram(comments, value)
		case dobbleMatrix().MatchString(c):
			return decodeDobble(comments, value)
		case strings.HasPrefix(c, "kernel encoding"):
			return decodeGame("kernel", kernelVar(), comments, value)
		case strings.HasPrefix(c, "one-hot Grundy encoding"):
			return decodeGame("grundy", grundyVar(), comments, value)
		}
	}
	var lines []string
	for _, c := range comments {
		if m := intVar().FindStringSubmatch(c); m != nil {
			line, err := decodeInt(m, value)
			if err != nil {
				return "", nil, err
			}
			lines = append(lines, line)
			continue
		}
		m := namedVar().FindStringSubmatch(c)
		if m == nil {
			continue
		}
		b, err := value(m[2])
		if err != nil {
			return "", nil, err
		}
		lines = append(lines, fmt.Sprintf("%s: %v", m[1], b))
	}
	if lines == nil {
		return "", nil, fmt.Errorf("the instance's comments hold no variable map (\"NAME = VARIABLE\" lines)")
	}
	return "variables", lines, nil
}

// decodeInt returns "NAME = VALUE" for an integer's comment line (intVar's
// submatches), checking the value against the stated domain.
func decodeInt(m []string, value func(string) (bool, error)) (string, error) {
	lo, _ := strconv.ParseInt(m[2], 10, 64)
	hi, _ := strconv.ParseInt(m[3], 10, 64)
	var vars []string
	for _, tok := range strings.Fields(m[5]) {
		if tok == "(constant)" {
			continue
		}
		if a, b, ok := strings.Cut(tok, ".."); ok {
			x, err1 := strconv.Atoi(strings.TrimPrefix(a, "x"))
			y, err2 := strconv.Atoi(strings.TrimPrefix(b, "x"))
			if err1 != nil || err2 != nil || y < x || y-x > 64 {
				return "", fmt.Errorf("%s: %q is not a range of variables", m[1], tok)
			}
			for v := x; v <= y; v++ {
				vars = append(vars, strconv.Itoa(v))
			}
			continue
		}
		vars = append(vars, strings.TrimPrefix(tok, "x"))
	}
	if m[4] == "log" && len(vars) > 62 {
		return "", fmt.Errorf("%s: %d bits", m[1], len(vars))
	}
	x := lo
	for j, v := range vars {
		b, err := value(v)
		if err != nil {
			return "", err
		}
		switch {
		case b && m[4] == "log":
			x += 1 << j
		case b:
			x++
		}
	}
	if x < lo || x > hi {
		return "", fmt.Errorf("%s = %d, outside its domain %d..%d", m[1], x, lo, hi)
	}
	return fmt.Sprintf("%s = %d", m[1], x), nil
}

// decodeNonogram draws the picture: # black, . white.
func decodeNonogram(comments []string, value func(string) (bool, error)) (string, []string, error) {
	var w, h int
	var grid [][]byte
	for _, c := range comments {
		if m := nonogramHead().FindStringSubmatch(c); m != nil && grid == nil {
			w, _ = strconv.Atoi(m[1])
			h, _ = strconv.Atoi(m[2])
			if w < 1 || h < 1 || w*h > 1<<24 {
				return "", nil, fmt.Errorf("nonogram %dx%d: not a picture size", w, h)
			}
			grid = make([][]byte, h)
			for r := range grid {
				grid[r] = []byte(strings.Repeat("?", w))
			}
			continue
		}
		m := nonogramCell().FindStringSubmatch(c)
		if m == nil || grid == nil {
			continue
		}
		r, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		if r < 1 || r > h || col < 1 || col > w {
			return "", nil, fmt.Errorf("cell %d %d outside the %dx%d picture", r, col, w, h)
		}
		black := m[3] == "black"
		if m[3] != "black" && m[3] != "white" {
			var err error
			if black, err = value(m[3]); err != nil {
				return "", nil, err
			}
		}
		grid[r-1][col-1] = ".#"[b2i(black)]
	}
	lines := make([]string, len(grid))
	for r, row := range grid {
		if i := slices.Index(row, '?'); i >= 0 {
			return "", nil, fmt.Errorf("the instance's comments do not name cell %d %d", r+1, i+1)
		}
		lines[r] = string(row)
	}
	return "nonogram", lines, nil
}

// decodeDobble lists the cards in use, one per line, and checks the deck.
func decodeDobble(comments []string, value func(string) (bool, error)) (string, []string, error) {
	var base, cols, rows int
	var k, lambda int
	inUse := map[int]string{} // card → its activity variable (dobble max)
	for _, c := range comments {
		if m := dobbleInUse().FindStringSubmatch(c); m != nil {
			i, _ := strconv.Atoi(m[1])
			inUse[i] = m[2]
		}
		if m := dobbleMatrix().FindStringSubmatch(c); m != nil {
			base, _ = strconv.Atoi(m[1])
			cols, _ = strconv.Atoi(m[2])
			rows, _ = strconv.Atoi(m[3])
		}
		if m := dobbleDeck().FindStringSubmatch(c); m != nil {
			k, _ = strconv.Atoi(m[2])
			lambda, _ = strconv.Atoi(m[4])
		}
	}
	d := &dobble.Deck{}
	for i := range rows {
		if v, ok := inUse[i]; ok {
			in, err := value(v)
			if err != nil {
				return "", nil, err
			}
			if !in {
				continue
			}
		}
		var card []int
		for j := range cols {
			b, err := value(strconv.Itoa(base + i*cols + j))
			if err != nil {
				return "", nil, err
			}
			if b {
				card = append(card, j)
			}
		}
		d.Cards = append(d.Cards, card)
	}
	if len(d.Cards) == 0 {
		return "", nil, fmt.Errorf("the model holds no card")
	}
	if k == 0 {
		k, lambda = len(d.Cards[0]), 1
	}
	if err := dobble.Check(d, k, lambda); err != nil {
		return "", nil, fmt.Errorf("the decoded deck breaks the rules: %w", err)
	}
	var lines []string
	for _, c := range d.Cards {
		parts := make([]string, len(c))
		for i, s := range c {
			parts[i] = strconv.Itoa(s)
		}
		lines = append(lines, strings.Join(parts, " "))
	}
	return "dobble", lines, nil
}

// decodeGame lists each position with its outcome (kernel) or value
// (grundy, exactly one value true per position).
func decodeGame(kind string, re *regexp.Regexp, comments []string, value func(string) (bool, error)) (string, []string, error) {
	var order []string
	vals := map[string][]int{}
	for _, c := range comments {
		m := re.FindStringSubmatch(c)
		if m == nil {
			continue
		}
		pos, v := m[1], m[len(m)-1]
		b, err := value(v)
		if err != nil {
			return "", nil, err
		}
		if _, ok := vals[pos]; !ok {
			order = append(order, pos)
			vals[pos] = nil
		}
		if !b {
			continue
		}
		if kind == "kernel" {
			vals[pos] = append(vals[pos], 0)
		} else {
			g, _ := strconv.Atoi(m[2])
			vals[pos] = append(vals[pos], g)
		}
	}
	var lines []string
	for _, pos := range order {
		if kind == "kernel" {
			outcome := "N (the player to move wins)"
			if len(vals[pos]) > 0 {
				outcome = "P (lost for the player to move)"
			}
			lines = append(lines, fmt.Sprintf("%s: %s", pos, outcome))
			continue
		}
		if len(vals[pos]) != 1 {
			return "", nil, fmt.Errorf("position %s has %d Grundy values true, want exactly one", pos, len(vals[pos]))
		}
		lines = append(lines, fmt.Sprintf("%s: Grundy value %d", pos, vals[pos][0]))
	}
	return kind, lines, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
