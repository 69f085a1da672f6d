package goid

import (
	"sync"
	"testing"
)

func TestIDIsPerGoroutine(t *testing.T) {
	self := ID()
	if again := ID(); again != self {
		t.Fatalf("ID() = %d then %d on one goroutine", self, again)
	}
	const n = 8
	ids := make([]uint64, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { ids[i] = ID() })
	}
	wg.Wait()
	seen := map[uint64]bool{self: true}
	for _, id := range ids {
		if id == 0 || seen[id] {
			t.Fatalf("goroutine ids %v (caller %d) are not distinct and nonzero", ids, self)
		}
		seen[id] = true
	}
}

func BenchmarkID(b *testing.B) {
	for b.Loop() {
		ID()
	}
}
