package comparecmd

import (
	"strings"
	"testing"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/encode"
)

// TestCompareDobble checks compare dobble on small designs that exist
// (planes of order 2 and 3, the biplanes on 4 and 7 points): every method
// and backend finds one (compare checks each decoded deck with
// dobble.Check), and the method list covers every cardinality and AMO
// method and both pair encodings.
func TestCompareDobble(t *testing.T) {
	cases := []struct {
		order, lambda string
		methods       int
	}{
		{"2", "1", len(encode.CardMethods()) + len(encode.AMOMethods()) + 2},
		{"3", "1", len(encode.CardMethods()) + len(encode.AMOMethods()) + 2},
		{"2", "2", len(encode.CardMethods()) + 1},
		{"3", "2", len(encode.CardMethods()) + 1},
	}
	for _, tc := range cases {
		t.Run("order "+tc.order+" lambda "+tc.lambda, func(t *testing.T) {
			j := compareJSONRun(t, "compare", "dobble", "--order", tc.order, "--lambda", tc.lambda,
				"--repeat", "1", "--backend", "gini", "--backend", "gophersat")
			if j.Answer != "SAT" {
				t.Errorf("answer %s, want SAT", j.Answer)
			}
			if len(j.Methods) != tc.methods {
				t.Errorf("%d methods, want %d", len(j.Methods), tc.methods)
			}
			for _, m := range j.Methods {
				for _, s := range m.Solves {
					native := m.Method == "card=native" && s.Backend == "gini"
					if !native && s.Status != "SAT" {
						t.Errorf("%s on %s: %s", m.Method, s.Backend, s.Status)
					}
				}
			}
		})
	}
}

// TestCompareDobbleErrors checks the refusals: an order out of range is a
// usage error, parameters with no design are an error naming the reason.
func TestCompareDobbleErrors(t *testing.T) {
	code, _, errOut := runCLI(t, "", "compare", "dobble", "--order", "1")
	if code != cli.ExitUsage || !strings.Contains(errOut, "--order must be between 2 and") {
		t.Errorf("--order 1: exit %d, stderr %q", code, errOut)
	}
	code, out, errOut := runCLI(t, "", "compare", "dobble", "--order", "4", "--lambda", "3")
	if code == 0 || out != "" || errOut == "" {
		t.Errorf("--order 4 --lambda 3 (k(k−1) = 20 is not a multiple of 3): exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
