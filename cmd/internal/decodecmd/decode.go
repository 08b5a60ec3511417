package decodecmd

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/satfile"
)

// Command is satsolve decode.
var Command = &cli.Command{
	Name:    "decode",
	Summary: "check a foreign solver's model of an exported instance and print what it means",
	Args:    "[flags] INSTANCE MODEL   (MODEL may be - for standard input)",
	Doc: "INSTANCE is a file written by --dimacs or --opb of a model command (nonogram\n" +
		"solve, dobble build/max, game nim/octal/kayles, chipfire solve/rank); MODEL is\n" +
		"the output of any solver run on it: an \"s\" line and \"v\" lines (DIMACS\n" +
		"literals, or OPB x-literals). The model is checked against every constraint of\n" +
		"INSTANCE (variables it does not list are false), then decoded through the\n" +
		"variable map in INSTANCE's comments: a nonogram's picture, a Dobble deck\n" +
		"(also checked by the deck rules), a game's P-positions or Grundy values, or\n" +
		"every named variable's value. A model that fails the check exits 1; so does\n" +
		"a MODEL without one (UNSATISFIABLE or UNKNOWN).",
	Flags: flags,
}

// decodeJSON is the --json report.
type decodeJSON struct {
	Instance string `json:"instance"`
	Model    string `json:"model"`
	Status   string `json:"status"`
	Checked  bool   `json:"checked"`
	// Kind is what the instance encodes: nonogram, dobble, kernel,
	// grundy or variables.
	Kind string `json:"kind"`
	// Lines are the decoded answer, as the text output prints it.
	Lines []string `json:"lines"`
}

func flags(fs *flag.FlagSet) cli.Action {
	var asJSON bool
	cli.JSONVar(fs, &asJSON, "")
	return func(ctx context.Context, e *cli.Env, args []string) error {
		if err := cli.WantArgs(args, 2, "INSTANCE and MODEL"); err != nil {
			return err
		}
		inst, modelPath := args[0], args[1]
		p, err := satfile.ReadFile(inst, satfile.Options{})
		if err != nil {
			return err
		}
		comments, err := readComments(inst)
		if err != nil {
			return err
		}
		var in io.Reader = e.Stdin
		if modelPath != "-" {
			f, err := cli.Open(modelPath)
			if err != nil {
				return err
			}
			defer f.Close()
			in = f
		}
		status, model, err := readModel(in, modelPath, p)
		if err != nil {
			return err
		}
		if status != "SATISFIABLE" && status != "OPTIMUM FOUND" {
			return fmt.Errorf("%s: the solver answered %s: no model to decode", modelPath, status)
		}
		if err := p.Formula.Check(model); err != nil {
			return fmt.Errorf("%s: the model does not satisfy %s: %v", modelPath, inst, err)
		}
		kind, lines, err := decode(comments, model)
		if err != nil {
			return fmt.Errorf("%s: %w", modelPath, err)
		}
		if asJSON {
			return cli.WriteJSON(e.Stdout, decodeJSON{Instance: inst, Model: modelPath, Status: status, Checked: true, Kind: kind, Lines: lines})
		}
		for _, l := range lines {
			if _, err := fmt.Fprintln(e.Stdout, l); err != nil {
				return err
			}
		}
		e.Notef("%s: the model satisfies every constraint of %s", modelPath, inst)
		return nil
	}
}

// readComments returns the comment lines of an exported instance ("c " in
// DIMACS, "* " in OPB), without their marker.
func readComments(path string) ([]string, error) {
	f, err := cli.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "c "):
			out = append(out, line[2:])
		case strings.HasPrefix(line, "* "):
			out = append(out, line[2:])
		}
	}
	return out, sc.Err()
}

// readModel reads competition output: the status of the "s" line and the
// literals of the "v" lines (DIMACS integers, or OPB x-literals), as an
// assignment over the instance's variables (unlisted ones false).
func readModel(r io.Reader, name string, p *satfile.Problem) (string, sat.Assignment, error) {
	n := p.Formula.NumVars
	a := sat.NewAssignment(n)
	status, bare := "", false
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<26)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(text, "s "):
			status = strings.TrimSpace(text[2:])
		case text == "SAT" || text == "SATISFIABLE": // minisat's result file
			status, bare = "SATISFIABLE", true
		case text == "UNSAT" || text == "UNSATISFIABLE":
			status = "UNSATISFIABLE"
		case strings.HasPrefix(text, "v "), text == "v", bare && text != "":
			for _, tok := range strings.Fields(strings.TrimPrefix(text, "v")) {
				neg := strings.HasPrefix(tok, "-") || strings.HasPrefix(tok, "~")
				v, err := strconv.Atoi(strings.TrimPrefix(strings.TrimLeft(tok, "-~"), "x"))
				if err != nil || v < 0 {
					return "", nil, fmt.Errorf("%s:%d: %q is not a literal", name, line, tok)
				}
				if v == 0 {
					continue
				}
				if v > n {
					return "", nil, fmt.Errorf("%s:%d: variable %d beyond the instance's %d", name, line, v, n)
				}
				a[v] = !neg
			}
		}
	}
	if err := sc.Err(); err != nil {
		return "", nil, err
	}
	if status == "" {
		return "", nil, fmt.Errorf("%s: no \"s\" line", name)
	}
	return status, a, nil
}
