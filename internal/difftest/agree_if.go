package difftest

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// AgreeDoWhileKernel is a do-while loop around barriers whose exit the
// block agrees on through shared memory (HeCBench tsp's 2-opt climb):
// each trip every thread takes the smallest of its slot and its right
// neighbour's into best, the block takes the minimum of best with an
// atomic-free tree through shared memory, and each thread reads it back
// into m, a variable that held its own value before; the loop ends once m
// is not negative. The compiler cannot prove m the same for every thread,
// so the compiled form checks that they agree at the break. After the
// loop thread i stores m and the trips it made into out[2i:2i+2].
//
//gocuda:kernel AgreeDoWhileKernel
func agreeDoWhile(t *gocuda.Thread, data []int32, out []int32) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	trips := int32(0)
	var m int32
	for {
		m = min(data[i], data[t.BlockIdx.X*t.BlockDim.X+(t.ThreadIdx.X+1)%t.BlockDim.X])
		s[t.ThreadIdx.X] = m
		t.SyncThreads()
		for half := t.BlockDim.X / 2; half > 0; half /= 2 {
			if t.ThreadIdx.X < half {
				s[t.ThreadIdx.X] = min(s[t.ThreadIdx.X], s[t.ThreadIdx.X+half])
			}
			t.SyncThreads()
		}
		m = s[0]
		t.SyncThreads()
		data[i] += 3 // every thread's value rises until the minimum is not negative
		trips++
		t.SyncThreads()
		if !(m < 0) {
			break
		}
	}
	out[2*i], out[2*i+1] = m, trips
}

// AgreeContinueKernel counts, in blocks of bs threads, the elements of in
// that are multiples of k, staging them through shared memory (HeCBench
// ss's string search): each trip every thread looks at its next element,
// pushes a multiple onto the block's stack with an atomic, and the block
// goes on to the next trip without draining the stack (a continue) while
// the stack holds fewer than bs entries and elements remain. The
// continue's condition reads the stack's height, which every thread read
// from shared memory after a barrier, and the position each thread
// stepped by bs from its own start: the same for the block, which the
// compiler cannot prove, so the compiled form checks it. Each drain adds
// the stack's entries to total[block].
//
//gocuda:kernel AgreeContinueKernel
func agreeContinue(t *gocuda.Thread, in []int32, k int32, total []int32) {
	stack := gocuda.Shared[int32](t, 2*t.BlockDim.X)
	height := gocuda.Shared[int32](t, 1)
	pos := t.ThreadIdx.X
	for {
		if pos < len(in) && in[pos]%k == 0 {
			at := atomic.Add(&height[0], 1)
			stack[at] = in[pos]
		}
		pos += t.BlockDim.X
		t.SyncThreads()
		h := height[0]
		t.SyncThreads()
		if int(h) < t.BlockDim.X && (pos/t.BlockDim.X)*t.BlockDim.X < len(in)+t.BlockDim.X-1 {
			continue
		}
		if t.ThreadIdx.X == 0 {
			for j := range h {
				total[t.BlockIdx.X] += stack[j]
			}
			height[0] = 0
		}
		t.SyncThreads()
		if (pos/t.BlockDim.X)*t.BlockDim.X >= len(in)+t.BlockDim.X-1 {
			break
		}
	}
}

// AgreeIfKernel runs, for each block, one of two branches holding
// barriers chosen by flag[block], which every thread reads into c, a
// variable that held its own rank before (HeCBench hbc's choice between
// its two traversals): with the flag set, the block reverses its slice of
// data through shared memory; without it, it rotates it by one. Where
// mixed is set, thread 0 reads the opposite of the flag: the threads
// disagree, and the compiled form fails the launch.
//
//gocuda:kernel AgreeIfKernel
func agreeIf(t *gocuda.Thread, data []int32, flag []bool, mixed bool) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	c := t.ThreadIdx.X%2 == 0
	c = flag[t.BlockIdx.X]
	if mixed && t.ThreadIdx.X == 0 {
		c = !c
	}
	s[t.ThreadIdx.X] = data[i]
	t.SyncThreads()
	if c {
		v := s[t.BlockDim.X-1-t.ThreadIdx.X]
		t.SyncThreads()
		s[t.ThreadIdx.X] = v
		t.SyncThreads()
	} else {
		v := s[(t.ThreadIdx.X+1)%t.BlockDim.X]
		t.SyncThreads()
		s[t.ThreadIdx.X] = v
		t.SyncThreads()
	}
	t.SyncThreads() // a barrier after the if: one at the kernel's end merges its sides (exitIfs)
	data[i] = s[t.ThreadIdx.X]
}

// WyllieKernel is HeCBench wyllie's list ranking by pointer jumping: each
// element of list holds its successor's index in its high 32 bits (-1 at
// the tail) and its distance to it in the low ones; each thread jumps its
// element's successor to the successor's successor, adding the distances,
// with a barrier a step, until a successor is the tail. Threads leave the
// loop at different steps, with a break after which they do nothing more:
// the compiled form makes the breaks returns.
//
//gocuda:kernel WyllieKernel
func wyllie(t *gocuda.Thread, list []int64, size int32) {
	index := int32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
	if index < size {
		var node, next int64
		for {
			node = list[index]
			if node>>32 == -1 {
				break
			}
			next = list[node>>32]
			if next>>32 == -1 {
				break
			}
			temp := node & 0xffffffff
			temp += next & 0xffffffff
			temp += (next >> 32) << 32
			t.SyncThreads()
			list[index] = temp
		}
	}
}
