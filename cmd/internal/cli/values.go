package cli

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/satsolve/satsolve/cmd/internal/backend"
)

// The typed flag values below check their argument when the flag is
// parsed, so that a bad value is a usage error (one line, exit status 2)
// before any work starts.

// BackendValue is a --backend spec, checked against the backend registry.
// The spec cdcl:help asks for cdcl's options instead (see helper).
type BackendValue struct {
	p    *string
	help string
}

func (b *BackendValue) String() string {
	if b == nil || b.p == nil {
		return ""
	}
	return *b.p
}

// Set checks that spec names a backend, or notes a request for help.
func (b *BackendValue) Set(spec string) error {
	if spec == backend.HelpSpec {
		b.help = backend.OptionsHelp()
		return nil
	}
	if _, err := backend.New(spec); err != nil {
		return err
	}
	*b.p = spec
	return nil
}

// BackendsValue is a repeatable --backend: every spec given, in order.
// The spec cdcl:help asks for cdcl's options instead (see helper).
type BackendsValue struct {
	p    *[]string
	help string
}

func (b *BackendsValue) String() string {
	if b == nil || b.p == nil {
		return ""
	}
	return strings.Join(*b.p, " ")
}

// Set checks spec and appends it, or notes a request for help.
func (b *BackendsValue) Set(spec string) error {
	if spec == backend.HelpSpec {
		b.help = backend.OptionsHelp()
		return nil
	}
	if _, err := backend.New(spec); err != nil {
		return err
	}
	*b.p = append(*b.p, spec)
	return nil
}

// A helper is a flag value that can be asked for help about its values
// (--backend cdcl:help): when a value set on the command line returns a
// non-empty Help, the command prints it on standard output and exits 0
// instead of running.
type helper interface{ Help() string }

// Help returns cdcl's options when the flag was given cdcl:help.
func (b *BackendValue) Help() string { return b.help }

// Help returns cdcl's options when the flag was given cdcl:help.
func (b *BackendsValue) Help() string { return b.help }

// flagHelp returns the help a flag set on the command line asked for, or
// "".
func flagHelp(fs *flag.FlagSet) string {
	var h string
	fs.Visit(func(f *flag.Flag) {
		if v, ok := f.Value.(helper); ok && h == "" {
			h = v.Help()
		}
	})
	return h
}

// DurationValue is a non-negative time limit.
type DurationValue struct{ p *time.Duration }

func (d *DurationValue) String() string {
	if d == nil || d.p == nil {
		return ""
	}
	return d.p.String()
}

// Set parses a Go duration ("30s", "2m", "1h30m") and refuses a negative
// one.
func (d *DurationValue) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("want a duration such as 30s or 2m, not %q", s)
	}
	if v < 0 {
		return fmt.Errorf("want a duration of 0 or more, not %v", v)
	}
	*d.p = v
	return nil
}

// EnumValue is a word from a fixed set, checked by the parser of the
// library it configures (encode.ParseCardMethod, say).
type EnumValue struct {
	p     *string
	check func(string) error
}

func (v *EnumValue) String() string {
	if v == nil || v.p == nil {
		return ""
	}
	return *v.p
}

// Set checks word.
func (v *EnumValue) Set(word string) error {
	if v.check != nil {
		if err := v.check(word); err != nil {
			return err
		}
	}
	*v.p = word
	return nil
}

// Enum registers a flag whose value, stored in *p (def to begin with), is
// a word that check accepts; check is typically a library's Parse function
// adapted by Check.
func Enum(fs *flag.FlagSet, p *string, name, def, usage string, check func(string) error) {
	*p = def
	fs.Var(&EnumValue{p: p, check: check}, name, usage)
}

// Words returns a check that accepts only the words listed.
func Words(words ...string) func(string) error {
	return func(w string) error {
		for _, x := range words {
			if w == x {
				return nil
			}
		}
		return fmt.Errorf("want %s, not %q", orList(words), w)
	}
}

// Check adapts a library's Parse function to a check for Enum.
func Check[T any](parse func(string) (T, error)) func(string) error {
	return func(w string) error { _, err := parse(w); return err }
}

// orList writes "a, b or c".
func orList(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// OutputValue is a file the command writes its result to, atomically (see
// WriteOutput); empty means standard output.
type OutputValue struct{ p *string }

func (o *OutputValue) String() string {
	if o == nil || o.p == nil {
		return ""
	}
	return *o.p
}

// Set records the path; an empty path is refused.
func (o *OutputValue) Set(path string) error {
	if path == "" {
		return fmt.Errorf("want a file name")
	}
	*o.p = path
	return nil
}

// WriteOutput writes a result through fill: to the file path, atomically
// (see WriteFile), or to standard output when path is empty.
func WriteOutput(e *Env, path string, fill func(w io.Writer) error) error {
	if path == "" {
		return fill(e.Stdout)
	}
	return WriteFile(path, fill)
}

// AutoOr returns a check that accepts "auto" and whatever check accepts.
func AutoOr(check func(string) error) func(string) error {
	return func(w string) error {
		if w == "auto" {
			return nil
		}
		return check(w)
	}
}

// ProbabilityValue is a probability in [0, 1], or unset.
type ProbabilityValue struct {
	P     float64
	Given bool
}

func (p *ProbabilityValue) String() string {
	if p == nil || !p.Given {
		return ""
	}
	return strconv.FormatFloat(p.P, 'g', -1, 64)
}

// Set parses a probability.
func (p *ProbabilityValue) Set(s string) error {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !(v >= 0 && v <= 1) {
		return fmt.Errorf("want a probability in [0, 1], not %q", s)
	}
	p.P, p.Given = v, true
	return nil
}
