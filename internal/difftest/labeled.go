package difftest

import (
	"math/bits"

	"github.com/gocuda/gocuda/gocuda"
)

// labeledAt reports whether lane j reaches LabeledSIMTKernel's shuffle at
// outer trip i and inner trip k: the lane's own walk through both loops,
// with their labeled continue and break.
func labeledAt(j, i, k int) bool {
outer:
	for ii := 0; ii < 2+j%4; ii++ {
		for kk := 0; kk < 1+(j+ii)%3; kk++ {
			if (j+ii+kk)%7 == 3 {
				continue outer
			}
			if (j*ii+kk)%11 == 5 {
				return false
			}
			if ii == i && kk == k {
				return true
			}
		}
	}
	return false
}

// LabeledSIMTKernel leaves an inner and an outer loop, both with trip
// counts that differ between lanes, by a labeled continue and a labeled
// break of the outer loop taken inside the inner one by some lanes: each
// shuffle's mask names exactly the lanes there, as CUDA requires. out has
// one element per thread.
//
//gocuda:kernel LabeledSIMTKernel
func labeledSIMT(t *gocuda.Thread, out []int32) {
	lane := t.LaneID()
	var v int32
outer:
	for i := 0; i < 2+lane%4; i++ {
		for k := 0; k < 1+(lane+i)%3; k++ {
			if (lane+i+k)%7 == 3 {
				continue outer
			}
			if (lane*i+k)%11 == 5 {
				break outer
			}
			var mask uint32
			for j := range 32 {
				if labeledAt(j, i, k) {
					mask |= 1 << j
				}
			}
			src := 31 - bits.LeadingZeros32(mask) // the highest lane here
			v += gocuda.ShflSync(t, mask, int32(lane*100+i*10+k), src, 32)
		}
		v++
	}
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = v
}

// labeledUniformAt reports whether lane j reaches
// LabeledUniformInnerKernel's ballot at trip i of the outer loop and k of
// the inner one.
func labeledUniformAt(j, i, k int) bool {
loop:
	for ii := 0; ii < 1+j%5; ii++ {
		for kk := range 4 {
			switch (j + ii*kk) % 6 {
			case 5:
				continue loop
			case 4:
				break loop
			}
			if ii == i && kk == k {
				return true
			}
		}
	}
	return false
}

// LabeledUniformInnerKernel leaves a loop whose trip count differs between
// lanes from a counted inner loop the same for every lane, by a labeled
// continue and break in a switch: the lanes that leave wait while the
// others finish the inner loop. out has one element per thread.
//
//gocuda:kernel LabeledUniformInnerKernel
func labeledUniformInner(t *gocuda.Thread, out []int32) {
	lane := t.LaneID()
	var v int32
loop:
	for i := 0; i < 1+lane%5; i++ {
		for k := range 4 {
			switch (lane + i*k) % 6 {
			case 5:
				continue loop
			case 4:
				break loop
			}
			var mask uint32
			for j := range 32 {
				if labeledUniformAt(j, i, k) {
					mask |= 1 << j
				}
			}
			b := t.BallotSync(mask, (lane+k)%3 == 0)
			v += int32(bits.OnesCount32(b)) + int32(k)
		}
		v *= 2
	}
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = v
}
