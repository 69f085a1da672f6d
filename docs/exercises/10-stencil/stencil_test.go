package stencil

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/docs/exercises/internal/check"
	"github.com/gocuda/gocuda/gocuda"
)

// input returns n powers of two, repeating every 11 elements, so that a
// window off by one element shows as a wrong sum.
func input(n int) []int32 {
	in := make([]int32, n)
	for i := range in {
		in[i] = int32(1 << (i % 11))
	}
	return in
}

// TestStencil checks Stencil against the host for several block sizes and
// lengths, and stops at the first case that fails.
func TestStencil(t *testing.T) {
	dev := check.NewDevice(t)
	for _, bs := range []int{32, 256, 100, 8} {
		for _, n := range []int{1, 5, bs, bs + 1, 1000, 4099} {
			name := fmt.Sprintf("block=%d/n=%d", bs, n)
			ok := t.Run(name, func(t *testing.T) {
				in := input(n)
				var out []int32
				err := check.Call(t, func() (err error) {
					out, err = Stencil(dev, in, bs)
					return err
				})
				check.NoError(t, err, "Stencil "+name)
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

// TestStencilOrders runs StencilKernel in both thread orders (see
// check.Orders), to catch a missing barrier.
func TestStencilOrders(t *testing.T) {
	dev := check.NewDevice(t)
	const bs = 64
	in := input(1000)
	for _, o := range check.Orders {
		ok := t.Run(o.Name, func(t *testing.T) {
			out := make([]int32, len(in))
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: (len(in) + bs - 1) / bs}, Block: gocuda.Dim3{X: bs}}
			err := check.Call(t, func() error {
				return dev.Launch(cfg, o.Wrap(func(t *gocuda.Thread) { StencilKernel(t, in, out) }))
			})
			check.NoError(t, err, "StencilKernel run "+o.Name)
			if msg := verify(out, in, bs); msg != "" {
				t.Fatalf("kernel run %s: %s%s", o.Name, msg, check.Hint(o))
			}
		})
		if !ok {
			return
		}
	}
}

// verify compares out with the stencil of in and describes the first
// wrong element.
func verify(out, in []int32, bs int) string {
	n := len(in)
	if len(out) != n {
		return fmt.Sprintf("out has %d elements, want %d", len(out), n)
	}
	for i, got := range out {
		var want, left int32 // left: the elements up to i only
		for j := max(i-Radius, 0); j <= min(i+Radius, n-1); j++ {
			want += in[j]
			if j <= i {
				left += in[j]
			}
		}
		if got == want {
			continue
		}
		b, tid := i/bs, i%bs
		msg := fmt.Sprintf("n = %d, blocks of %d: out[%d] = %d, want %d, the sum of in[%d:%d] (thread %d of block %d).\nhint: ",
			n, bs, i, got, want, max(i-Radius, 0), min(i+Radius+1, n), tid, b)
		switch {
		case got == 0:
			return msg + "out[i] is 0: each thread stores its sum to out[start+tid], if that is < n."
		case got == left:
			return msg + "out[i] counts only the elements up to in[i]: the elements to its right had not been loaded\n" +
				"into shared memory yet. Is t.SyncThreads() between loading temp and reading it?"
		case tid < Radius || tid >= bs-Radius:
			return msg + fmt.Sprintf("thread %d is within %d of its block's edge, so it reads the halo: threads tid < Radius\n"+
				"load in[start+tid-Radius] into temp[tid] and in[start+tid+B] into temp[tid+Radius+B], or 0\n"+
				"where that lies outside in; and every load must come before t.SyncThreads().", tid, Radius)
		}
		return msg + "thread tid loads in[start+tid] into temp[tid+Radius], and after t.SyncThreads() sums\n" +
			"temp[tid] to temp[tid+2*Radius]."
	}
	return ""
}
