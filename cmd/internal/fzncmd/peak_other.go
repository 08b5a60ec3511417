//go:build !unix

package fzncmd

// peakMB reports no peak memory where getrusage is missing.
func peakMB() (float64, bool) { return 0, false }
