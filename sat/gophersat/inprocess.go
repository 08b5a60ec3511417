package gophersat

import "context"

// gate serialises every in-process use of gophersat: its solver shares a
// package-global scratch buffer (solver/learn.go, bufLits), so two
// instances searching at once corrupt each other and panic.
var gate = make(chan struct{}, 1)

// runInProcess serves the request on a goroutine that holds the gate, and
// forwards its replies to emit until the final one. When ctx ends first it
// returns ctx.Err() at once; the search cannot be stopped, so the goroutine
// runs on, dropping its replies, and releases the gate when gophersat
// ends.
func runInProcess(ctx context.Context, req *request, emit func(reply)) error {
	select {
	case gate <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	replies := make(chan reply)
	abandoned := make(chan struct{})
	go func() {
		defer func() { <-gate }()
		serve(req, func(r reply) {
			select {
			case replies <- r:
			case <-abandoned:
			}
		})
	}()
	for {
		select {
		case r := <-replies:
			emit(r)
			if r.Final {
				return nil
			}
		case <-ctx.Done():
			close(abandoned)
			return ctx.Err()
		}
	}
}
