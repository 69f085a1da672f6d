package warpreduce

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/docs/exercises/internal/check"
	"github.com/gocuda/gocuda/gocuda"
)

// input returns n numbers, positive and negative.
func input(n int) []int64 {
	in := make([]int64, n)
	for i := range in {
		in[i] = int64((i*7919)%2001 - 1000)
		if in[i] == 0 {
			in[i] = 1
		}
	}
	return in
}

// TestSum checks Sum against a loop on the host for block sizes from one
// warp to the largest block, and stops at the first case that fails.
func TestSum(t *testing.T) {
	dev := check.NewDevice(t)
	for _, bs := range []int{32, 64, 96, 256, 1024} {
		for _, n := range []int{1, 40, bs, bs + 1, 3000, 20_001} {
			name := fmt.Sprintf("block=%d/n=%d", bs, n)
			ok := t.Run(name, func(t *testing.T) {
				in := input(n)
				var want int64
				for _, v := range in {
					want += v
				}
				var got int64
				err := check.Call(t, func() (err error) {
					got, err = Sum(dev, in, bs)
					return err
				})
				check.NoError(t, err, "Sum "+name)
				if got != want {
					t.Fatalf("blocks of %d, n = %d: sum = %d, want %d.\n%s", bs, n, got, want,
						firstWrongBlock(t, dev, in, bs, check.Orders[0]))
				}
			})
			if !ok {
				return
			}
		}
	}
}

// TestSumOrders runs SumKernel in both thread orders (see check.Orders), to
// catch a missing barrier between the two rounds.
func TestSumOrders(t *testing.T) {
	dev := check.NewDevice(t)
	in := input(5000)
	for _, bs := range []int{64, 1024} {
		for _, o := range check.Orders {
			ok := t.Run(fmt.Sprintf("block=%d/%s", bs, o.Name), func(t *testing.T) {
				if msg := firstWrongBlock(t, dev, in, bs, o); msg != "" {
					t.Fatalf("n = %d, blocks of %d, kernel run %s: %s%s", len(in), bs, o.Name, msg, check.Hint(o))
				}
			})
			if !ok {
				return
			}
		}
	}
}

// firstWrongBlock launches SumKernel under order o and describes the first
// block whose partial sum is wrong, or returns "" if every block is right.
func firstWrongBlock(t *testing.T, dev *gocuda.Device, in []int64, bs int, o check.Order) string {
	t.Helper()
	blocks := (len(in) + bs - 1) / bs
	partial := make([]int64, blocks)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: bs}}
	err := check.Call(t, func() error {
		return dev.Launch(cfg, o.Wrap(func(t *gocuda.Thread) { SumKernel(t, in, partial) }))
	})
	check.NoError(t, err, "SumKernel run "+o.Name)
	for b := range blocks {
		lo, hi := b*bs, min(b*bs+bs, len(in))
		var want, warp0 int64
		for i, v := range in[lo:hi] {
			want += v
			if i < gocuda.WarpSize {
				warp0 += v
			}
		}
		got := partial[b]
		if got == want {
			continue
		}
		msg := fmt.Sprintf("partial[%d] = %d, want %d, the sum of in[%d:%d].\nhint: ", b, got, want, lo, hi)
		switch {
		case got == 0:
			return msg + "the block's sum is 0: lane 0 of warp 0 must write the block's sum to partial[t.BlockIdx.X]."
		case got == in[lo]:
			return msg + "partial[b] holds only the block's first element: each warp must add up its lanes' values\n" +
				"with ShflDownSync at offsets 16, 8, 4, 2, 1."
		case got == warp0:
			return msg + "partial[b] holds only the sum of warp 0: after t.SyncThreads(), warp 0 must add up the sums\n" +
				"that lane 0 of every warp wrote to shared memory."
		}
		return msg + "each warp's lane 0 ends with the warp's sum after shuffles at offsets 16, 8, 4, 2, 1 and\n" +
			"writes it to warpSums[t.WarpID()]; after t.SyncThreads(), lane l < t.BlockDim.X/32 of warp 0\n" +
			"reads warpSums[l] (the others take 0), and warp 0 sums these the same way."
	}
	return ""
}
