package pointers

import "github.com/gocuda/gocuda/gocuda"

// store is a helper taking a reference: its twin records *p.
func store(p *int32, v int32) { *p = v }

type pair struct{ a, b int32 }

// K stores through a pointer, reads through one and copies; a field of
// a struct behind a pointer is a part's access, left alone, and a whole
// struct stored through one (dwconv1d's float4 stores) is recorded.
func K(t *gocuda.Thread, out []int32) {
	s := gocuda.Shared[int32](t, 64)
	store(&s[t.ThreadIdx.X], 1)
	p := &s[t.ThreadIdx.X]
	*p += 2
	v := [2]int32{*p, 4}
	copy(s[t.ThreadIdx.X:], v[:1])
	t.SyncThreads()
	out[t.ThreadIdx.X] = *p
	ps := gocuda.Shared[pair](t, 64)
	q := &ps[t.ThreadIdx.X]
	(*q).a = 1
	*q = pair{2, 3}
}
