package corpus

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
)

func launch(t *testing.T, dev *gocuda.Device, grid, block gocuda.Dim3, k func(*gocuda.Thread)) {
	t.Helper()
	if err := dev.Launch(gocuda.Config{Grid: grid, Block: block}, k); err != nil {
		t.Fatal(err)
	}
}

func x1(n int) gocuda.Dim3 { return gocuda.Dim3{X: n} }

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*max(1, math.Abs(b)) }

// reduceCase runs ReduceSinglePass twice (the count is reset for the
// next launch) and checks the sum.
func reduceCase(t *testing.T, fence bool) {
	dev := gocudatest.NewDevice(t)
	rng := rand.New(rand.NewPCG(1, 2))
	in := make([]float32, 3000)
	want := 0.0
	for i := range in {
		in[i] = float32(rng.IntN(100))
		want += float64(in[i])
	}
	const blocks = 12
	out, count := make([]float32, blocks), make([]uint32, 1)
	for range 2 {
		launch(t, dev, x1(blocks), x1(64), ReduceSinglePass(in, out, count, fence))
		if !near(float64(out[0]), want, 1e-6) || count[0] != 0 {
			t.Fatalf("sum %v, count %d; want %v, 0", out[0], count[0], want)
		}
	}
}

func TestReduceSinglePass(t *testing.T)        { reduceCase(t, true) }
func TestReduceSinglePassNoFence(t *testing.T) { reduceCase(t, false) }

func TestHistogram(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	data := make([]uint8, 5000)
	want := make([]uint32, 256)
	for i := range data {
		data[i] = uint8(i * 7)
		want[data[i]]++
	}
	bins := make([]uint32, 256)
	launch(t, dev, x1(8), x1(128), Histogram(data, bins))
	if err := gocudatest.Equal(bins, want); err != nil {
		t.Fatal(err)
	}
}

func softmaxCase(t *testing.T, reuse bool) {
	dev := gocudatest.NewDevice(t)
	const rows, c = 4, 300
	inp, out := make([]float32, rows*c), make([]float32, rows*c)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range inp {
		inp[i] = float32(rng.NormFloat64())
	}
	launch(t, dev, x1(rows), x1(128), Softmax(out, inp, c, reuse))
	for r := range rows {
		m := math.Inf(-1)
		for _, v := range inp[r*c : (r+1)*c] {
			m = math.Max(m, float64(v))
		}
		s := 0.0
		for _, v := range inp[r*c : (r+1)*c] {
			s += math.Exp(float64(v) - m)
		}
		for i, v := range out[r*c : (r+1)*c] {
			if want := math.Exp(float64(inp[r*c+i])-m) / s; !near(float64(v), want, 1e-4) {
				t.Fatalf("row %d col %d: %v, want %v", r, i, v, want)
			}
		}
	}
}

func TestSoftmax(t *testing.T)      { softmaxCase(t, false) }
func TestSoftmaxReuse(t *testing.T) { softmaxCase(t, true) } // correct on the CPU, racy on a GPU

func TestMatMul(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	const b, c, oc = 64, 32, 128
	inp, weight, out := make([]float32, b*c), make([]float32, oc*c), make([]float32, b*oc)
	for i := range inp {
		inp[i] = float32(i%7) - 3
	}
	for i := range weight {
		weight[i] = float32(i%5) - 2
	}
	launch(t, dev, gocuda.Dim3{X: b / 64, Y: oc / 64}, gocuda.Dim3{X: 16, Y: 16}, MatMul(out, inp, weight, c, oc))
	for i := range b {
		for j := range oc {
			var want float32
			for k := range c {
				want += inp[i*c+k] * weight[j*c+k]
			}
			if out[i*oc+j] != want {
				t.Fatalf("out[%d][%d] = %v, want %v", i, j, out[i*oc+j], want)
			}
		}
	}
}

// chainsCase builds the hash table with locks that fence (or not) and
// checks that every entry is in its key's bucket, once.
func chainsCase(t *testing.T, fence bool) {
	dev := gocudatest.NewDevice(t)
	const n, buckets = 2000, 64
	keys := make([]uint32, n)
	for i := range keys {
		keys[i] = uint32(i * 2654435761)
	}
	heads, next := make([]int32, buckets), make([]int32, n)
	locks := make([]Lock, buckets)
	for b := range heads {
		heads[b] = -1
		locks[b] = Lock{Mutex: new(int32), Fence: fence}
	}
	launch(t, dev, x1(8), x1(256), Chains(keys, heads, next, locks))
	seen := make([]bool, n)
	for b, e := range heads {
		for ; e >= 0; e = next[e] {
			if int(keys[e])%buckets != b || seen[e] {
				t.Fatalf("entry %d in bucket %d (key %d), seen before: %v", e, b, keys[e], seen[e])
			}
			seen[e] = true
		}
	}
	for i, ok := range seen {
		if !ok {
			t.Fatalf("entry %d missing", i)
		}
	}
}

func TestChains(t *testing.T)        { chainsCase(t, true) }
func TestChainsNoFence(t *testing.T) { chainsCase(t, false) }

// TestRotateTile launches the kernel whose missing barrier gocuda check
// reports; its result depends on the order the threads run in.
func TestRotateTile(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	in, out := make([]int32, 256), make([]int32, 256)
	launch(t, dev, x1(4), x1(64), RotateTile(in, out))
}
