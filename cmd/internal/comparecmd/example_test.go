package comparecmd_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/satsolve/satsolve/cmd/internal/cli"
	"github.com/satsolve/satsolve/cmd/internal/comparecmd"
	"github.com/satsolve/satsolve/compare"
)

// Compare the sequential counter with a native constraint on at most 3 of
// 10 inputs, solving on gini and gophersat, and read the JSON form. Sinz's
// sequential counter has (n−1)k = 27 auxiliary variables and
// 2nk + n − 4k = 58 clauses; the native method writes one PB constraint,
// which gini cannot take.
func Example() {
	var out bytes.Buffer
	cli.Run(context.Background(), []*cli.Command{comparecmd.Command}, []string{"compare", "card", "--n", "10", "--bound", "3", "--atmost",
		"--methods", "seqcounter,native", "--backend", "gini", "--backend", "gophersat", "--repeat", "1", "--json"},
		nil, &out, os.Stderr)
	var j compare.Report
	if err := json.Unmarshal(out.Bytes(), &j); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(j.Subject)
	for _, m := range j.Methods {
		fmt.Printf("%s: %d aux variables, %d clauses, %d native constraints; applies to gini: %v\n",
			m.Method, m.AuxVars, m.Clauses, m.PBs, m.Solves[0].Status != "N/A")
	}
	// Output:
	// x1 + … + x10 <= 3
	// seqcounter: 27 aux variables, 58 clauses, 0 native constraints; applies to gini: true
	// native: 0 aux variables, 0 clauses, 1 native constraints; applies to gini: false
}
