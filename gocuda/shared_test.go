package gocuda_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSharedZeroAtBlockStart: every block writes garbage over its static and
// dynamic shared memory; the next block run by the same worker (one worker,
// so every block) must still see zeros, in the same launch and in the next.
func TestSharedZeroAtBlockStart(t *testing.T) {
	const n, grid = 64, 24
	for _, barrier := range []bool{false, true} {
		t.Run(fmt.Sprintf("barrier=%v", barrier), func(t *testing.T) {
			d := newDevice(t, gocuda.WithWorkers(1))
			var dirty atomic.Int64
			var report atomic.Value
			bad := func(format string, args ...any) {
				if dirty.Add(1) == 1 {
					report.Store(fmt.Sprintf(format, args...))
				}
			}
			kernel := func(th *gocuda.Thread) {
				i, b := th.ThreadIdx.X, th.BlockIdx.X
				a := gocuda.Shared[int64](th, n)
				tile := gocuda.Shared[[4]float32](th, 10)
				grow := gocuda.Shared[int32](th, 5+b%3) // the length varies by block
				dyn := gocuda.DynamicShared[uint32](th)
				if a[i] != 0 {
					bad("block %d thread %d: a[%d] = %d", b, i, i, a[i])
				}
				if dyn[i] != 0 || dyn[i+n] != 0 {
					bad("block %d thread %d: dynamic shared not zero", b, i)
				}
				if i < len(tile) && tile[i] != [4]float32{} {
					bad("block %d thread %d: tile[%d] = %v", b, i, i, tile[i])
				}
				if i < len(grow) && grow[i] != 0 {
					bad("block %d thread %d: grow[%d] = %d", b, i, i, grow[i])
				}
				if barrier {
					th.SyncThreads()
				}
				a[i] = -1 - int64(b)
				dyn[i], dyn[i+n] = 0xdeadbeef, 0xfeedface
				if i < len(tile) {
					tile[i] = [4]float32{1, 2, 3, float32(b)}
				}
				if i < len(grow) {
					grow[i] = 7
				}
				if barrier {
					th.SyncThreads()
				}
			}
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: n}, SharedMem: 2 * n * 4}
			for launch := range 3 {
				require.NoError(t, d.Launch(cfg, kernel))
				require.Zerof(t, dirty.Load(), "launch %d: %v", launch, report.Load())
			}
		})
	}
}

// TestSharedSameSliceInBlock: the block's k-th Shared call returns the same
// slice in every thread, and different calls return different memory.
func TestSharedSameSliceInBlock(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	const n, grid = 96, 4
	type views struct {
		a, b *float64
		la   int
		c    *[16]float32
	}
	got := make([]views, grid*n)
	err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
		a := gocuda.Shared[float64](th, n)
		if th.ThreadIdx.X%2 == 0 {
			th.SyncThreads() // Shared calls on both sides of a barrier
		}
		b := gocuda.Shared[float64](th, n)
		c := gocuda.Shared[[16]float32](th, 16)
		got[th.BlockIdx.X*n+th.ThreadIdx.X] = views{&a[0], &b[0], len(a), &c[0]}
	})
	require.NoError(t, err)
	for blk := range grid {
		first := got[blk*n]
		require.NotEqual(t, unsafe.Pointer(first.a), unsafe.Pointer(first.b))
		require.Equal(t, n, first.la)
		for i := range n {
			require.Equalf(t, first, got[blk*n+i], "block %d thread %d", blk, i)
		}
	}
}

