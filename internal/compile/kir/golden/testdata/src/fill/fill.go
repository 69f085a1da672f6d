// Package fill holds shared-memory declarations whose block writes every
// element before reading any, which the compiled form spares the zeroing
// of the allocation, and declarations whose zeros some thread may read.
package fill

import "github.com/gocuda/gocuda/gocuda"

// pairs loads its tile as Blelloch's scan does, two elements a thread.
func pairs(t *gocuda.Thread, in, out []float32) {
	b, thid := t.BlockDim.X, t.ThreadIdx.X
	m := 2 * b
	temp := gocuda.Shared[float32](t, m)
	g := t.BlockIdx.X*m + 2*thid
	temp[2*thid], temp[2*thid+1] = in[g], in[g+1]
	t.SyncThreads()
	out[g] = temp[m-1-2*thid]
}

// ones writes an element a thread, through a local index, guarding only
// its read of in.
func ones(t *gocuda.Thread, in, out []int32) {
	i := t.ThreadIdx.X
	g := t.BlockIdx.X*t.BlockDim.X + i
	x := gocuda.Shared[int32](t, t.BlockDim.X)
	var v int32
	if g < len(in) {
		v = in[g]
	}
	x[i] = v
	t.SyncThreads()
	if g < len(out) {
		out[g] = x[t.BlockDim.X-1-i]
	}
}

// gap writes every other element.
func gap(t *gocuda.Thread, in, out []int32) {
	i := t.ThreadIdx.X
	s := gocuda.Shared[int32](t, 2*t.BlockDim.X)
	s[2*i] = in[i]
	t.SyncThreads()
	out[i] = s[2*i+1]
}

// guarded writes the elements of the threads a guard admits.
func guarded(t *gocuda.Thread, in, out []int32) {
	i := t.ThreadIdx.X
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	if i%2 == 0 {
		s[i] = in[i]
	}
	t.SyncThreads()
	out[i] = s[t.BlockDim.X-1-i]
}

// readFirst reads its element before it writes it.
func readFirst(t *gocuda.Thread, in, out []int32) {
	i := t.ThreadIdx.X
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	s[i] = s[i] + in[i]
	t.SyncThreads()
	out[i] = s[t.BlockDim.X-1-i]
}

// returns lets threads past n return before they write.
func returns(t *gocuda.Thread, in, out []int32, n int) {
	i := t.ThreadIdx.X
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	if i >= n {
		return
	}
	s[i] = in[i]
	t.SyncThreads()
	out[i] = s[t.BlockDim.X-1-i]
}

// aliased names its tile before the loop that writes it.
func aliased(t *gocuda.Thread, in, out []int32) {
	i := t.ThreadIdx.X
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	tile := s
	tile[i] = in[i]
	t.SyncThreads()
	out[i] = s[t.BlockDim.X-1-i]
}

// sized takes its length from len and a conversion, which the check
// before it may evaluate again.
func sized(t *gocuda.Thread, in, out []int32) {
	i := t.ThreadIdx.X
	s := gocuda.Shared[int32](t, min(len(in), int(uint(t.BlockDim.X))))
	s[i] = in[i]
	t.SyncThreads()
	out[i] = s[len(s)-1-i]
}

// nested takes its length from another declaration, which a second
// evaluation would declare again.
func nested(t *gocuda.Thread, in, out []int32) {
	i := t.ThreadIdx.X
	s := gocuda.Shared[int32](t, len(gocuda.Shared[int8](t, 4))*t.BlockDim.X/4)
	s[i] = in[i]
	t.SyncThreads()
	out[i] = s[t.BlockDim.X-1-i]
}
