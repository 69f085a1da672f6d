// Package rematblank holds kernels whose uniform variables are read only
// by the definitions of remat variables that only blank uses read: the
// blank uses become blank uses of those uniform variables, so that the
// generated code still reads them.
package rematblank

import "github.com/gocuda/gocuda/gocuda"

// lanes has the shape in a lane's if around a shuffle: v31 is the warp's,
// f32 each lane's.
//
//gocuda:kernel Lanes
func lanes(t *gocuda.Thread, in []int32, out []uint32, p0 int32) {
	lane := t.LaneID()
	u1 := uint32(lane) + uint32(p0)
	live := gocuda.FullMask
	a0 := in[lane]
	if (lane >> 4) < 2 {
		v31 := (live ^ 0x80000000)
		f32 := !((u1 ^ 2654435761) > v31)
		a0++
		a0 = gocuda.ShflSync(t, gocuda.FullMask, in[lane], 3, 8)
		_ = f32
	}
	out[t.ThreadIdx.X] = uint32(a0)
}

// block has it at block level, between barriers, through two remat
// variables.
//
//gocuda:kernel Block
func block(t *gocuda.Thread, in []int32, out []uint32, p0 int32) {
	tid := t.ThreadIdx.X
	sh := gocuda.Shared[int32](t, t.BlockDim.X)
	sh[tid] = in[tid]
	t.SyncThreads()
	v31 := uint32(p0) ^ 0x80000000
	g := uint32(tid) + v31
	f32 := !(g > 7)
	_ = f32
	out[tid] = uint32(sh[(tid+1)%t.BlockDim.X])
}
