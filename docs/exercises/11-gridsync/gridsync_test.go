package gridsync

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/docs/exercises/internal/check"
	"github.com/gocuda/gocuda/gocuda"
)

// input returns n whole numbers, so that every sum is exact whatever the
// order of the additions.
func input(n int) []float64 {
	in := make([]float64, n)
	for i := range in {
		in[i] = float64((i*7919)%1001 - 200)
	}
	return in
}

// TestCenter checks Center against the host for several lengths, and
// stops at the first one that fails.
func TestCenter(t *testing.T) {
	dev := check.NewDevice(t)
	for _, n := range []int{1, 100, BlockSize + 1, 5000, 100_003} {
		ok := t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			in := input(n)
			var out []float64
			err := check.Call(t, func() (err error) {
				out, err = Center(dev, in)
				return err
			})
			check.NoError(t, err, fmt.Sprintf("Center with n=%d", n))
			if msg := verify(out, in); msg != "" {
				t.Fatal(msg)
			}
		})
		if !ok {
			return
		}
	}
}

// TestCenterKernel runs CenterKernel in cooperative launches from one block
// to the most the device allows, some with more threads than elements, in
// both thread orders (see check.Orders).
func TestCenterKernel(t *testing.T) {
	dev := check.NewDevice(t)
	perWorker, err := dev.MaxActiveBlocksPerMultiprocessor(gocuda.Dim3{X: 128}, 0)
	check.NoError(t, err, "MaxActiveBlocksPerMultiprocessor")
	cases := []struct{ blocks, n int }{
		{1, 20_000},
		{3, 20_000},
		{perWorker * dev.Workers(), 20_000},
		{perWorker * dev.Workers(), 1000}, // threads with no element
	}
	for _, c := range cases {
		blocks, in := c.blocks, input(c.n)
		for _, o := range check.Orders {
			name := fmt.Sprintf("blocks=%d/n=%d/%s", blocks, c.n, o.Name)
			ok := t.Run(name, func(t *testing.T) {
				out := make([]float64, len(in))
				var sum float64
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: 128}}
				err := check.Call(t, func() error {
					return dev.LaunchCooperative(cfg, o.Wrap(func(t *gocuda.Thread) { CenterKernel(t, in, out, &sum) }))
				})
				check.NoError(t, err, "CenterKernel "+name)
				if msg := verify(out, in); msg != "" {
					t.Fatalf("grid of %d×128 threads, kernel run %s: %s%s", blocks, o.Name, msg, check.Hint(o))
				}
			})
			if !ok {
				return
			}
		}
	}
}

// verify compares out with in minus its mean and describes the first
// wrong element.
func verify(out, in []float64) string {
	n := len(in)
	if len(out) != n {
		return fmt.Sprintf("out has %d elements, want %d", len(out), n)
	}
	var sum float64
	for _, v := range in {
		sum += v
	}
	mean := sum / float64(n)
	written := false
	for _, v := range out {
		written = written || v != 0
	}
	for i, got := range out {
		want := in[i] - mean
		if got == want {
			continue
		}
		msg := fmt.Sprintf("n = %d: out[%d] = %v, want %v = in[%d] - mean, with in[%d] = %v and mean = %v.\nhint: ",
			n, i, got, want, i, i, in[i], mean)
		switch {
		case !written:
			return msg + "out is all zeros: after the grid barrier, each thread sets out[i] = in[i] - mean for\n" +
				"its elements, with a grid-stride loop."
		case got == in[i]:
			return msg + "nothing was subtracted from out[i]: its thread read a sum of 0. Each thread adds its\n" +
				"elements' sum to *sum with atomic.Add, and only after t.SyncGrid() reads it."
		}
		return msg + fmt.Sprintf("its thread subtracted %v: it read the sum before every block had added its part,\n"+
			"or some elements were added twice or missed. Each thread adds the sum of its elements (grid-stride\n"+
			"loop) to *sum once, with atomic.Add, and every thread reads *sum only after t.SyncGrid().", in[i]-got)
	}
	return ""
}
