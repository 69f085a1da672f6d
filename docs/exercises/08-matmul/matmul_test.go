package matmul

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/docs/exercises/internal/check"
	"github.com/gocuda/gocuda/gocuda"
)

// matrices returns an m×k and a k×n matrix of small integers, so that
// float32 products are exact whatever the order of the additions.
func matrices(m, k, n int) (a, b []float32) {
	a, b = make([]float32, m*k), make([]float32, k*n)
	for i := range a {
		a[i] = float32((i*5)%7 - 3)
	}
	for i := range b {
		b[i] = float32((i*3)%5 - 2)
	}
	return a, b
}

// multiply is the host reference.
func multiply(a, b []float32, m, k, n int) []float32 {
	c := make([]float32, m*n)
	for r := range m {
		for col := range n {
			var s float32
			for q := range k {
				s += a[r*k+q] * b[q*n+col]
			}
			c[r*n+col] = s
		}
	}
	return c
}

// TestMatMul checks MatMul against the host for shapes from whole tiles to
// matrices that are not multiples of the tile, and stops at the first one
// that fails.
func TestMatMul(t *testing.T) {
	dev := check.NewDevice(t)
	shapes := [][3]int{{16, 16, 16}, {32, 48, 16}, {1, 1, 1}, {17, 5, 33}, {50, 70, 40}, {128, 64, 96}}
	for _, s := range shapes {
		m, k, n := s[0], s[1], s[2]
		name := fmt.Sprintf("%dx%d*%dx%d", m, k, k, n)
		ok := t.Run(name, func(t *testing.T) {
			a, b := matrices(m, k, n)
			var c []float32
			err := check.Call(t, func() (err error) {
				c, err = MatMul(dev, a, b, m, k, n)
				return err
			})
			check.NoError(t, err, "MatMul "+name)
			if msg := verify(c, a, b, m, k, n); msg != "" {
				t.Fatal(msg)
			}
		})
		if !ok {
			return
		}
	}
}

// TestMatMulOrders runs MatMulKernel in both thread orders (see
// check.Orders), to catch a missing barrier.
func TestMatMulOrders(t *testing.T) {
	dev := check.NewDevice(t)
	const m, k, n = 48, 64, 32 // whole tiles: TestMatMul checks the edges
	a, b := matrices(m, k, n)
	cfg := gocuda.Config{
		Grid:  gocuda.Dim3{X: (n + Tile - 1) / Tile, Y: (m + Tile - 1) / Tile},
		Block: gocuda.Dim3{X: Tile, Y: Tile},
	}
	for _, o := range check.Orders {
		ok := t.Run(o.Name, func(t *testing.T) {
			c := make([]float32, m*n)
			err := check.Call(t, func() error {
				return dev.Launch(cfg, o.Wrap(func(t *gocuda.Thread) { MatMulKernel(t, a, b, c, m, k, n) }))
			})
			check.NoError(t, err, "MatMulKernel run "+o.Name)
			if msg := verify(c, a, b, m, k, n); msg != "" {
				t.Fatalf("kernel run %s: %s%s", o.Name, msg, check.Hint(o))
			}
		})
		if !ok {
			return
		}
	}
}

// verify compares c with the host's product and describes the first
// wrong element.
func verify(c, a, b []float32, m, k, n int) string {
	if len(c) != m*n {
		return fmt.Sprintf("c has %d elements, want %d", len(c), m*n)
	}
	want := multiply(a, b, m, k, n)
	written := false
	for _, v := range c {
		written = written || v != 0
	}
	for i, got := range c {
		if got == want[i] {
			continue
		}
		row, col := i/n, i%n
		msg := fmt.Sprintf("(%d×%d)·(%d×%d): c[%d][%d] = %v, want %v (thread (%d,%d) of block (%d,%d)).\nhint: ",
			m, k, k, n, row, col, got, want[i], col%Tile, row%Tile, col/Tile, row/Tile)
		switch {
		case !written:
			return msg + "c is all zeros: each thread stores its sum to c[row*n+col] after the loop over tiles."
		case k%Tile != 0 || m%Tile != 0 || n%Tile != 0:
			return msg + fmt.Sprintf("the matrices are not multiples of the %d×%d tile. A thread whose element of a or b\n"+
				"lies outside the matrix must store 0 in the tile, not skip the store (a skipped store leaves the\n"+
				"previous step's value in shared memory), and every thread must reach every SyncThreads.", Tile, Tile)
		}
		return msg + "step p loads as[ty][tx] = a[row*k + p+tx] and bs[ty][tx] = b[(p+ty)*n + col], then after a\n" +
			"barrier adds as[ty][q]*bs[q][tx] for every q in 0..Tile-1, then waits at a second barrier\n" +
			"before the next step's loads."
	}
	return ""
}
