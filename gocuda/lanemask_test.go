package gocuda_test

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestLaneMasks checks the %lanemask_* values against PTX's definitions,
// bit by bit, in a 2D block whose lanes are linear thread indices and whose
// last warp is partial.
func TestLaneMasks(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	block := gocuda.Dim3{X: 5, Y: 9} // 45 threads: a warp and 13 lanes
	got := make([][5]uint32, 45)
	require.NoError(t, d.Launch(gocuda.Config{Block: block}, func(th *gocuda.Thread) {
		i := th.ThreadIdx.Y*block.X + th.ThreadIdx.X
		got[i] = [5]uint32{th.LaneMaskLT(), th.LaneMaskLE(), th.LaneMaskEQ(), th.LaneMaskGE(), th.LaneMaskGT()}
	}))
	for i, g := range got {
		lane := i % 32
		var want [5]uint32
		for j := range 32 {
			for k, in := range []bool{j < lane, j <= lane, j == lane, j >= lane, j > lane} {
				if in {
					want[k] |= 1 << j
				}
			}
		}
		require.Equal(t, want, g, "thread %d (lane %d): lt, le, eq, ge, gt", i, lane)
	}
}

// TestUniSync: true exactly when pred is the same for every lane of mask,
// over random masks (lanes outside them return), uniform and mixed
// predicates, whole and partial warps.
func TestUniSync(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	r := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{32, 13} {
		exist := uint32(1<<n - 1)
		for trial := range 24 {
			mask := exist
			if trial >= 6 {
				mask = r.Uint32() & exist
			}
			if trial%6 == 5 {
				mask = 1 << r.IntN(n) // one lane: always uniform
			}
			if mask == 0 {
				continue
			}
			preds := make([]bool, 32)
			for i := range preds {
				switch trial % 3 {
				case 0:
					preds[i] = true
				case 1:
					preds[i] = false
				default:
					preds[i] = r.IntN(2) == 0
				}
			}
			var trues uint32
			for i := range 32 {
				if preds[i] {
					trues |= 1 << i
				}
			}
			want := trues&mask == 0 || trues&mask == mask
			t.Run(fmt.Sprintf("n=%d/mask=%#x/trues=%#x", n, mask, trues&mask), func(t *testing.T) {
				got := make([]bool, n)
				require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
					i := th.ThreadIdx.X
					if mask&(1<<i) != 0 {
						got[i] = th.UniSync(mask, preds[i])
					}
				}))
				for m := mask; m != 0; m &= m - 1 {
					i := bits.TrailingZeros32(m)
					require.Equal(t, want, got[i], "lane %d", i)
				}
			})
		}
	}
}

// Warp-aggregated stream compaction: each lane keeping its value learns its
// slot from a ballot and the lanes below it.
func ExampleThread_LaneMaskLT() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()
	in := []int{5, -1, 7, 0, -3, 9, 2, -8}
	out := make([]int, len(in))
	var kept int
	_ = dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: len(in)}}, func(t *gocuda.Thread) {
		v := in[t.ThreadIdx.X]
		keep := v > 0
		ballot := t.BallotSync(0xff, keep)
		if keep {
			out[bits.OnesCount32(ballot&t.LaneMaskLT())] = v
		}
		if t.LaneID() == 0 {
			kept = bits.OnesCount32(ballot)
		}
	})
	fmt.Println(out[:kept])
	// Output: [5 7 9 2]
}

func ExampleThread_UniSync() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()
	uniform := make([]bool, 2)
	_ = dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(t *gocuda.Thread) {
		a := t.UniSync(gocuda.FullMask, t.LaneID() < 32) // true everywhere
		b := t.UniSync(gocuda.FullMask, t.LaneID() < 16) // true in half the warp
		if t.LaneID() == 0 {
			uniform[0], uniform[1] = a, b
		}
	})
	fmt.Println(uniform)
	// Output: [true false]
}
