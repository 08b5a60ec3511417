package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
)

// report prints the Markdown report of rows.
func report(w io.Writer, rows []row, b *bench) {
	fmt.Fprintf(w, "# UNSAT proofs on the corpus (proofbench)\n\n`proofbench %s`\n\n", strings.Join(os.Args[1:], " "))
	fmt.Fprintf(w, "CPU seconds of this process (one solve or check at a time), %v limit per solve (%v for a solve writing a proof), %v per check; load average at the end: %s.\n",
		b.limit, 2*b.limit, b.checkLimit, loadavg())
	if b.cadical != "" {
		fmt.Fprintf(w, "cadical: %s.\n", cadicalVersion(b.cadical))
	}
	fmt.Fprintf(w, "\n| instance | cdcl | +DRAT | +LRAT | DRAT MB | LRAT MB | DRAT check (needed/lemmas) | LRAT check | cadical | cadical DRAT MB | its check |\n")
	fmt.Fprintf(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	var dr, lr, drBig, lrBig, cert, certBig []float64
	solved, verified, cadVerified, cadRuns := 0, 0, 0, 0
	var maxCheck, maxCad float64
	var maxCheckFile, maxCadFile string
	for _, r := range rows {
		cell := func(x float64, ok string) string {
			switch {
			case ok == "TIMEOUT":
				return "timeout"
			case ok != "" && ok != "VERIFIED":
				return "**" + ok + "**"
			case x < 0:
				return "–"
			}
			return fmt.Sprintf("%.2f", x)
		}
		plain := cell(r.plain, "")
		if r.status != "solved" {
			plain = r.status
		}
		dratChk := cell(r.dratChk, r.dratOK)
		if r.dratOK == "VERIFIED" {
			dratChk += fmt.Sprintf(" (%d/%d)", r.core, r.lemmas)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.file, plain,
			ratioCell(r.drat, r.plain), ratioCell(r.lrat, r.plain), mb(r.dratMB), mb(r.lratMB), dratChk, cell(r.lratChk, r.lratOK),
			cell(r.cadSolve, ""), mb(r.cadMB), cell(r.cadChk, r.cadOK))
		if r.status == "solved" {
			solved++
			if r.dratOK == "VERIFIED" && r.lratOK == "VERIFIED" {
				verified++
			}
			if x := ratio(r.drat, r.plain); x > 0 {
				dr = append(dr, x)
				if r.plain >= 0.1 {
					drBig = append(drBig, x)
				}
			}
			if x := ratio(r.lrat, r.plain); x > 0 {
				lr = append(lr, x)
				if r.plain >= 0.1 {
					lrBig = append(lrBig, x)
				}
			}
			if x := ratio(r.lrat+r.lratChk, r.plain); r.lrat >= 0 && r.lratChk >= 0 && x > 0 {
				cert = append(cert, x)
				if r.plain >= 0.1 {
					certBig = append(certBig, x)
				}
			}
			if c := max(r.dratChk, r.lratChk); c > maxCheck {
				maxCheck, maxCheckFile = c, r.file
			}
		}
		if r.cadOK != "" {
			cadRuns++
			if r.cadOK == "VERIFIED" {
				cadVerified++
				if r.cadChk > maxCad {
					maxCad, maxCadFile = r.cadChk, r.file
				}
			}
		}
	}
	fmt.Fprintf(w, "\n\"cdcl\" is the plain solve's CPU time; \"+DRAT\" and \"+LRAT\" are the CPU time of the solve writing the proof (to a file) over it; the checks are sat/proof's CheckDRAT (backward; lemmas it needed of those written) and CheckLRAT; \"cadical\" is cadical's CPU time writing its binary DRAT proof, checked by CheckDRAT. Every verdict is VERIFIED unless the cell says otherwise.\n\n")
	fmt.Fprintf(w, "- cdcl solved %d of %d UNSAT instances; both its proofs verified on %d of them.\n", solved, len(rows), verified)
	fmt.Fprintf(w, "- Writing binary DRAT: median ratio %s over the %d solved (%s over the %d taking at least 0.1 s).\n", median(dr), len(dr), median(drBig), len(drBig))
	fmt.Fprintf(w, "- Writing LRAT: median ratio %s (%s over those taking at least 0.1 s).\n", median(lr), median(lrBig))
	fmt.Fprintf(w, "- Certifying (satsolve solve --certify: writing LRAT, then checking it): median ratio %s (%s over those taking at least 0.1 s).\n", median(cert), median(certBig))
	if maxCheckFile != "" {
		fmt.Fprintf(w, "- Slowest check of cdcl's proofs: %.2f s (%s).\n", maxCheck, maxCheckFile)
	}
	if cadRuns > 0 {
		fmt.Fprintf(w, "- cadical's DRAT proofs verified by CheckDRAT: %d of the %d cadical runs; slowest check %.2f s (%s).\n",
			cadVerified, cadRuns, maxCad, maxCadFile)
	}
	if b.failures > 0 {
		fmt.Fprintf(w, "- **%d instances with a proof that did not verify.**\n", b.failures)
	}
}

func ratioCell(x, base float64) string {
	if r := ratio(x, base); r > 0 {
		return fmt.Sprintf("%.2f×", r)
	}
	return "–"
}

func mb(x float64) string {
	if x < 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f", x)
}

func median(xs []float64) string {
	if len(xs) == 0 {
		return "–"
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return fmt.Sprintf("%.2f×", m)
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func cadicalVersion(path string) string {
	out, err := exec.Command(path, "--version").Output()
	if err != nil {
		return path
	}
	return path + " " + strings.TrimSpace(string(out))
}
