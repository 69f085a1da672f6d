package corpus

import "github.com/gocuda/gocuda/gocuda"

// Shared memory written through a pointer and by the builtin copy, as
// ported C++ writes it: cuda-samples' mergeSort passes its keys to
// comparatorExtended by reference (bitonic.cu), which swaps them through
// the references, and vLLM's vectorize_with_alignment stores a tail
// through a scalar op's reference and copies the aligned middle (its
// per_token_group_quant kernel). PointerWrites stores each thread's value
// both ways, then reads its neighbours' after a barrier; PointerRaces is
// its twin without the barrier.

// storeThrough is a __device__ helper taking a reference: *p = v.
func storeThrough(p *int32, v int32) {
	*p = v // POINTER STORE
}

// PointerWrites has thread i store i+100 into s[i] through a pointer and
// i+200 into c[i] by copy; after a barrier it adds the two of its right
// neighbour (in a block of 64) into out[i].
func PointerWrites(t *gocuda.Thread, out []int32) {
	s := gocuda.Shared[int32](t, 64)
	c := gocuda.Shared[int32](t, 64)
	i := t.ThreadIdx.X
	storeThrough(&s[i], int32(i)+100)
	v := [1]int32{int32(i) + 200}
	copy(c[i:i+1], v[:])
	t.SyncThreads()
	out[i] = s[(i+33)%64] + c[(i+33)%64]
}

// PointerRaces is PointerWrites without its barrier: a thread reads its
// neighbour's elements while, or before, the neighbour stores them.
func PointerRaces(t *gocuda.Thread, out []int32) {
	s := gocuda.Shared[int32](t, 64)
	c := gocuda.Shared[int32](t, 64)
	i := t.ThreadIdx.X
	storeThrough(&s[i], int32(i)+100)
	v := [1]int32{int32(i) + 200}
	copy(c[i:i+1], v[:])                 // COPY STORE
	out[i] = s[(i+33)%64] + c[(i+33)%64] // RACING READ
}
