package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
)

// aFlag is one flag of one command.
type aFlag struct {
	cmd  string // "dobble max"
	kind string // the value's type, as %T writes it
	f    *flag.Flag
}

// allFlags returns every flag of every command, by name.
func allFlags() map[string][]aFlag {
	byName := map[string][]aFlag{}
	cli.Walk(inProcess, func(path []string, c *cli.Command) {
		if c.Flags == nil {
			return
		}
		name := strings.Join(path, " ")
		cli.FlagSet(name, c).VisitAll(func(f *flag.Flag) {
			byName[f.Name] = append(byName[f.Name], aFlag{name, fmt.Sprintf("%T", f.Value), f})
		})
	})
	return byName
}

// vocabularyFaults returns what breaks the flag vocabulary: a vocabulary
// name used with another type or a help that does not begin with its
// meaning; a name several commands use, outside the vocabulary, with
// different types or helps; a vocabulary name no command uses; and a
// command that solves (it has --backend) without --timeout, --json and -v.
func vocabularyFaults(byName map[string][]aFlag) []string {
	var faults []string
	terms := map[string]cli.Term{}
	for _, t := range cli.Vocabulary {
		terms[t.Name] = t
		if len(byName[t.Name]) == 0 {
			faults = append(faults, fmt.Sprintf("--%s is in the vocabulary but no command has it", t.Name))
		}
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		uses := byName[n]
		if t, ok := terms[n]; ok {
			for _, u := range uses {
				if minizincFlags[n] && u.cmd == "fzn" {
					continue
				}
				if !slices.Contains(t.Kinds, u.kind) {
					faults = append(faults, fmt.Sprintf("%s: --%s is a %s, the vocabulary says %s", u.cmd, n, u.kind, strings.Join(t.Kinds, " or ")))
				}
				if !strings.HasPrefix(u.f.Usage, t.Meaning) {
					faults = append(faults, fmt.Sprintf("%s: --%s means %q, the vocabulary says %q", u.cmd, n, firstLine(u.f.Usage), t.Meaning))
				}
			}
			continue
		}
		for _, u := range uses[1:] {
			if u.kind != uses[0].kind || u.f.Usage != uses[0].f.Usage || u.f.DefValue != uses[0].f.DefValue {
				faults = append(faults, fmt.Sprintf("--%s means %q (%s, default %q) in %s but %q (%s, default %q) in %s: make them one, or give it a vocabulary entry",
					n, firstLine(uses[0].f.Usage), uses[0].kind, uses[0].f.DefValue, uses[0].cmd, firstLine(u.f.Usage), u.kind, u.f.DefValue, u.cmd))
			}
		}
	}
	solving := map[string]map[string]bool{}
	for _, n := range names {
		for _, u := range byName[n] {
			if solving[u.cmd] == nil {
				solving[u.cmd] = map[string]bool{}
			}
			solving[u.cmd][n] = true
		}
	}
	cmds := make([]string, 0, len(solving))
	for c := range solving {
		cmds = append(cmds, c)
	}
	sort.Strings(cmds)
	for _, c := range cmds {
		if !solving[c]["backend"] {
			continue
		}
		for _, need := range []string{"timeout", "json", "v"} {
			if need == "json" && (interactive[c] || c == "fzn") || need == "timeout" && servers[c] {
				continue
			}
			if !solving[c][need] {
				faults = append(faults, fmt.Sprintf("%s solves (it has --backend) but has no --%s", c, need))
			}
		}
	}
	return faults
}

// interactive are the commands that talk with the user instead of
// printing a report: they have no --json.
var interactive = map[string]bool{"chipfire play": true, "serve": true}

// minizincFlags are the standard flags of MiniZinc's solver interface
// (docs/en/fzn-spec.rst, "Command-Line Interface and Standard Options"),
// which satsolve fzn takes with MiniZinc's meanings: there -n is a number
// of solutions, not the vocabulary's size of an instance. Its output is
// MiniZinc's too, so it has no --json.
var minizincFlags = map[string]bool{"a": true, "n": true, "i": true, "f": true, "p": true, "r": true, "s": true, "t": true}

// servers run until stopped (serve's --for bounds its life): they have no
// --timeout of their own, only --solve-timeout for each solve.
var servers = map[string]bool{"serve": true}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// TestFlagVocabulary holds every command's flags to the vocabulary
// (docs/cli.md): the same name means the same thing everywhere.
func TestFlagVocabulary(t *testing.T) {
	for _, f := range vocabularyFaults(allFlags()) {
		t.Error(f)
	}
}

// TestFlagVocabularyCatchesAnotherMeaning plants a command that gives
// --format another meaning (an output format, as chipfire random once
// did) and --repeat, a name outside the vocabulary that compare uses,
// another help: the check must report both.
func TestFlagVocabularyCatchesAnotherMeaning(t *testing.T) {
	byName := allFlags()
	fs := flag.NewFlagSet("planted", flag.ContinueOnError)
	fs.String("format", "edges", "output format: edges, dot or json")
	fs.String("limit", "", "most completions listed")
	fs.Int("repeat", 3, "runs per measurement")
	for _, name := range []string{"format", "repeat"} {
		f := fs.Lookup(name)
		byName[name] = append(byName[name], aFlag{"planted", fmt.Sprintf("%T", f.Value), f})
	}
	faults := strings.Join(vocabularyFaults(byName), "\n")
	for _, want := range []string{
		`planted: --format means "output format: edges, dot or json", the vocabulary says "input format of FILE"`,
		"planted: --format is a *flag.stringValue",
		`--repeat means "runs per measurement; times are medians"`,
	} {
		if !strings.Contains(faults, want) {
			t.Errorf("the check does not report %q; it reports:\n%s", want, faults)
		}
	}
}

// TestFlagDocs checks that docs/cli.md lists every vocabulary term with
// its meaning and every flag of every command.
func TestFlagDocs(t *testing.T) {
	doc, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, term := range cli.Vocabulary {
		dash := "--" + term.Name
		if len(term.Name) == 1 {
			dash = "-" + term.Name
		}
		if !strings.Contains(string(doc), "`"+dash) || !strings.Contains(string(doc), term.Meaning) {
			t.Errorf("docs/cli.md does not give %s with its meaning %q", dash, term.Meaning)
		}
	}
	for name, uses := range allFlags() {
		dash := "--" + name
		if len(name) == 1 {
			dash = "-" + name
		}
		if !strings.Contains(string(doc), "`"+dash+"`") && !strings.Contains(string(doc), "`"+dash+" ") {
			t.Errorf("docs/cli.md does not mention %s (used by %s)", dash, uses[0].cmd)
		}
	}
}
