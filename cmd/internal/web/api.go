package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// Error is an error with the HTTP status it answers with.
type Error struct {
	Status int
	Msg    string
	// TimedOut marks a deadline that ended the work before any answer.
	TimedOut bool
	// RetryAfter, when positive, is sent as the Retry-After header.
	RetryAfter time.Duration
}

func (e *Error) Error() string { return e.Msg }

// BadRequest is a 400 with the formatted message.
func BadRequest(format string, args ...any) error {
	return &Error{Status: http.StatusBadRequest, Msg: fmt.Sprintf(format, args...)}
}

// InputError is a 400 carrying a model's error message unchanged: the
// message the command line prints after "satsolve: ".
func InputError(err error) error {
	return &Error{Status: http.StatusBadRequest, Msg: err.Error()}
}

// ErrorBody is what every failed request gets.
type ErrorBody struct {
	Error    string `json:"error"`
	TimedOut bool   `json:"timed_out,omitempty"`
}

// API registers an endpoint whose handler returns a value to send as JSON
// (200) or an error (its status if it is an *Error, else 500).
func (s *Server) API(pattern string, fn func(r *http.Request) (any, error)) {
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
		var ae *Error
		if !errors.As(err, &ae) {
			s.Logf("internal error: %s %s: %v", r.Method, r.URL.Path, err)
			ae = &Error{Status: http.StatusInternalServerError, Msg: "internal error: " + err.Error()}
		}
		if ae.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(ae.RetryAfter.Seconds()+0.5)))
		}
		writeJSON(w, ae.Status, ErrorBody{Error: ae.Msg, TimedOut: ae.TimedOut})
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

// Decode reads the JSON body of r into v: at most MaxBody bytes, one
// object, no unknown fields. Every failure is a 400 naming the problem.
func (s *Server) Decode(r *http.Request, v any) error {
	data, err := io.ReadAll(io.LimitReader(r.Body, s.opts.MaxBody+1))
	if err != nil {
		return BadRequest("reading the request body: %v", err)
	}
	if int64(len(data)) > s.opts.MaxBody {
		return BadRequest("request body too large: more than %d bytes (the server's limit)", s.opts.MaxBody)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return BadRequest("empty request body: want a JSON object")
		}
		return BadRequest("malformed JSON request: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return BadRequest("malformed JSON request: data after the JSON object")
	}
	return nil
}
