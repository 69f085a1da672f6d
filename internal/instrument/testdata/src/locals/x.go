package locals

import "github.com/gocuda/gocuda/gocuda"

// fill is a helper filling a slice: its twin records tile[u].
func fill(tile []float32, v float32) {
	for u := 0; u < len(tile); u++ {
		tile[u] = v
	}
}

// sum2 is a helper taking an array by address.
func sum2(p *[2]float32) float32 { return p[0] + p[1] }

type acc struct{ v [4]float32 }

var global [4]float32

// K slices arrays of its own (probe.Own keeps them alive for the launch)
// and takes their addresses (probe.OwnAddr), in full and in part; the
// package's array, shared memory and an element's address are left as
// they are.
func K(t *gocuda.Thread, out []float32) {
	var tile [8]float32
	fill(tile[:], 1)
	fill(tile[2:4], 2)
	var pair [2]float32
	out[t.ThreadIdx.X] = sum2(&pair)
	var a acc
	fill(a.v[:], 3)
	pa := &a
	fill(global[:], 4)
	s := gocuda.Shared[float32](t, 64)
	fill(s[:], 5)
	p := &tile[1]
	*p = pa.v[0]
	func() {
		fill(tile[:], 6) // a closure's, of the kernel's array
	}()
}

// scale is a method with a pointer receiver: its twin records v.v[k].
func (v *acc) scale(k float32) {
	for u := range v.v {
		v.v[u] *= k
	}
}

// count is a scalar type with a method with a pointer receiver.
type count int32

// inc increments the count through its receiver.
func (c *count) inc() { *c++ }

var globalAcc acc

// M calls methods with pointer receivers: on variables of its own, in
// full and in part (an implicit &, through probe.OwnAddr as an explicit
// one); through a pointer, on the package's variable, on shared memory
// and on a global slice's element, left as they are.
func M(t *gocuda.Thread, out []acc) {
	var a acc
	a.scale(2)
	var as [2]acc
	as[t.ThreadIdx.X%2].scale(3)
	var n count
	n.inc()
	pa := &a
	pa.scale(4)
	globalAcc.scale(5)
	s := gocuda.Shared[acc](t, 1)
	s[0].scale(6)
	out[t.ThreadIdx.X].scale(float32(n))
}
