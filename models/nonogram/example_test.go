package nonogram_test

import (
	"fmt"
	"strings"

	"github.com/satsolve/satsolve/models/nonogram"
)

func ExampleParse_error() {
	_, err := nonogram.Parse(strings.NewReader("width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n"), "bad.non", nonogram.FormatAuto)
	fmt.Println(err)
	// Output: bad.non:4: row 1: clue 3 needs at least 3 cells but the row has 2
}
