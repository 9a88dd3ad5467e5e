package testapp

import (
	"sync"
	"sync/atomic"
)

// Race runs f n times at once and counts the calls that returned true:
// how many of n parallel attempts got through a limit that should let
// exactly k through.
func Race(n int, f func() bool) int {
	var wg sync.WaitGroup
	var won atomic.Int64
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if f() {
				won.Add(1)
			}
		}()
	}
	wg.Wait()
	return int(won.Load())
}
