// Package labeled holds kernels with labeled break and continue: of
// loops whose lanes leave them at different trips (SIMT loops) around
// warp collectives, of loops with barriers, and in thread code.
package labeled

import "github.com/gocuda/gocuda/gocuda"

// simtLabeledBreak breaks an outer loop from an inner SIMT loop.
func simtLabeledBreak(t *gocuda.Thread, in, out []int32) {
	v := int32(0)
outer:
	for i := 0; i < int(in[t.ThreadIdx.X]); i++ {
		for j := 0; j < 3; j++ {
			v += gocuda.ShflXorSync(t, gocuda.FullMask, v+1, 1, 32)
			if v > 100 {
				break outer
			}
		}
	}
	out[t.ThreadIdx.X] = v
}

// simtLabeledContinue continues an outer SIMT loop from an inner loop.
func simtLabeledContinue(t *gocuda.Thread, in, out []int32) {
	v := int32(0)
outer:
	for i := 0; i < int(in[t.ThreadIdx.X]); i++ {
		for j := 0; j < 3; j++ {
			if int(v)%3 == j {
				continue outer
			}
			v += gocuda.ShflXorSync(t, gocuda.FullMask, v+1, 1, 32)
		}
	}
	out[t.ThreadIdx.X] = v
}

// simtSelf breaks its own loop by label.
func simtSelf(t *gocuda.Thread, in, out []int32) {
	v := int32(0)
loop:
	for i := 0; i < int(in[t.ThreadIdx.X]); i++ {
		v += gocuda.ShflXorSync(t, gocuda.FullMask, v+1, 1, 32)
		if v > 50 {
			break loop
		}
	}
	out[t.ThreadIdx.X] = v
}

// uniformLabeled breaks a barrier loop from a nested uniform loop.
func uniformLabeled(t *gocuda.Thread, in, out []int32, n int) {
	s := gocuda.Shared[int32](t, 256)
	v := in[t.ThreadIdx.X]
outer:
	for i := 0; i < n; i++ {
		for j := 0; j < 4; j++ {
			s[t.ThreadIdx.X] = v
			t.SyncThreads()
			v += s[(t.ThreadIdx.X+1)%t.BlockDim.X]
			t.SyncThreads()
			if i*4+j > n {
				break outer
			}
			if j == i {
				continue outer
			}
		}
	}
	out[t.ThreadIdx.X] = v
}

// threadLabeled has labeled branches in thread code only.
func threadLabeled(t *gocuda.Thread, in, out []int32) {
	v := in[t.ThreadIdx.X]
	t.SyncThreads()
outer:
	for i := 0; i < int(v); i++ {
		for j := 0; j < 4; j++ {
			if (i+j)%5 == 4 {
				continue outer
			}
			if i*j > 20 {
				break outer
			}
			v++
		}
	}
	out[t.ThreadIdx.X] = v
}

// simtRangeLabeled breaks a SIMT loop from a range loop inside it.
func simtRangeLabeled(t *gocuda.Thread, in, out []int32) {
	v := int32(0)
outer:
	for i := 0; i < int(in[t.ThreadIdx.X]); i++ {
		for _, k := range in[:3] {
			v += gocuda.ShflXorSync(t, gocuda.FullMask, v+k, 1, 32)
			if v > 60 {
				break outer
			}
		}
	}
	out[t.ThreadIdx.X] = v
}

// switchBreak breaks a SIMT loop from inside a switch.
func switchBreak(t *gocuda.Thread, in, out []int32) {
	v := int32(0)
loop:
	for i := 0; i < int(in[t.ThreadIdx.X]); i++ {
		v += gocuda.ShflXorSync(t, gocuda.FullMask, v+1, 1, 32)
		switch v % 4 {
		case 3:
			break loop
		case 2:
			continue loop
		}
		v++
	}
	out[t.ThreadIdx.X] = v
}

// simtNested leaves an inner SIMT loop and its outer SIMT loop at once.
func simtNested(t *gocuda.Thread, in, out []int32) {
	v := int32(0)
outer:
	for i := 0; i < int(in[t.ThreadIdx.X]); i++ {
		for j := 0; j < i+int(in[t.ThreadIdx.X]); j++ {
			v += gocuda.ShflXorSync(t, gocuda.FullMask, v+1, 1, 32)
			if v%7 == 3 {
				continue outer
			}
		}
		v++
	}
	out[t.ThreadIdx.X] = v
}

// rangeTarget breaks a range loop holding a shuffle under a condition
// that differs between lanes.
func rangeTarget(t *gocuda.Thread, in, out []int32) {
	v := int32(0)
loop:
	for _, k := range in[:4] {
		v += gocuda.ShflXorSync(t, gocuda.FullMask, v+k, 1, 32)
		if v > in[t.ThreadIdx.X] {
			break loop
		}
	}
	out[t.ThreadIdx.X] = v
}

// barrierFromSIMT breaks a loop with a barrier from a SIMT loop inside
// it: only the lanes still in the inner loop would take it.
func barrierFromSIMT(t *gocuda.Thread, in, out []int32, n int) {
	v := int32(0)
outer:
	for i := 0; i < n; i++ {
		t.SyncThreads()
		for j := 0; j < int(in[t.ThreadIdx.X]); j++ {
			v += gocuda.ShflXorSync(t, gocuda.FullMask, v+1, 1, 32)
			if j == 2 {
				break outer
			}
		}
	}
	out[t.ThreadIdx.X] = v
}
