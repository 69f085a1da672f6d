package difftest

import "github.com/gocuda/gocuda/gocuda"

// FlagSpillKernel keeps a bool per thread across barriers, as Rodinia's
// hotspot and pathfinder keep computed: the SIMD build's steps load the
// threads' flags from their scratch as a mask and store the mask back,
// under the mask of the threads that have not returned. The flag flips
// where a thread's tile element falls under the round's number, a
// condition that differs between lanes.
//
//gocuda:kernel FlagSpillKernel
func flagSpill(t *gocuda.Thread, in, out []float32, rounds int) {
	tile := gocuda.Shared[float32](t, 64)
	tx := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tx
	if i >= len(in) || i >= len(out) {
		return
	}
	v := in[i]
	set := v > 0
	for r := 0; r < rounds; r++ {
		tile[tx] = v
		t.SyncThreads()
		if tile[tx] < float32(r) {
			set = !set
		}
		if set {
			v = v*0.5 + 1
		}
		t.SyncThreads()
	}
	if set {
		v = -v
	}
	out[i] = v
}

// FlagSpill64Kernel is FlagSpillKernel over float64 values: the SIMD
// build's steps run four threads, its flags four lanes' bools.
//
//gocuda:kernel FlagSpill64Kernel
func flagSpill64(t *gocuda.Thread, in, out []float64, rounds int) {
	tile := gocuda.Shared[float64](t, 64)
	tx := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tx
	if i >= len(in) || i >= len(out) {
		return
	}
	v := in[i]
	set := v > 0
	for r := 0; r < rounds; r++ {
		tile[tx] = v
		t.SyncThreads()
		if tile[tx] < float64(r) {
			set = !set
		}
		if set {
			v = v*0.5 + 1
		}
		t.SyncThreads()
	}
	if set {
		v = -v
	}
	out[i] = v
}
