package servecmd

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/satsolve/satsolve/cmd/internal/web"
	"github.com/satsolve/satsolve/cmd/internal/web/webtest"
	"github.com/satsolve/satsolve/models/chipfire"
	"github.com/satsolve/satsolve/models/dobble"
)

// The browser test drives the real pages in headless Chromium (Debian's
// chromium package, installed by scripts/install-browser.sh, which .ci/run
// calls) through chromedp: it plays a level of the dollar game to a win by
// clicks, checks a hint against a brute-force optimum, solves a nonogram,
// builds an order-3 Dobble deck and picks two cards. Screenshots go to
// $SATSOLVE_ARTIFACTS, or to satsolve-artifacts/browser in the temporary
// directory; the test logs where.

// chromiumPath returns the Chromium binary, or "" when there is none.
func chromiumPath() string {
	if p := os.Getenv("SATSOLVE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser is one headless Chromium tab on the test's server.
type browser struct {
	t   *testing.T
	ctx context.Context
	url string
	dir string // where screenshots go
}

func newBrowser(t *testing.T) *browser {
	path := chromiumPath()
	if path == "" {
		t.Skip("no Chromium found (chromium, chromium-browser or $SATSOLVE_CHROMIUM): scripts/install-browser.sh installs Debian's chromium; the browser test is skipped")
	}
	dir := os.Getenv("SATSOLVE_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "satsolve-artifacts", "browser")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshots in %s", dir)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- web.Serve(sctx, ln, NewHandler(web.Options{})) }()
	t.Cleanup(func() {
		stop()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})

	// The machine's network is closed: the flags keep Chromium from
	// trying to reach Google's services, and a fresh profile keeps the
	// levels' progress (localStorage) empty.
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	b := &browser{t: t, ctx: ctx, url: "http://" + ln.Addr().String(), dir: dir}
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Skipf("Chromium at %s does not start (%v): the browser test is skipped", path, err)
	}
	return b
}

// do runs steps, each bounded by 30 s, and fails the test on an error.
func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		b.shot("failure-" + strings.ReplaceAll(what, " ", "-"))
		b.t.Fatalf("%s: %v", what, err)
	}
}

// open loads a page and waits until its script has set body[data-ready].
func (b *browser) open(path string) {
	b.t.Helper()
	b.do("open "+path, chromedp.Navigate(b.url+path), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"]`)))
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](b *browser, expr string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// shot writes a screenshot of the viewport.
func (b *browser) shot(name string) {
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Errorf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(b.dir, name+".png"), png, 0o644); err != nil {
		b.t.Error(err)
	}
}

// divisor reads the dollars on the board.
func (b *browser) divisor() chipfire.Divisor {
	b.t.Helper()
	return eval[chipfire.Divisor](b, `[...document.querySelectorAll("#board .vertex")].map(e => Number(e.dataset.value))`)
}

// click plays one move on the board: a click lends; a borrow switches the
// Borrow toggle on for the click and off again.
func (b *browser) click(v int, k int64) {
	b.t.Helper()
	sel := chromedp.CSS(fmt.Sprintf(`#board .vertex[data-v="%d"]`, v))
	if k > 0 {
		b.do("lend", chromedp.Click(sel))
		return
	}
	b.do("borrow", chromedp.Click(chromedp.CSS("#borrow")), chromedp.Click(sel), chromedp.Click(chromedp.CSS("#borrow")))
}

func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (browser): skipped by go test -short; go test ./... runs it")
	}
	b := newBrowser(t)
	t.Run("dollar", func(t *testing.T) { b.t = t; browserDollar(b) })
	t.Run("nonogram", func(t *testing.T) { b.t = t; browserNonogram(b) })
	t.Run("dobble", func(t *testing.T) { b.t = t; browserDobble(b) })
	t.Run("strategies", func(t *testing.T) { b.t = t; browserStrategies(b) })
	t.Run("notfound", func(t *testing.T) { b.t = t; browserNotFound(b) })
}

