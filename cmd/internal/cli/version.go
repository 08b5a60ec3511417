package cli

import (
	"fmt"
	"io"
	"runtime/debug"
)

// Version returns the version line of the binary, from the build
// information Go records: the module version ("(devel)" for a build from
// a checkout), the VCS revision and time when the build had them, and the
// Go version.
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return program + " (no build information)"
	}
	return versionLine(info)
}

// versionLine writes the version line of info.
func versionLine(info *debug.BuildInfo) string {
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	line := fmt.Sprintf("%s %s", program, v)
	var rev, when, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = ", modified"
			}
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		line += fmt.Sprintf(" (%s %s%s)", rev, when, dirty)
	}
	if info.Main.Path != "" {
		line += " " + info.Main.Path
	}
	return line + " " + info.GoVersion
}

// printVersion prints the version line.
func printVersion(w io.Writer) {
	fmt.Fprintln(w, Version())
}
