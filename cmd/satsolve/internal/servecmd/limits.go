package servecmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// What a request may ask for. Each cap is said in the error that refuses
// a request beyond it; docs/web.md lists them.
const (
	// maxGameVertices and maxGameEdges bound a dollar game: a graph a
	// person can play by clicking, and the SAT models stay small.
	maxGameVertices = 100
	maxGameEdges    = 2000
	// maxGameValue bounds the dollars on a vertex.
	maxGameValue = 1_000_000
	// maxRandomVertices bounds a random game drawn by the server.
	maxRandomVertices = 60
	// maxMovesModel bounds the estimated size of a fewest-moves model
	// built with BDDs (movesModelSize): building it cannot be interrupted,
	// so a larger one would outlast the deadline. Beyond it, the hints and
	// solutions come from Dhar's script, labelled.
	maxMovesModel = 2_500_000
	// maxSteps bounds the moves of a solution listed one by one.
	maxSteps = 5000

	// Strategies runs: vertices, games per density, densities, the move
	// limit, and all games together.
	maxRunVertices  = 20
	maxRunGames     = 200
	maxRunDensities = 11
	maxRunMoves     = 1000
	maxRunTotal     = 1000

	// maxNonogramSide and maxNonogramCells bound a puzzle the server
	// solves; maxPuzzlesInFile bounds a pasted file.
	maxNonogramSide  = 100
	maxNonogramCells = 10_000
	maxPuzzlesInFile = 1000

	// maxDobbleK bounds the symbols per card of a deck built (order 13:
	// 183 cards); maxDeckCards and maxDeckSymbols a deck pasted.
	maxDobbleK     = 14
	maxDeckCards   = 200
	maxDeckSymbols = 400
	// maxCompleteModel bounds the variables of a completion's model
	// (pairs of cards times symbols): encoding it happens before the
	// deadline can act.
	maxCompleteModel = 20_000
)

// apiError is an error with the HTTP status it answers with.
type apiError struct {
	Status int
	Msg    string
	// TimedOut marks a deadline that ended the work before any answer.
	TimedOut bool
	// RetryAfter, when positive, is sent as the Retry-After header.
	RetryAfter time.Duration
}

func (e *apiError) Error() string { return e.Msg }

// badRequest is a 400 with the formatted message.
func badRequest(format string, args ...any) error {
	return &apiError{Status: http.StatusBadRequest, Msg: fmt.Sprintf(format, args...)}
}

// inputError is a 400 carrying a model's error message unchanged: the
// message the command line prints after "satsolve: ".
func inputError(err error) error {
	return &apiError{Status: http.StatusBadRequest, Msg: err.Error()}
}

// errorBody is what every failed request gets.
type errorBody struct {
	Error    string `json:"error"`
	TimedOut bool   `json:"timed_out,omitempty"`
}

// api registers an endpoint whose handler returns a value to send as JSON
// (200) or an error (its status if it is an *apiError, else 500).
func (s *Server) api(pattern string, fn func(r *http.Request) (any, error)) {
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		v, err := fn(r)
		if err == nil {
			status := http.StatusOK
			if c, ok := v.(created); ok {
				status, v = http.StatusAccepted, c.body
			}
			writeJSON(w, status, v)
			return
		}
		var ae *apiError
		if !errors.As(err, &ae) {
			s.logf("internal error: %s %s: %v", r.Method, r.URL.Path, err)
			ae = &apiError{Status: http.StatusInternalServerError, Msg: "internal error: " + err.Error()}
		}
		if ae.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(ae.RetryAfter.Seconds()+0.5)))
		}
		writeJSON(w, ae.Status, errorBody{Error: ae.Msg, TimedOut: ae.TimedOut})
	})
}

// created wraps the body of a 202 Accepted answer (a job started).
type created struct{ body any }

// writeJSON sends v as JSON with the status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		b.Reset()
		fmt.Fprintf(&b, "{\"error\":%q}\n", "internal error: "+err.Error())
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// decode reads the JSON body of r into v: at most MaxBody bytes, one
// object, no unknown fields. Every failure is a 400 naming the problem.
func (s *Server) decode(r *http.Request, v any) error {
	data, err := io.ReadAll(io.LimitReader(r.Body, s.opts.MaxBody+1))
	if err != nil {
		return badRequest("reading the request body: %v", err)
	}
	if int64(len(data)) > s.opts.MaxBody {
		return badRequest("request body too large: more than %d bytes (the server's limit)", s.opts.MaxBody)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return badRequest("empty request body: want a JSON object")
		}
		return badRequest("malformed JSON request: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return badRequest("malformed JSON request: data after the JSON object")
	}
	return nil
}

// acquire takes one solver slot, waiting at most QueueWait. The release
// function gives it back. The error is a 503 when no slot freed in time,
// or the request's own end.
func (s *Server) acquire(ctx context.Context) (release func(), err error) {
	select {
	case s.slots <- struct{}{}:
		return func() { <-s.slots }, nil
	default:
	}
	t := time.NewTimer(s.opts.QueueWait)
	defer t.Stop()
	select {
	case s.slots <- struct{}{}:
		return func() { <-s.slots }, nil
	case <-t.C:
		return nil, &apiError{Status: http.StatusServiceUnavailable, RetryAfter: time.Second,
			Msg: fmt.Sprintf("server busy: %d solves running (at most %d at once, --max-jobs); try again", s.opts.MaxJobs, s.opts.MaxJobs)}
	case <-ctx.Done():
		return nil, &apiError{Status: http.StatusServiceUnavailable, Msg: "request ended while waiting for a solver: " + ctx.Err().Error()}
	}
}

// solveContext returns the context of one solve: the request's, cut at
// the solve timeout.
func (s *Server) solveContext(r *http.Request) (context.Context, context.CancelFunc) {
	return context.WithTimeout(r.Context(), s.opts.SolveTimeout)
}

// deadlineHit reports whether ctx ended by its deadline.
func deadlineHit(ctx context.Context) bool {
	return errors.Is(ctx.Err(), context.DeadlineExceeded)
}

// timedOut is the error of a solve that the deadline ended before it had
// anything to say.
func (s *Server) timedOut(what string) error {
	return &apiError{Status: http.StatusServiceUnavailable, TimedOut: true,
		Msg: fmt.Sprintf("timed out: %s did not finish within %v (the server's --solve-timeout)", what, s.opts.SolveTimeout)}
}

// interrupted maps the end of a solve's context to the answer: a timeout
// (deadline), the client gone (cancelled), or nil when ctx is still live.
func (s *Server) interrupted(ctx context.Context, what string) error {
	switch {
	case deadlineHit(ctx):
		return s.timedOut(what)
	case ctx.Err() != nil:
		return &apiError{Status: http.StatusServiceUnavailable, Msg: what + " was cancelled: " + ctx.Err().Error()}
	}
	return nil
}