// TestSharedTile16x16 transposes a matrix through a 16×16 tile of
// [16]float32 rows, as in the CUDA programming guide's tiled transpose.
func TestSharedTile16x16(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	const tileDim = 16
	for _, sz := range [][2]int{{16, 16}, {48, 32}, {50, 37}, {1, 70}} {
		rows, cols := sz[0], sz[1]
		t.Run(fmt.Sprintf("%dx%d", rows, cols), func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(rows), uint64(cols)))
			in := make([]float32, rows*cols)
			for i := range in {
				in[i] = r.Float32()
			}
			out := make([]float32, rows*cols)
			cfg := gocuda.Config{
				Grid:  gocuda.Dim3{X: (cols + tileDim - 1) / tileDim, Y: (rows + tileDim - 1) / tileDim},
				Block: gocuda.Dim3{X: tileDim, Y: tileDim},
			}
			err := d.Launch(cfg, func(th *gocuda.Thread) {
				tile := gocuda.Shared[[tileDim]float32](th, tileDim)
				if len(tile) != tileDim {
					panic("tile has wrong length")
				}
				tx, ty := th.ThreadIdx.X, th.ThreadIdx.Y
				col, row := th.BlockIdx.X*tileDim+tx, th.BlockIdx.Y*tileDim+ty
				if row < rows && col < cols {
					tile[ty][tx] = in[row*cols+col]
				}
				th.SyncThreads()
				// Write the transposed tile: out is cols×rows.
				ocol, orow := th.BlockIdx.Y*tileDim+tx, th.BlockIdx.X*tileDim+ty
				if orow < cols && ocol < rows {
					out[orow*rows+ocol] = tile[tx][ty]
				}
			})
			require.NoError(t, err)
			for i := range rows {
				for j := range cols {
					require.Equalf(t, in[i*cols+j], out[j*rows+i], "element (%d,%d)", i, j)
				}
			}
		})
	}
}

// TestDynamicSharedLength: Config.SharedMem bytes seen as slices of several
// element types.
func TestDynamicSharedLength(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	type pair struct{ A, B int16 }
	tests := []struct {
		shared int
		want   [6]int // float32, float64, byte, [16]float32, pair, [3]float32
	}{
		{0, [6]int{0, 0, 0, 0, 0, 0}},
		{1, [6]int{0, 0, 1, 0, 0, 0}},
		{10, [6]int{2, 1, 10, 0, 2, 0}},
		{1024, [6]int{256, 128, 1024, 16, 256, 85}},
		{gocuda.SharedMemPerBlock, [6]int{12288, 6144, 49152, 768, 12288, 4096}},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.shared), func(t *testing.T) {
			// The want table is the host's arithmetic: bytes / element size.
			sizes := [6]int{4, 8, 1, 64, 4, 12}
			for k, s := range sizes {
				require.Equal(t, tc.shared/s, tc.want[k])
			}
			var got [6]int
			err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 3}, SharedMem: tc.shared}, func(th *gocuda.Thread) {
				got = [6]int{
					len(gocuda.DynamicShared[float32](th)),
					len(gocuda.DynamicShared[float64](th)),
					len(gocuda.DynamicShared[byte](th)),
					len(gocuda.DynamicShared[[16]float32](th)),
					len(gocuda.DynamicShared[pair](th)),
					len(gocuda.DynamicShared[[3]float32](th)),
				}
			})
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestDynamicSharedAliasing: views of different element types alias the same
// bytes, as casts of one extern __shared__ array do, across threads.
func TestDynamicSharedAliasing(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	const n, grid = 256, 3
	type result struct {
		bits  uint32
		pair  [2]float32
		first float64
	}
	got := make([]result, grid*n)
	err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: n}, SharedMem: n * 4}, func(th *gocuda.Thread) {
		i, b := th.ThreadIdx.X, th.BlockIdx.X
		f := gocuda.DynamicShared[float32](th)
		f[i] = float32(b*n+i) + 0.5
		th.SyncThreads()
		u := gocuda.DynamicShared[uint32](th)
		pairs := gocuda.DynamicShared[[2]float32](th)
		f64 := gocuda.DynamicShared[float64](th)
		j := (i + 1) % n // a neighbour's write
		got[b*n+i] = result{bits: u[j], pair: pairs[j/2], first: f64[0]}
		th.SyncThreads()
		if i == 0 {
			f64[0] = math.Pi // seen through every view by thread 1
		}
		th.SyncThreads()
		if i == 1 {
			w := math.Float64bits(math.Pi)
			if lo, hi := u[0], u[1]; uint64(lo)|uint64(hi)<<32 != w && uint64(hi)|uint64(lo)<<32 != w {
				panic("float64 write not visible through the uint32 view")
			}
		}
	})
	require.NoError(t, err)
	for b := range grid {
		for i := range n {
			j := (i + 1) % n
			g := got[b*n+i]
			require.Equal(t, math.Float32bits(float32(b*n+j)+0.5), g.bits)
			k := j / 2 * 2
			require.Equal(t, [2]float32{float32(b*n+k) + 0.5, float32(b*n+k+1) + 0.5}, g.pair)
			var want [2]float32
			want[0], want[1] = float32(b*n)+0.5, float32(b*n+1)+0.5
			require.Equal(t, *(*float64)(unsafe.Pointer(&want)), g.first)
		}
	}
}