// browserDollar plays level 2 to a win by clicks: first a move and its
// undo, then the hinted move (checked to be a move of an optimal script:
// the brute-force optimum drops by one), then the rest of a brute-force
// optimal script. The page must announce the win in the fewest moves and
// mark the level won.
func browserDollar(b *browser) {
	t := b.t
	const levelNo = 2
	level, err := chipfire.NewLevel(levelNo)
	if err != nil {
		t.Fatal(err)
	}
	g := level.Game.Graph
	b.open(fmt.Sprintf("/dollar?level=%d", levelNo))
	cur := b.divisor()
	if !slices.Equal(cur, level.Game.Divisor) {
		t.Fatalf("the board shows %v, level %d is %v", cur, levelNo, level.Game.Divisor)
	}
	opt, _ := webtest.BruteBest(g, cur, 6)
	if opt < 2 {
		t.Fatalf("level %d takes %d moves: too easy for this test", levelNo, opt)
	}

	// A lend and its undo.
	b.click(0, 1)
	want := slices.Clone(cur)
	g.Fire(want, 0, 1)
	if got := b.divisor(); !slices.Equal(got, want) {
		t.Fatalf("after vertex 0 lends: %v, want %v", got, want)
	}
	b.do("undo", chromedp.Click(chromedp.CSS("#undo")))
	if got := b.divisor(); !slices.Equal(got, cur) {
		t.Fatalf("after undo: %v, want %v", got, cur)
	}

	// A hint: a move of an optimal script.
	b.do("hint", chromedp.Click(chromedp.CSS("#hint")), chromedp.WaitVisible(chromedp.CSS("#hinttext[data-vertex]")))
	hv, _ := strconv.Atoi(eval[string](b, `document.querySelector("#hinttext").dataset.vertex`))
	action := eval[string](b, `document.querySelector("#hinttext").dataset.action`)
	k := int64(1)
	if action == "borrow" {
		k = -1
	}
	if hv < 0 || hv >= g.N() || action != "lend" && action != "borrow" {
		t.Fatalf("hint: vertex %d, action %q", hv, action)
	}
	after := slices.Clone(cur)
	g.Fire(after, hv, k)
	left, rest := webtest.BruteBest(g, after, 6)
	if left != opt-1 {
		t.Fatalf("the hint %s %d leaves %d moves to win; the optimum from the start is %d", action, hv, left, opt)
	}
	if !eval[bool](b, `document.querySelector("#board .vertex.hinted") !== null`) {
		t.Error("the hinted vertex is not ringed")
	}
	// The hint speaks plainly; how the fewest moves were proved is behind
	// "how do we know?" (issue 29, item 12: it said "proved optimal by the
	// PB model (cdcl, 4ms)").
	said := eval[string](b, `document.querySelector("#hinttext").innerText`)
	if !strings.Contains(said, "this is the fewest possible") || strings.Contains(said, "PB model") || strings.Contains(said, "cdcl") {
		t.Errorf("the hint says %q", said)
	}
	b.shot("dollar-hint")
	b.do("how do we know", chromedp.Click(chromedp.CSS("#hinttext a.why")), chromedp.WaitVisible(chromedp.CSS("#hinttext .why-detail")))
	if detail := eval[string](b, `document.querySelector("#hinttext .why-detail").innerText`); !strings.Contains(detail, "proved optimal") {
		t.Errorf("behind the link: %q", detail)
	}
	b.shot("dollar-hint-why")

	// Play the hint, then the rest of an optimal script, by clicks.
	b.click(hv, k)
	for v, f := range rest {
		for range max(f, -f) {
			if f > 0 {
				b.click(v, 1)
			} else {
				b.click(v, -1)
			}
		}
	}
	b.do("win", chromedp.WaitVisible(chromedp.CSS(`#status[data-won="true"] #optimum`)))
	final := b.divisor()
	if !final.Effective() {
		t.Fatalf("won, the page says, at %v", final)
	}
	moves := eval[string](b, `document.querySelector("#moves").textContent`)
	best := eval[string](b, `document.querySelector("#optimum").dataset.best`)
	text := eval[string](b, `document.querySelector("#status").textContent`)
	if moves != strconv.FormatInt(opt, 10) || best != moves || !strings.Contains(text, "That is the fewest possible") {
		t.Errorf("won in %s moves, the page says the fewest is %s (brute force: %d): %q", moves, best, opt, text)
	}
	if !eval[bool](b, fmt.Sprintf(`document.querySelector('#levels button[data-level="%d"]').classList.contains("done")`, levelNo)) {
		t.Error("the level is not marked won")
	}
	if eval[string](b, `localStorage.getItem("satsolve.dollar.levels")`) == "" {
		t.Error("no progress in localStorage")
	}
	b.shot("dollar-won")

	// A larger game, for the eye: level 12 with its reduced divisor shown.
	b.open("/dollar?level=12")
	b.do("winnable", chromedp.Click(chromedp.CSS("#winnable")), chromedp.WaitVisible(chromedp.CSS("#board .reduced-q")))
	b.shot("dollar-winnable")
	// The Rules page says where the reduced numbers are drawn: where they
	// are (issue 29, item 12: it said under, they are drawn above).
	where := eval[string](b, `(() => {
		const all = [...document.querySelectorAll("#board .vertex")].map((g) => {
			const n = g.querySelector("text.reduced").getBoundingClientRect(), c = g.querySelector("circle.body").getBoundingClientRect();
			return n.bottom <= c.top ? "above" : n.top >= c.bottom ? "under" : "over";
		});
		return all.every((w) => w === all[0]) ? all[0] : "mixed";
	})()`)
	b.do("open the rules", chromedp.Navigate(b.url+"/help"), chromedp.WaitVisible(chromedp.CSS(".help-body")))
	rules := eval[string](b, `document.body.innerText`)
	if where != "above" && where != "under" || !strings.Contains(rules, "shown in blue "+where+" each vertex") {
		t.Errorf("the reduced numbers are drawn %s the vertices; the Rules page says: %q", where, rules[max(0, strings.Index(rules, "q-reduced")-10):min(len(rules), strings.Index(rules, "q-reduced")+80)])
	}

	// The README's picture (docs/dollar-game.png): a smaller window, a
	// level in play with a hint shown.
	b.do("small window", chromedp.EmulateViewport(1060, 660))
	b.open("/dollar?level=9")
	b.click(2, 1)
	b.do("hint", chromedp.Click(chromedp.CSS("#hint")), chromedp.WaitVisible(chromedp.CSS("#hinttext[data-vertex]")))
	b.shot("dollar-readme")
	b.do("window", chromedp.EmulateViewport(1280, 900))
}

