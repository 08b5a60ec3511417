package dobbleapi

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/web"
	"github.com/satsolve/satsolve/internal/english"
	"github.com/satsolve/satsolve/models/dobble"
)

// The Dobble endpoints: build a deck for an order (or k), check a pasted
// deck, complete one. A deck travels as the text of a deck file (one card
// per line) and comes back as lists of symbol numbers, with the names when
// the deck has them.

// deckJSON is a deck as the server sends it.
type deckJSON struct {
	// Cards lists each card's symbols; Names, when present, names them
	// (symbol s is Names[s]).
	Cards   [][]int  `json:"cards"`
	Names   []string `json:"names,omitempty"`
	Symbols int      `json:"symbols"`
}

func newDeckJSON(d *dobble.Deck) deckJSON {
	return deckJSON{Cards: d.Cards, Names: d.Names, Symbols: len(d.Used())}
}

// buildRequest asks for a deck: the order q of a projective plane, or k
// symbols per card (k = q + 1); lambda (default 1) asks for a symmetric
// design in which any two cards share lambda symbols.
type buildRequest struct {
	Order  int `json:"order"`
	K      int `json:"k"`
	Lambda int `json:"lambda"`
}

// buildAnswer is a deck built by a construction.
type buildAnswer struct {
	deckJSON
	K      int `json:"k"`
	Lambda int `json:"lambda"`
	Order  int `json:"order,omitempty"`
	// Reason says why the deck exists (the theorem or construction).
	Reason string `json:"reason"`
}

func (s api) dobbleBuild(r *http.Request) (any, error) {
	var q buildRequest
	if err := s.Decode(r, &q); err != nil {
		return nil, err
	}
	if q.Lambda == 0 {
		q.Lambda = 1
	}
	switch {
	case q.Order == 0 && q.K == 0:
		return nil, web.BadRequest(`give "order" (a projective plane of order q) or "k" (symbols per card)`)
	case q.Order != 0 && q.K != 0 && q.K != q.Order+1:
		return nil, web.BadRequest("order %d means k = %d symbols per card, not %d", q.Order, q.Order+1, q.K)
	case q.Order != 0 && q.Lambda != 1:
		return nil, web.BadRequest(`"order" is for λ = 1 (projective planes); give "k" with "lambda"`)
	case q.K == 0:
		q.K = q.Order + 1
	}
	if q.K < 2 || q.K > maxDobbleK {
		return nil, web.BadRequest("k = %d: the server builds decks of 2 to %d symbols per card (order at most %d)", q.K, maxDobbleK, maxDobbleK-1)
	}
	verdict, err := dobble.DesignVerdict(q.K, q.Lambda)
	if err != nil {
		return nil, web.InputError(err)
	}
	d, err := dobble.Design(q.K, q.Lambda)
	if err != nil {
		return nil, web.InputError(err)
	}
	if err := dobble.Check(d, q.K, q.Lambda); err != nil {
		return nil, fmt.Errorf("the built deck fails the check: %v", err)
	}
	a := &buildAnswer{deckJSON: newDeckJSON(d), K: q.K, Lambda: q.Lambda, Reason: verdict.Reason}
	if q.Lambda == 1 {
		a.Order = q.K - 1
	}
	return a, nil
}

// deckRequest is a pasted deck with the rules it should follow: k symbols
// per card (default: the size of the first card) and lambda shared
// symbols (default 1); extra is the number of new symbols a completion may
// use.
type deckRequest struct {
	Text   string `json:"text"`
	K      int    `json:"k"`
	Lambda int    `json:"lambda"`
	Extra  int    `json:"extra"`
}

// deck reads the request's deck and fills in k and lambda.
func (q *deckRequest) deck() (*dobble.Deck, error) {
	d, err := dobble.Parse(strings.NewReader(q.Text), "<input>")
	if err != nil {
		return nil, web.InputError(err)
	}
	if len(d.Cards) > maxDeckCards {
		return nil, web.BadRequest("<input>: %d cards: the server reads decks of at most %d cards", len(d.Cards), maxDeckCards)
	}
	if n := len(d.Used()); n > maxDeckSymbols {
		return nil, web.BadRequest("<input>: %d symbols: the server reads decks of at most %d symbols", n, maxDeckSymbols)
	}
	if q.K == 0 {
		q.K = len(d.Cards[0])
	}
	if q.Lambda == 0 {
		q.Lambda = 1
	}
	if q.K < 1 || q.Lambda < 0 || q.Lambda >= q.K {
		return nil, web.BadRequest("k = %d, lambda = %d: want k ≥ 1 and 0 ≤ lambda < k", q.K, q.Lambda)
	}
	return d, nil
}

// violation is one broken rule, as the command line reports it.
type violation struct {
	Message string `json:"message"`
	// Cards are the cards involved (0-based), Symbols the repeated or
	// shared symbols.
	Cards   []int `json:"cards"`
	Symbols []int `json:"symbols"`
}

// checkDeckAnswer is the verdict on a pasted deck.
type checkDeckAnswer struct {
	deckJSON
	K      int  `json:"k"`
	Lambda int  `json:"lambda"`
	OK     bool `json:"ok"`
	// Violations lists up to 1,000 broken rules; Total counts them all.
	Violations []violation `json:"violations"`
	Total      int         `json:"total"`
	// Bound is the largest deck of these k and lambda on this many
	// symbols, and why.
	Bound       int    `json:"bound"`
	BoundReason string `json:"bound_reason"`
	Message     string `json:"message"`
}

