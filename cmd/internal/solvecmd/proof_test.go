package solvecmd

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/satsolve/satsolve/sat"
	"github.com/satsolve/satsolve/sat/proof"
	"github.com/satsolve/satsolve/sat/satfile"
)

var (
	hole6 = filepath.Join("..", "..", "..", "testdata", "cnf", "hole", "hole6.cnf")
	uf20  = filepath.Join("..", "..", "..", "testdata", "examples", "uf20-01.cnf")
)

// TestProofFormats writes the proof of hole6 in each format, by flag and
// by file name, and checks each file with both the format's checker.
func TestProofFormats(t *testing.T) {
	p, err := satfile.ReadFile(hole6, satfile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cases := []struct {
		name   string
		flags  []string
		format proof.Format
		binary bool
	}{
		{"p.drat", nil, proof.DRAT, false},
		{"p.lrat", nil, proof.LRAT, false},
		{"p.proof", []string{"--proof-format", "binary-drat"}, proof.DRAT, true},
		{"p2.proof", []string{"--proof-format", "lrat", "--backend", "cdcl:stable=2"}, proof.LRAT, false},
	}
	for _, tc := range cases {
		path := filepath.Join(dir, tc.name)
		args := append([]string{"solve", "--proof", path}, tc.flags...)
		code, out, errs := runCLI(t, "", append(args, hole6)...)
		if code != 20 || out != "s UNSATISFIABLE\n" || errs != "" {
			t.Fatalf("%s: exit %d, %q, %q", tc.name, code, out, errs)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		res, err := proof.Check(p.Formula, f, tc.format, proof.Options{File: path})
		f.Close()
		if err != nil || res.Binary != tc.binary {
			t.Errorf("%s: %v (binary %v)", tc.name, err, res.Binary)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != len(cases) {
		t.Errorf("%d files in the directory, want %d (temporary files left?)", len(entries), len(cases))
	}
}

func TestCertify(t *testing.T) {
	code, out, errs := runCLI(t, "", "solve", "--certify", hole6)
	lines := strings.Split(out, "\n")
	if code != 20 || len(lines) != 3 || !strings.HasPrefix(lines[0], "c certified: the lrat proof (") || lines[1] != "s UNSATISFIABLE" || errs != "" {
		t.Errorf("UNSAT: exit %d, %q, %q", code, out, errs)
	}
	code, out, _ = runCLI(t, "", "solve", "--certify", "--json", "--proof-format", "binary-drat", hole6)
	var j jsonReport
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != 20 {
		t.Fatalf("json: exit %d, %v", code, err)
	}
	if j.Proof == nil || !j.Proof.Verified || j.Proof.Format != "binary-drat" || j.Proof.File != "" || j.Proof.Bytes == 0 || j.Backend != "cdcl" {
		t.Errorf("json: %+v %+v", j, j.Proof)
	}
	// SAT: the model is printed (and checked), nothing is certified.
	code, out, _ = runCLI(t, "", "solve", "--certify", uf20)
	if status, m := parseCompetition(t, out); code != 10 || status != "SATISFIABLE" || len(m) == 0 || strings.Contains(out, "certified") {
		t.Errorf("SAT: exit %d, %q", code, out)
	}
	// Interrupted at once: UNKNOWN.
	code, out, _ = runCLI(t, "", "solve", "--certify", "--timeout", "1ns", hole6)
	if code != 0 || !strings.Contains(out, "s UNKNOWN") {
		t.Errorf("timeout: exit %d, %q", code, out)
	}
}

func TestProofFlagErrors(t *testing.T) {
	dir := t.TempDir()
	opb := filepath.Join(dir, "f.opb")
	os.WriteFile(opb, []byte("* #variable= 2 #constraint= 1\n+1 x1 +1 x2 >= 1 ;\n"), 0o644)
	cases := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"--proof", filepath.Join(dir, "a.drat"), "--backend", "gini", hole6}, 2, "backend gini cannot write proofs"},
		{[]string{"--certify", "--backend", "portfolio:cdcl,walk", hole6}, 2, "--certify: backend portfolio:cdcl,walk cannot write proofs"},
		{[]string{"--proof", filepath.Join(dir, "b.drat"), "--preprocess", hole6}, 2, "cannot be used with --preprocess"},
		{[]string{"--certify", "--cube", "0", hole6}, 2, "--certify cannot be used with --cube"},
		{[]string{"--proof", filepath.Join(dir, "c.lrat"), "--cube", "0", hole6}, 2, "not LRAT"},
		{[]string{"--proof-format", "lrat", hole6}, 2, "--proof-format needs --proof or --certify"},
		{[]string{"--proof", "-", hole6}, 2, "cannot go to standard output"},
		{[]string{"--proof-format", "frat", "--certify", hole6}, 2, "unknown proof format"},
		{[]string{"--proof", filepath.Join(dir, "d.drat"), opb}, 2, "proofs are for CNF files"},
		{[]string{"--certify", opb}, 2, "a clausal (DRAT or LRAT) proof cannot justify"},
		{[]string{"--certify", "--pb", "bdd", opb}, 2, "proofs are for CNF files"},
		{[]string{"--proof", filepath.Join(dir, "no", "such", "dir.drat"), hole6}, 1, "dir.drat"},
	}
	for _, tc := range cases {
		code, out, errs := runCLI(t, "", append([]string{"solve"}, tc.args...)...)
		if code != tc.code || out != "" || !strings.Contains(errs, tc.stderr) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", tc.args, code, out, errs)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files left in the directory, want only f.opb", len(entries))
	}
}

// TestCubeProof solves cubes of an iCNF file with --proof: each proof
// refutes the formula with the cube's literals as unit clauses (what
// satsolve cubes collect --proof combines), which the DRAT checker
// verifies, and a satisfiable cube still prints its model.
func TestCubeProof(t *testing.T) {
	text, err := os.ReadFile(hole6)
	if err != nil {
		t.Fatal(err)
	}
	p, err := satfile.ReadFile(hole6, satfile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	icnf := filepath.Join(dir, "h.icnf")
	body := regexp.MustCompile(`(?m)^p cnf .*$`).ReplaceAllString(string(text), "p inccnf")
	if body == string(text) {
		t.Fatal("no p cnf header in hole6")
	}
	cubes := [][]sat.Lit{{1}, {-1, 2}, {-1, -2, 7}}
	for _, c := range cubes {
		body += "a " + strings.Trim(fmt.Sprint(c), "[]") + " 0\n"
	}
	if err := os.WriteFile(icnf, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, c := range cubes {
		path := filepath.Join(dir, fmt.Sprintf("%d.drat", i))
		code, out, errs := runCLI(t, "", "solve", "--cube", strconv.Itoa(i), "--proof", path, icnf)
		if code != 20 {
			t.Fatalf("cube %d: exit %d %s %s", i, code, out, errs)
		}
		g := *p.Formula
		g.Clauses = slices.Clip(g.Clauses)
		for _, l := range c {
			g.Clauses = append(g.Clauses, sat.Clause{l})
		}
		r, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		res, err := proof.CheckDRAT(&g, r, proof.Options{File: path})
		r.Close()
		if err != nil {
			t.Errorf("cube %d: the proof does not refute the formula and the cube: %v", i, err)
		} else if res.Checked == 0 && len(c) < 2 {
			t.Errorf("cube %d: nothing checked", i)
		}
	}
}