// browserNonogram opens the page on a bundled puzzle ready to play, then
// solves two: the demo puzzle (unique, its picture compared with the known
// solution) and Dots (two different solutions side by side).
func browserNonogram(b *browser) {
	t := b.t
	// Opened bare, the page shows the first bundled puzzle's clues and an
	// empty grid at once (issue 29, item 12: two thirds of it were blank).
	b.open("/nonogram")
	b.do("a puzzle at once", chromedp.WaitVisible(chromedp.CSS("#playgrid")))
	if w := eval[float64](b, `document.querySelector("#playgrid").getBoundingClientRect().width`); w < 300 {
		t.Errorf("the grid shown at the start is %.0f px wide", w)
	}
	if v := eval[string](b, `document.querySelector("#bundled").value`); v == "" {
		t.Error("no bundled puzzle chosen at the start")
	}
	b.shot("nonogram-start")

	b.open("/nonogram?puzzle=webpbn-00001.non")
	b.do("solved picture", chromedp.WaitVisible(chromedp.CSS("#solution1")))
	rows := eval[string](b, `document.querySelector("#solution1").dataset.rows`)
	if want := ".##..|.##.#|..#.#|.###.|#.#..|#.#..|..##.|.#.#.|.#.##|##..."; rows != want {
		t.Errorf("the picture is %s, want %s", rows, want)
	}
	if n := eval[int](b, `document.querySelectorAll("#solution1 .cell.black").length`); n != strings.Count(rows, "#") {
		t.Errorf("%d black cells drawn, %d in the solution", n, strings.Count(rows, "#"))
	}
	if v := eval[string](b, `document.querySelector("#verdict").dataset.verdict`); v != "unique" {
		t.Errorf("verdict %q", v)
	}
	b.shot("nonogram-unique")

	b.open("/nonogram?puzzle=dots.txt")
	b.do("two solutions", chromedp.WaitVisible(chromedp.CSS("#solution2")))
	one := eval[string](b, `document.querySelector("#solution1").dataset.rows`)
	two := eval[string](b, `document.querySelector("#solution2").dataset.rows`)
	if one == two || eval[int](b, `document.querySelectorAll("#solution2 .differs").length`) == 0 {
		t.Errorf("two solutions %s and %s, differences drawn: %d", one, two, eval[int](b, `document.querySelectorAll("#solution2 .differs").length`))
	}
	b.shot("nonogram-two")

	// Play mode: fill in the demo puzzle's solution by clicks and check it.
	b.open("/nonogram?puzzle=webpbn-00001.non")
	b.do("play", chromedp.Click(chromedp.CSS("#play")), chromedp.WaitVisible(chromedp.CSS("#playgrid")))
	for r, row := range strings.Split(".##..|.##.#|..#.#|.###.|#.#..|#.#..|..##.|.#.#.|.#.##|##...", "|") {
		for c := range row {
			if row[c] == '#' {
				b.do("cell", chromedp.Click(chromedp.CSS(fmt.Sprintf(`#playgrid rect.cell[data-r="%d"][data-c="%d"]`, r, c))))
			}
		}
	}
	b.do("check", chromedp.Click(chromedp.CSS("#check")), chromedp.WaitVisible(chromedp.CSS(`#verdict[data-solved="true"]`)))
	b.shot("nonogram-play")
}

