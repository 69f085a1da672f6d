package probelink_test

import (
	"fmt"

	"github.com/gocuda/gocuda/internal/probelink"
)

// The engine readies a Block for each block it runs; an observer reads the
// per-thread counts and asks whether an access falls in shared memory.
func ExampleBlock() {
	l := &probelink.Launch{Grid: [3]int{2, 1, 1}, Block: [3]int{64, 1, 1}, Threads: 64}
	var b probelink.Block
	b.Reset(l, 1, [3]int{1, 0, 0})
	b.Shared = append(b.Shared, probelink.Range{Base: 0x1000, Size: 256})
	b.Syncs[5]++ // thread 5 passed a barrier

	fmt.Println(b.Index, len(b.Syncs), b.Syncs[5], b.Syncs[6])
	fmt.Println(b.Shared[0].Contains(0x10fc, 4), b.Shared[0].Contains(0x10fc, 8))
	fmt.Printf("%#x\n", l.Entry())
	l.SetEntry(0x2000)
	l.SetEntry(0x3000) // the first wins
	fmt.Printf("%#x\n", l.Entry())
	// Output:
	// 1 64 1 0
	// true false
	// 0x0
	// 0x2000
}
