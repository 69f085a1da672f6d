package reverse

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/docs/exercises/internal/check"
	"github.com/gocuda/gocuda/gocuda"
)

// TestReverse checks Reverse for several block sizes and lengths, and stops
// at the first case that fails.
func TestReverse(t *testing.T) {
	dev := check.NewDevice(t)
	for _, bs := range []int{32, 256, 100, 1024} {
		for _, n := range []int{1, 31, bs, bs + 1, 1000, 5003} {
			name := fmt.Sprintf("block=%d/n=%d", bs, n)
			in := make([]int32, n)
			for i := range in {
				in[i] = int32(i + 1)
			}
			ok := t.Run(name, func(t *testing.T) {
				var out []int32
				err := check.Call(t, func() (err error) {
					out, err = Reverse(dev, in, bs)
					return err
				})
				check.NoError(t, err, "Reverse "+name)
				verify(t, in, out, bs, "")
			})
			if !ok {
				return
			}
		}
	}
}

// TestReverseOrders runs ReverseKernel in both thread orders (see
// check.Orders), to catch a missing barrier.
func TestReverseOrders(t *testing.T) {
	dev := check.NewDevice(t)
	const bs, n = 64, 1000
	in := make([]int32, n)
	for i := range in {
		in[i] = int32(i + 1)
	}
	for _, o := range check.Orders {
		ok := t.Run(o.Name, func(t *testing.T) {
			out := make([]int32, n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: (n + bs - 1) / bs}, Block: gocuda.Dim3{X: bs}}
			err := check.Call(t, func() error {
				return dev.Launch(cfg, o.Wrap(func(t *gocuda.Thread) { ReverseKernel(t, in, out) }))
			})
			check.NoError(t, err, "ReverseKernel run "+o.Name)
			verify(t, in, out, bs, check.Hint(o))
		})
		if !ok {
			return
		}
	}
}

// verify checks out against in reversed. in[i] is i+1.
func verify(t *testing.T, in, out []int32, bs int, hint string) {
	t.Helper()
	n := len(in)
	if len(out) != n {
		t.Fatalf("got %d elements, want %d", len(out), n)
	}
	for i, got := range out {
		want := in[n-1-i]
		if got == want {
			continue
		}
		j := n - 1 - i // the input element that belongs here
		msg := fmt.Sprintf("n=%d, blocks of %d: out[%d] = %d, want %d (in[%d], loaded by thread %d of block %d).",
			n, bs, i, got, want, j, j%bs, j/bs)
		switch {
		case got == 0:
			msg += fmt.Sprintf("\nhint: out[%d] is 0: nothing was stored there, or what was stored was read from shared\n"+
				"memory before the thread loading that element had loaded it. Is t.SyncThreads() between\n"+
				"loading s and reading it? Is every element stored, including those of the last, partial block?", i)
		case got >= 1 && int(got) <= n:
			msg += fmt.Sprintf("\nhint: it holds in[%d] instead: element j of the input belongs at out[n-1-j]. Thread tid of\n"+
				"block b stores s[B-1-tid], which is element j = b*B + B-1-tid.", got-1)
		}
		t.Fatal(msg + hint)
	}
}
