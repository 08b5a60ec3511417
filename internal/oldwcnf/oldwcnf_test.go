package oldwcnf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func convert(t *testing.T, in string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "in.wcnf"), filepath.Join(dir, "out.wcnf")
	if err := os.WriteFile(src, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Convert(src, dst); err != nil {
		return "", err
	}
	b, err := os.ReadFile(dst)
	return string(b), err
}

func TestConvert(t *testing.T) {
	got, err := convert(t, "c a comment\nh 1 -2 0\n3 2 0\n\n4 -1 7 0\nh -7 0\n")
	want := "p wcnf 7 4 8\n8 1 -2 0\n3 2 0\n4 -1 7 0\n8 -7 0\n"
	if err != nil || got != want {
		t.Fatalf("got %q, %v; want %q", got, err, want)
	}
	// No soft clause: TOP 1.
	if got, err := convert(t, "h 1 0\n"); err != nil || got != "p wcnf 1 1 1\n1 1 0\n" {
		t.Fatalf("hard only: %q, %v", got, err)
	}
}

func TestConvertRefuses(t *testing.T) {
	if _, err := convert(t, "p wcnf 1 1 2\n2 1 0\n"); err == nil || !strings.Contains(err.Error(), "old format") {
		t.Errorf("an old-format file: %v", err)
	}
	if _, err := convert(t, "9223372036854775807 1 0\nh 2 0\n"); err == nil || !strings.Contains(err.Error(), "int64") {
		t.Errorf("a TOP beyond int64: %v", err)
	}
	if _, err := convert(t, "x 1 0\n"); err == nil {
		t.Error("a bad weight was accepted")
	}
}
