package compiled_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/gocuda"
)

// TestSharedWritten: SharedWritten spares the block's next Shared call,
// and that call only, the zeroing of its allocation: on one worker, whose
// blocks reuse its shared memory, the promised allocation holds what the
// block before left, and the allocations after it read zero as always.
func TestSharedWritten(t *testing.T) {
	needCompiled(t)
	d := newDevice(t, gocuda.WithWorkers(1))
	src, _ := currentSource(t)
	const blocks = 4
	var seen [blocks][3][4]int32 // per block, what each allocation held when declared
	body := func(b *compiled.Block) {
		t := b.Thread()
		k := b.Index().X
		b.SharedWritten()
		promised := gocuda.Shared[int32](t, 4)
		plain := gocuda.Shared[int32](t, 4) // the promise was taken
		b.SharedWritten()
		b.SharedWritten() // twice: still the next call's alone
		twice := gocuda.Shared[int32](t, 4)
		for i, s := range [][]int32{promised, plain, twice} {
			copy(seen[k][i][:], s)
			for j := range s {
				s[j] = int32(100*k + 10*i + j + 1)
			}
		}
	}
	k := compiled.Kernel(src, func(*gocuda.Thread) { t.Error("ran on the runtime path") }, body)
	require.NoError(t, d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: 2}}, k))
	for k := range blocks {
		for i, name := range []string{"promised", "plain", "twice"} {
			var want [4]int32 // a worker's first block allocates: zero
			if k > 0 && name != "plain" {
				for j := range want {
					want[j] = int32(100*(k-1) + 10*i + j + 1)
				}
			}
			assert.Equal(t, want, seen[k][i], "block %d, %s allocation", k, name)
		}
	}
}
