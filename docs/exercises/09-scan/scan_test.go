package scan

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/docs/exercises/internal/check"
	"github.com/gocuda/gocuda/gocuda"
)

// input returns n small numbers, positive and negative, none 0.
func input(n int) []int32 {
	in := make([]int32, n)
	for i := range in {
		in[i] = int32((i*37)%19 - 9)
		if in[i] == 0 {
			in[i] = 10
		}
	}
	return in
}

// TestBlockScan checks BlockScan against the host for several block sizes
// and lengths, and stops at the first case that fails.
func TestBlockScan(t *testing.T) {
	dev := check.NewDevice(t)
	for _, bs := range []int{32, 256, 100, 1024} {
		for _, n := range []int{1, 50, bs, bs + 1, 3333} {
			name := fmt.Sprintf("block=%d/n=%d", bs, n)
			ok := t.Run(name, func(t *testing.T) {
				in := input(n)
				var out []int32
				err := check.Call(t, func() (err error) {
					out, err = BlockScan(dev, in, bs)
					return err
				})
				check.NoError(t, err, "BlockScan "+name)
				if msg := verify(out, in, bs); msg != "" {
					t.Fatal(msg)
				}
			})
			if !ok {
				return
			}
		}
	}
}

// TestBlockScanOrders runs ScanKernel in both thread orders (see
// check.Orders), to catch a race between the steps.
func TestBlockScanOrders(t *testing.T) {
	dev := check.NewDevice(t)
	in := input(2000)
	for _, bs := range []int{64, 512} {
		for _, o := range check.Orders {
			ok := t.Run(fmt.Sprintf("block=%d/%s", bs, o.Name), func(t *testing.T) {
				out := make([]int32, len(in))
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: (len(in) + bs - 1) / bs}, Block: gocuda.Dim3{X: bs}}
				err := check.Call(t, func() error {
					return dev.Launch(cfg, o.Wrap(func(t *gocuda.Thread) { ScanKernel(t, in, out) }))
				})
				check.NoError(t, err, "ScanKernel run "+o.Name)
				if msg := verify(out, in, bs); msg != "" {
					t.Fatalf("kernel run %s: %s%s", o.Name, msg, check.Hint(o))
				}
			})
			if !ok {
				return
			}
		}
	}
}

// verify compares out with the segmented prefix sums of in and describes
// the first wrong element.
func verify(out, in []int32, bs int) string {
	if len(out) != len(in) {
		return fmt.Sprintf("out has %d elements, want %d", len(out), len(in))
	}
	var sum int32
	for i, got := range out {
		if i%bs == 0 {
			sum = 0
		}
		sum += in[i]
		if got == sum {
			continue
		}
		b, tid := i/bs, i%bs
		msg := fmt.Sprintf("n = %d, blocks of %d: out[%d] = %d, want %d, the sum of in[%d:%d] (thread %d of block %d).\nhint: ",
			len(in), bs, i, got, sum, b*bs, i+1, tid, b)
		switch {
		case got == 0:
			return msg + "out[i] is 0: each thread stores its scanned value to out[i] after the last step."
		case got == in[i]:
			return msg + "out[i] is in[i]: no step added anything. For d = 1, 2, 4, ... while d < B, thread tid >= d\n" +
				"adds the value d places to its left."
		case got == sum-in[i]:
			return msg + "out[i] misses in[i] itself: this is an exclusive scan; the inclusive scan adds in[i] too."
		}
		return msg + "in each step, a thread must add the value its left neighbor held before the step: read it\n" +
			"into a variable and SyncThreads before writing, or read one buffer and write another. Every\n" +
			"thread, even one past the end of the input, takes part in every step and barrier."
	}
	return ""
}