// browserNotFound opens an address no page has: the 404 page is in the
// site's frame, its menu leading to the pages.
func browserNotFound(b *browser) {
	t := b.t
	b.do("open a missing page", chromedp.Navigate(b.url+"/no/such/page"), chromedp.WaitVisible(chromedp.CSS("#notfound")))
	if n := eval[int](b, `document.querySelectorAll("header nav a, main a.card").length`); n < 10 {
		t.Errorf("the 404 page has %d links to the pages", n)
	}
	b.shot("notfound")
}

// browserDobble builds the order-3 deck, checks it is a deck, picks two
// cards and checks that the one highlighted symbol is the one they share.
func browserDobble(b *browser) {
	t := b.t
	b.open("/dobble?order=3")
	cards := eval[[]string](b, `[...document.querySelectorAll("#deck .dcard")].map(e => e.dataset.symbols)`)
	deck := &dobble.Deck{}
	for _, c := range cards {
		var card []int
		for _, s := range strings.Split(c, ",") {
			x, _ := strconv.Atoi(s)
			card = append(card, x)
		}
		deck.Cards = append(deck.Cards, card)
	}
	if len(deck.Cards) != 13 || dobble.Check(deck, 4, 1) != nil {
		t.Fatalf("the page shows %d cards: %v", len(deck.Cards), dobble.Check(deck, 4, 1))
	}
	for _, pair := range [][2]int{{0, 5}, {3, 12}} {
		if pair[0] == 3 {
			b.do("unpick", chromedp.Click(chromedp.CSS(`#deck .dcard[data-card="0"]`)), chromedp.Click(chromedp.CSS(`#deck .dcard[data-card="5"]`)))
		}
		for _, i := range pair {
			b.do("pick a card", chromedp.Click(chromedp.CSS(fmt.Sprintf(`#deck .dcard[data-card="%d"]`, i))))
		}
		lit := eval[[]string](b, `[...document.querySelectorAll("#deck .dcard .sym.common")].map(e => e.closest(".dcard").dataset.card + ":" + e.dataset.symbol)`)
		var shared []int
		for _, s := range deck.Cards[pair[0]] {
			if slices.Contains(deck.Cards[pair[1]], s) {
				shared = append(shared, s)
			}
		}
		want := []string{fmt.Sprintf("%d:%d", pair[0], shared[0]), fmt.Sprintf("%d:%d", pair[1], shared[0])}
		slices.Sort(lit)
		slices.Sort(want)
		if len(shared) != 1 || !slices.Equal(lit, want) {
			t.Errorf("cards %v share %v; the page lights %v", pair, shared, lit)
		}
	}
	b.shot("dobble-pair")
	b.do("names", chromedp.SetValue(chromedp.CSS("#style"), "names"), chromedp.Evaluate[chromedp.Void](`document.querySelector("#style").dispatchEvent(new Event("change"))`))
	b.shot("dobble-names")
}

// browserStrategies runs a small strategies job and waits for its plots.
func browserStrategies(b *browser) {
	t := b.t
	b.open("/strategies")
	b.do("run", chromedp.SetValue(chromedp.CSS("#games"), "4"), chromedp.Click(chromedp.CSS("#start")),
		chromedp.WaitVisible(chromedp.CSS(`#status[data-state="done"]`)))
	if n := eval[int](b, `document.querySelectorAll("#success polyline").length`); n != 9 {
		t.Errorf("%d success curves, want 9", n)
	}
	if n := eval[int](b, `document.querySelectorAll("#meanmoves polyline").length`); n != 10 {
		t.Errorf("%d mean-move curves, want 10 (with the fewest moves)", n)
	}
	b.shot("strategies")
}