// TestDynamicSharedPointerTypes: a view of pointer-holding elements would
// hide pointers from the garbage collector: the thread panics, failing the
// launch with ErrInvalidValue.
func TestDynamicSharedPointerTypes(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	type withString struct {
		N int
		S string
	}
	type nested struct {
		A [2]struct{ P *int }
	}
	views := []struct {
		name string
		view func(*gocuda.Thread)
	}{
		{"*int", func(th *gocuda.Thread) { gocuda.DynamicShared[*int](th) }},
		{"string", func(th *gocuda.Thread) { gocuda.DynamicShared[string](th) }},
		{"[]int", func(th *gocuda.Thread) { gocuda.DynamicShared[[]int](th) }},
		{"map", func(th *gocuda.Thread) { gocuda.DynamicShared[map[int]int](th) }},
		{"struct", func(th *gocuda.Thread) { gocuda.DynamicShared[withString](th) }},
		{"nested", func(th *gocuda.Thread) { gocuda.DynamicShared[nested](th) }},
		{"any", func(th *gocuda.Thread) { gocuda.DynamicShared[any](th) }},
		{"chan", func(th *gocuda.Thread) { gocuda.DynamicShared[chan int](th) }},
		{"func", func(th *gocuda.Thread) { gocuda.DynamicShared[func()](th) }},
		{"uintptr-ok-then-ptr", func(th *gocuda.Thread) {
			gocuda.DynamicShared[uintptr](th)
			gocuda.DynamicShared[*float32](th)
		}},
	}
	for _, v := range views {
		t.Run(v.name, func(t *testing.T) {
			var ran atomic.Int64
			err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 4}, SharedMem: 1024}, func(th *gocuda.Thread) {
				ran.Add(1)
				v.view(th)
			})
			require.ErrorIs(t, err, gocuda.ErrInvalidValue)
			var ke *gocuda.KernelError
			require.ErrorAs(t, err, &ke)
			assert.Equal(t, gocuda.Dim3{}, ke.Block)
			assert.Equal(t, gocuda.Dim3{}, ke.Thread)
			assert.EqualValues(t, 1, ran.Load(), "threads ran after the failing one")
		})
	}
	// Pointer-free views are fine, in the same device afterwards.
	err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 4}, SharedMem: 1024}, func(th *gocuda.Thread) {
		gocuda.DynamicShared[struct {
			A [3]complex64
			B uint8
			C uintptr
		}](th)
		gocuda.DynamicShared[[0]*int](th) // zero-size: no memory, nil
	})
	require.NoError(t, err)
}

// TestSharedAcrossBlockShapes: the k-th allocation may change type and
// length from one block to the next (and launch to launch) on one worker.
func TestSharedAcrossBlockShapes(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	const n = 32
	for launch := range 2 {
		sums := make([]float64, 6)
		err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 6}, Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
			i, b := th.ThreadIdx.X, th.BlockIdx.X
			switch (b + launch) % 3 {
			case 0:
				s := gocuda.Shared[int32](th, n)
				s[i] = int32(i)
				th.SyncThreads()
				if i == 0 {
					for _, v := range s {
						sums[b] += float64(v)
					}
				}
			case 1:
				s := gocuda.Shared[float64](th, 2*n)
				s[2*i], s[2*i+1] = float64(i), 1
				th.SyncThreads()
				if i == 0 {
					for _, v := range s {
						sums[b] += v
					}
				}
			default:
				s := gocuda.Shared[int32](th, n/2)
				if i < n/2 {
					s[i] = 2
				}
				th.SyncThreads()
				if i == 0 {
					for _, v := range s {
						sums[b] += float64(v)
					}
				}
			}
		})
		require.NoError(t, err)
		for b := range 6 {
			want := []float64{n * (n - 1) / 2, n*(n-1)/2 + n, n}[(b+launch)%3]
			require.Equalf(t, want, sums[b], "launch %d block %d", launch, b)
		}
	}
}

