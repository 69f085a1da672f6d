package fuzz_test

import (
	"fmt"

	"github.com/gocuda/gocuda/internal/compile/fuzz"
)

// A kernel is a function of its input bytes: here a 0, which picks a
// kernel with barriers and warp collectives (a 5 picks a kernel that is
// one grid-stride loop), and 14 pseudo-random ones give a step of
// Harris's reduction kernel 2 over the shared slots: one step, at offset
// 1, run by the threads whose index has bit 2 clear (the SIMD build's
// vector steps take the offset as 1, so that the index's stride is 2,
// and load and update the slots at that stride under their mask). Every
// such kernel begins by declaring the thread's indices, its shared memory
// (whose own slots it writes), an element of in kept across a barrier
// (through a guarded load declared beside the kernel), and variables of
// each kind (the first loaded from in: here the sum of two elements half
// the array apart, as the CUDA samples' reduce3 loads them), and ends by
// storing them in its own out slots.
func ExampleGenerate() {
	k := fuzz.Generate("k0", append([]byte{0}, fuzz.Bytes(3999, 14)...))
	fmt.Println(k.Imports)
	fmt.Print(k.Decls)
	// Output:
	// [github.com/gocuda/gocuda/gocuda math]
	// func k0load1(in []int32, i int) int32 {
	// 	if i < len(in) {
	// 		return in[i]
	// 	}
	// 	return 0
	// }
	//
	// func k0inRange5(x, lo, hi int) bool {
	// 	return x >= lo && x <= hi
	// }
	//
	// func k0at6(in []int32, i int) int32 {
	// 	if i >= len(in) || i < 0 {
	// 		return 0
	// 	}
	// 	return in[i]
	// }
	//
	// // K0 returns a generated kernel.
	// //
	// //gocuda:kernel K0
	// func k0(t *gocuda.Thread, in []int32, out []uint32, g []int32, p0 int32, p1 int) {
	// 	size := t.BlockDim.X * t.BlockDim.Y * t.BlockDim.Z
	// 	rank := t.ThreadRank()
	// 	lane := t.LaneID()
	// 	gid := (t.BlockIdx.X+t.GridDim.X*(t.BlockIdx.Y+t.GridDim.Y*t.BlockIdx.Z))*size + rank
	// 	sh := gocuda.Shared[int32](t, 2*size)
	// 	b0 := k0load1(in, gid)
	// 	t.SyncThreads()
	// 	half2 := len(in)/2 + 1
	// 	var a0 int32
	// 	if gid%half2 < len(in) {
	// 		a0 = in[gid%half2]
	// 	}
	// 	if gid%half2+half2 < len(in) {
	// 		a0 += in[gid%half2+half2]
	// 	}
	// 	a1 := int32(rank)*p0 + 1
	// 	a2 := int32(gid)
	// 	u0 := uint32(gid) * 2654435761
	// 	u1 := uint32(lane) + uint32(p0)
	// 	w0 := p0 + int32(t.BlockIdx.X)
	// 	live := gocuda.FullMask
	// 	done := uint32(0) // a bit per helper the thread called
	// 	f0 := float32(a0) * 0.25
	// 	var q [4]int32
	// 	var st struct {
	// 		x int32
	// 		y uint32
	// 	}
	// 	sh[rank], sh[size+rank] = a0, int32(lane)
	// 	ep := gocuda.Shared[[2]int32](t, size)
	// 	ep[rank] = [2]int32{a0 ^ 5, int32(lane)}
	// 	es := gocuda.Shared[struct {
	// 		x int32
	// 		y uint32
	// 	}](t, size)
	// 	es[rank] = struct {
	// 		x int32
	// 		y uint32
	// 	}{a2, u0}
	// 	t.SyncThreads()
	// 	ok3 := false
	// 	v4 := int32(2) + int32(t.ThreadIdx.X)
	// 	if k0inRange5(t.ThreadIdx.X, t.BlockDim.X/3, int(uint32(p0)%64)) {
	// 		ok3 = true
	// 		v4 = k0at6(in, gid)
	// 	}
	// 	t.SyncThreads()
	// 	if ok3 {
	// 		a0 += v4
	// 	}
	// 	a0 ^= q[0] + 3*q[1] + 5*q[2] + 7*q[3] + st.x ^ int32(st.y) + b0
	// 	a1 ^= ep[rank][0] + 3*ep[rank][1] ^ es[rank].x + int32(es[rank].y)
	// 	out[gid*16+0] = uint32(a0)
	// 	out[gid*16+1] = uint32(a1)
	// 	out[gid*16+2] = uint32(a2)
	// 	out[gid*16+3] = u0
	// 	out[gid*16+4] = u1
	// 	out[gid*16+5] = uint32(w0)
	// 	out[gid*16+6] = live
	// 	out[gid*16+7] = math.Float32bits(f0)
	// 	_, _, _ = sh, lane, done
	// }
}
