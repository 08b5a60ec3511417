package cli

import (
	"encoding/json"
	"io"
)

// WriteJSON writes v as one indented JSON document, without escaping <, >
// and & (the output is read by programs and people, never embedded in
// HTML). It is the one JSON writer of the commands, so every --json looks
// alike.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