func (s api) dobbleCheck(r *http.Request) (any, error) {
	q, d, err := s.decodeDeck(r)
	if err != nil {
		return nil, err
	}
	a := &checkDeckAnswer{deckJSON: newDeckJSON(d), K: q.K, Lambda: q.Lambda, Violations: []violation{}}
	b := dobble.DeckBound(max(d.NumSymbols(), 1), q.K, q.Lambda, true)
	a.Bound, a.BoundReason = b.Max, b.Reason
	err = dobble.Check(d, q.K, q.Lambda)
	if err == nil {
		a.OK = true
		a.Message = fmt.Sprintf("The deck follows the rules: %d cards of %d symbols, any two sharing exactly %d.", len(d.Cards), q.K, q.Lambda)
		return a, nil
	}
	ce, ok := err.(*dobble.CheckError)
	if !ok {
		return nil, web.InputError(err)
	}
	for _, v := range ce.Violations {
		a.Violations = append(a.Violations, violation{Message: "<input>:" + lineOf(d, v) + v.Message(d), Cards: v.Cards, Symbols: v.Symbols})
	}
	a.Total = ce.Total
	a.Message = fmt.Sprintf("<input>: the deck breaks the rules (%s)", english.Count(ce.Total, "violation"))
	return a, nil
}

// decodeDeck reads a deck request and the deck it pastes, as check and
// complete take them.
func (s api) decodeDeck(r *http.Request) (deckRequest, *dobble.Deck, error) {
	var q deckRequest
	if err := s.Decode(r, &q); err != nil {
		return q, nil, err
	}
	d, err := q.deck()
	return q, d, err
}

// lineOf returns "LINE: " for the last card of v, as the command line
// prefixes each violation, or "" when the deck has no lines.
func lineOf(d *dobble.Deck, v dobble.Violation) string {
	c := v.Cards[len(v.Cards)-1]
	if c < len(d.Lines) {
		return fmt.Sprintf("%d: ", d.Lines[c])
	}
	return " "
}

// completeAnswer lists the cards a completion adds.
type completeAnswer struct {
	Deck  deckJSON `json:"deck"`
	Added [][]int  `json:"added"`
	// Names names the symbols of the deck and the added cards (new
	// symbols are "?1", "?2", …) when the deck has names.
	Names   []string `json:"names,omitempty"`
	Proof   string   `json:"proof"`
	Method  string   `json:"method"`
	Seconds float64  `json:"seconds"`
	Message string   `json:"message"`
}

func (s api) dobbleComplete(r *http.Request) (any, error) {
	q, d, err := s.decodeDeck(r)
	if err != nil {
		return nil, err
	}
	if q.Extra < 0 || q.Extra > maxDeckSymbols-len(d.Used()) {
		return nil, web.BadRequest("extra = %d: want 0 to %d new symbols", q.Extra, maxDeckSymbols-len(d.Used()))
	}
	if err := dobble.Check(d, q.K, q.Lambda); err != nil {
		return nil, web.InputError(fmt.Errorf("<input>: the deck breaks the rules: %w", err))
	}
	// The model has one variable per pair of cards and symbol, and it is
	// built before the solver starts (and before the deadline can act):
	// bound it by the largest deck on these symbols.
	n := len(d.Used()) + q.Extra
	b := dobble.DeckBound(n, q.K, q.Lambda, true)
	if size := b.Max * b.Max / 2 * n; size > maxCompleteModel {
		return nil, web.BadRequest("completing this deck needs a model of about %d variables (%d symbols, up to %d cards): the server completes decks with models of at most %d; give fewer extra symbols", size, n, b.Max, maxCompleteModel)
	}
	release, err := s.Acquire(r.Context())
	if err != nil {
		return nil, err
	}
	defer release()
	ctx, cancel := s.SolveContext(r)
	defer cancel()
	start := time.Now()
	res, err := dobble.Complete(ctx, s.opts.NewSolver, d, q.K, q.Lambda, dobble.CompleteOptions{Extra: q.Extra})
	if err != nil {
		if ierr := s.Interrupted(ctx, "the completion"); ierr != nil {
			return nil, ierr
		}
		return nil, err
	}
	a := &completeAnswer{Deck: newDeckJSON(d), Added: [][]int{}, Proof: res.Proof, Seconds: time.Since(start).Seconds(),
		Method: fmt.Sprintf("SAT (%s), incidence matrix of the new cards", s.opts.Backend)}
	if len(res.Added) > 0 {
		add := res.Added[0]
		whole := &dobble.Deck{Cards: append(append([][]int{}, d.Cards...), add.Cards...), Names: add.Names}
		if err := dobble.Check(whole, q.K, q.Lambda); err != nil {
			return nil, fmt.Errorf("the completed deck fails the check: %v", err)
		}
		a.Added, a.Names = add.Cards, add.Names
	}
	a.Message = fmt.Sprintf("%s can be added to the %s: %s.", english.Count(len(a.Added), "card"), english.Count(len(d.Cards), "card"), res.Proof)
	if res.Proof == "" {
		a.Message = fmt.Sprintf("%s can be added to the %s.", english.Count(len(a.Added), "card"), english.Count(len(d.Cards), "card"))
	}
	return a, nil
}
