package fzncmd

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cp/fzn"
)

// libDir is the library's directory beside the .msc file.
const libDir = "satsolve"

// extraFlags are the flags of satsolve fzn the solver configuration
// offers MiniZinc (and its IDE) beyond the standard ones.
var extraFlags = []fzn.ExtraFlag{
	{Name: "--int-encoding", Description: "encoding of integer variables", Type: "opt:auto:order:log:direct", Default: "auto"},
	{Name: "--pb", Description: "encoding of linear constraints", Type: "opt:auto:bdd:swc:adder:gte:native", Default: "auto"},
	{Name: "--opt", Description: "optimisation strategy", Type: "opt:linear:binary:optimize", Default: "linear"},
	{Name: "--backend", Description: "SAT backend (cdcl, gini, gophersat, portfolio:A,B, external:NAME)", Type: "string", Default: "cdcl"},
}

// installTo writes dir/satsolve.msc and the library into dir/satsolve/,
// each file atomically; library files of an earlier version that this
// one no longer has are removed.
func (o *options) installTo(e *cli.Env, dir string) error {
	exe := o.exe
	if exe == nil {
		self, err := os.Executable()
		if err != nil {
			return fmt.Errorf("--install: finding the satsolve binary: %w", err)
		}
		if s, err := filepath.EvalSymlinks(self); err == nil {
			self = s
		}
		exe = []string{self, "fzn"}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	lib := filepath.Join(abs, libDir)
	if err := os.MkdirAll(lib, 0o755); err != nil {
		return err
	}
	src := fzn.Library()
	files, err := fs.Glob(src, "*.mzn")
	if err != nil {
		return err
	}
	ours := map[string]bool{}
	for _, f := range files {
		ours[f] = true
		data, err := fs.ReadFile(src, f)
		if err != nil {
			return err
		}
		if err := cli.WriteFile(filepath.Join(lib, f), func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
			return err
		}
	}
	old, _ := filepath.Glob(filepath.Join(lib, "*.mzn"))
	for _, f := range old {
		if !ours[filepath.Base(f)] {
			os.Remove(f)
		}
	}
	msc := fzn.SolverConfig(exe, libDir, version(), extraFlags)
	target := filepath.Join(abs, "satsolve.msc")
	if err := cli.WriteFile(target, func(w io.Writer) error { _, err := w.Write(msc); return err }); err != nil {
		return err
	}
	_, err = fmt.Fprintf(e.Stdout, "installed %s and %s/\nrun: MZN_SOLVER_PATH=%s minizinc --solver satsolve MODEL.mzn [DATA.dzn]\n", target, lib, abs)
	return err
}

// version returns the version for the solver configuration: the module's
// version, or "devel" with the revision of a build from a checkout.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return strings.TrimPrefix(v, "v")
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			return "devel-" + s.Value[:12]
		}
	}
	return "devel"
}
