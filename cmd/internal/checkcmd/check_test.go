package checkcmd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/cli/clitest"
	"github.com/satsolve/satsolve/sat/proof"
	"github.com/satsolve/satsolve/sat/satfile"
)

var cmds = []*cli.Command{Command}

var (
	hole6CNF   = filepath.Join("..", "..", "..", "testdata", "cnf", "hole", "hole6.cnf")
	hole6DRAT  = filepath.Join("..", "..", "..", "sat", "proof", "testdata", "cadical", "hole6.drat")
	pretCNF    = filepath.Join("..", "..", "..", "testdata", "cnf", "pret", "pret60_25.cnf")
	pretBinary = filepath.Join("..", "..", "..", "sat", "proof", "testdata", "cadical", "pret60_25.bdrat")
)

// hole6LRAT writes the LRAT proof of hole6 that the DRAT checker derives
// from CaDiCaL's, as NAME.lrat in a temporary directory.
func hole6LRAT(t *testing.T) string {
	t.Helper()
	p, err := satfile.ReadFile(hole6CNF, satfile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(hole6DRAT)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := proof.CheckDRAT(p.Formula, bytes.NewReader(data), proof.Options{LRAT: &b}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "hole6.lrat")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCheckVerified(t *testing.T) {
	lrat := hole6LRAT(t)
	for _, args := range [][]string{
		{hole6CNF, hole6DRAT},
		{pretCNF, pretBinary},
		{hole6CNF, lrat},
		{"--proof-format", "lrat", hole6CNF, lrat},
	} {
		code, out, errs := clitest.Run(t, cmds, "", append([]string{"check"}, args...)...)
		if code != 0 || out != "s VERIFIED\n" || errs != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	// The proof on standard input.
	data, _ := os.ReadFile(hole6DRAT)
	code, out, _ := clitest.Run(t, cmds, string(data), "check", hole6CNF, "-")
	if code != 0 || out != "s VERIFIED\n" {
		t.Errorf("stdin: exit %d, %q", code, out)
	}
	// JSON.
	code, out, _ = clitest.Run(t, cmds, "", "check", "--json", "-v", pretCNF, pretBinary)
	var r report
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 {
		t.Fatalf("json: exit %d, %v: %s", code, err, out)
	}
	if !r.Verified || r.Status != "VERIFIED" || r.Format != "binary-drat" || r.Checked == 0 || r.Additions < r.Checked {
		t.Errorf("json: %+v", r)
	}
}

func TestCheckNotVerified(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cnf := write("f.cnf", "p cnf 3 3\n1 2 0\n-1 2 0\n1 -2 3 0\n")
	cases := []struct {
		name, proof, format string
		stderr              string
	}{
		{"bad.drat", "c x\n-2 0\n0\n", "", "bad.drat:2: step 1: lemma -2 0 is neither RUP nor RAT"},
		{"short.drat", "2 0\n", "", "short.drat:1: the proof ends without refuting the formula"},
		{"syntax.drat", "2 0\n1 x 0\n", "", `syntax.drat:2: expected a literal or 0, found "x"`},
		{"bin.drat", "a\x05\x00a\x00", "", "bin.drat: byte 0: step 1: lemma -2 0"},
		{"bad.lrat", "4 2 0 3 0\n", "", "bad.lrat:1: step 1: lemma 4: hint 3 is not unit"},
		{"as-lrat.txt", "4 2 0 3 0\n", "lrat", "as-lrat.txt:1: step 1"},
	}
	for _, tc := range cases {
		args := []string{"check", cnf, write(tc.name, tc.proof)}
		if tc.format != "" {
			args = append(args, "--proof-format", tc.format)
		}
		code, out, errs := clitest.Run(t, cmds, "", args...)
		if code != 1 || out != "s NOT VERIFIED\n" || !strings.Contains(errs, tc.stderr) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %q", tc.name, code, out, errs, tc.stderr)
		}
	}
	code, out, _ := clitest.Run(t, cmds, "", "check", "--json", cnf, write("j.drat", "c\n\n-2 0\n0\n"))
	var r report
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 1 {
		t.Fatalf("json: exit %d, %v", code, err)
	}
	if r.Verified || r.Status != "NOT VERIFIED" || r.Step != 1 || r.Line != 3 || r.Offset != nil {
		t.Errorf("json: %+v", r)
	}
	// A timeout is UNKNOWN, not a verdict.
	code, out, _ = clitest.Run(t, cmds, "", "check", "--timeout", "1ns", hole6CNF, hole6DRAT)
	if code != 1 || out != "s UNKNOWN\n" {
		t.Errorf("timeout: exit %d, %q", code, out)
	}
}

func TestCheckErrors(t *testing.T) {
	cases := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"check", hole6CNF}, 2, "want FILE.cnf and PROOF"},
		{[]string{"check", "-", "-"}, 2, "cannot both be standard input"},
		{[]string{"check", "--proof-format", "frat", hole6CNF, hole6DRAT}, 2, "unknown proof format"},
		{[]string{"check", hole6CNF, "no-such.drat"}, 1, "no-such.drat"},
		{[]string{"check", "no-such.cnf", hole6DRAT}, 1, "no-such.cnf"},
	}
	for _, tc := range cases {
		code, out, errs := clitest.Run(t, cmds, "", tc.args...)
		if code != tc.code || out != "" || !strings.Contains(errs, tc.stderr) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", tc.args, code, out, errs)
		}
	}
}
