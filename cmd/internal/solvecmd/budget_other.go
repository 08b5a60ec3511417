//go:build !linux

package solvecmd

// memoryAvailable returns 0 (unknown) where the limit is not read.
func memoryAvailable() int64 { return 0 }
