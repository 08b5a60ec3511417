package gophersat

import (
	"bufio"
	"io"
	"os"
)

// ServeIfChild makes the program a gophersat child when it was started as
// one, and returns at once otherwise. Programs that use Child mode (the
// default) must call it first thing in main, and test binaries first thing
// in TestMain:
//
//	func main() {
//		gophersat.ServeIfChild()
//		...
//	}
//
// In a child it writes the handshake line to standard output, reads one
// request from standard input, solves it, writes the replies, and exits the
// process (status 0, or 1 when the parent went away); it never returns and
// never starts children of its own. It is the one function of this package
// that exits, because it stands in for main.
func ServeIfChild() {
	if os.Getenv(childEnv) == "" {
		return
	}
	os.Exit(serveChild(os.Stdin, os.Stdout))
}

// serveChild is the child's life: handshake, one request, its replies. It
// returns the exit status.
func serveChild(in io.Reader, out io.Writer) int {
	w := bufio.NewWriter(out)
	if _, err := w.WriteString(handshake); err != nil || w.Flush() != nil {
		return 1
	}
	var werr error
	emit := func(r reply) {
		if werr == nil {
			werr = writeReply(w, &r)
		}
	}
	if req, err := readRequest(bufio.NewReader(in)); err != nil {
		emit(reply{Final: true, Err: "gophersat child: reading the request: " + err.Error()})
	} else {
		serve(req, emit)
	}
	if werr != nil {
		return 1
	}
	return 0
}