// errorsIsShared reports whether err is a kernel error about shared memory
// misuse: a *KernelError wrapping ErrInvalidValue.
func errorsIsShared(err error) bool {
	var ke *gocuda.KernelError
	return errors.As(err, &ke) && errors.Is(err, gocuda.ErrInvalidValue) && errors.Is(ke.Err, gocuda.ErrInvalidValue)
}

// TestDynamicSharedPointerTypeWithoutMemory: DynamicShared documents that
// "T must hold no pointers (the calling thread panics otherwise)"; that
// holds whether or not the launch asked for dynamic shared memory, so the
// same kernel does not pass or fail depending on Config.SharedMem.
func TestDynamicSharedPointerTypeWithoutMemory(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	for _, shared := range []int{0, 4, 1024} {
		t.Run(fmt.Sprint(shared), func(t *testing.T) {
			err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 2}, SharedMem: shared}, func(th *gocuda.Thread) {
				gocuda.DynamicShared[*int](th)
			})
			require.True(t, errorsIsShared(err), "SharedMem=%d: got %v, want a *KernelError wrapping ErrInvalidValue", shared, err)
		})
	}
}

// TestSharedHugeLength: a length whose byte size overflows int is over the
// shared-memory limit like any other, not a Go allocation failure.
func TestSharedHugeLength(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	kernels := []struct {
		name   string
		kernel func(th *gocuda.Thread)
	}{
		{"1<<40 bytes", func(th *gocuda.Thread) { gocuda.Shared[byte](th, huge(40)) }},
		{"2^61 int64s", func(th *gocuda.Thread) { gocuda.Shared[int64](th, huge(61)) }},
		{"2^60+1 [16]byte", func(th *gocuda.Thread) { gocuda.Shared[[16]byte](th, huge(60)+1) }},
		{"max int32s", func(th *gocuda.Thread) { gocuda.Shared[int32](th, math.MaxInt) }},
	}
	for _, k := range kernels {
		t.Run(k.name, func(t *testing.T) {
			err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 2}}, k.kernel)
			require.True(t, errorsIsShared(err), "got %v, want a *KernelError wrapping ErrInvalidValue", err)
		})
	}
}

// TestConcurrentLaunchesSharedMem: launches with different shared-memory
// sizes share the device's workers; each sees its own SharedMem, zeroed at
// the start of each block, and its own static allocations.
func TestConcurrentLaunchesSharedMem(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 6 {
		wg.Go(func() {
			for k := range 8 {
				shared := 64 * (1 + (g*7+k*3)%40) // 64 B to 2.5 KiB
				n := 32 + g*16
				const grid = 12
				sums := make([]int, grid)
				var bad atomic.Int64
				err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: n}, SharedMem: shared}, func(th *gocuda.Thread) {
					i, b := th.ThreadIdx.X, th.BlockIdx.X
					dyn := gocuda.DynamicShared[int32](th)
					s := gocuda.Shared[int](th, n+g)
					if len(dyn) != shared/4 || len(s) != n+g {
						bad.Add(1)
					}
					for j := i; j < len(dyn); j += n {
						if dyn[j] != 0 {
							bad.Add(1)
						}
					}
					if s[i] != 0 {
						bad.Add(1)
					}
					th.SyncThreads()
					for j := i; j < len(dyn); j += n {
						dyn[j] = int32(g + 1)
					}
					s[i] = i + b
					th.SyncThreads()
					if i == 0 {
						for j := range n {
							sums[b] += s[j]
						}
						for _, v := range dyn {
							sums[b] += int(v)
						}
					}
				})
				if err != nil {
					errs <- err
					continue
				}
				if bad.Load() != 0 {
					errs <- fmt.Errorf("launch %d/%d: %d threads saw the wrong shared memory", g, k, bad.Load())
				}
				for b := range grid {
					if want := n*(n-1)/2 + n*b + (g+1)*(shared/4); sums[b] != want {
						errs <- fmt.Errorf("launch %d/%d block %d: sum %d, want %d", g, k, b, sums[b], want)
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
