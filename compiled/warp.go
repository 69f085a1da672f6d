package compiled

import (
	"fmt"
	"math/bits"
	"reflect"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/grid"
	"github.com/gocuda/gocuda/internal/kapi"
)

// The collectives' machinery shared by ShflWarp and WarpLanes (lanes.go):
// their kinds, the segment shuffle, groups of lanes calling with one mask,
// results and misuse reports, with the runtime path's semantics.

// warpSize is gocuda.WarpSize.
const warpSize = gocuda.WarpSize

// fullWarp is the mask of a warp's 32 lanes.
const fullWarp = ^uint32(0)

// kindOf returns the kind of the gocuda collective name, as generated code
// names it ("ShflDownSync", "BallotSync", "ActiveMask"...).
// Generated code calls it on every collective, with a constant: a short
// list compared by length first beats the table's map.
func kindOf(name, caller string) grid.Kind {
	for _, k := range warpKinds {
		if k.name == name {
			return k.kind
		}
	}
	panic(fmt.Sprintf("compiled.%s: unknown collective %q", caller, name))
}

// nameOf returns the name of the collective kind, for its misuse reports.
func nameOf(kind grid.Kind) string {
	for _, k := range warpKinds {
		if k.kind == kind {
			return k.name
		}
	}
	return kind.String()
}

// A namedKind is a warp collective of the kernel API table.
type namedKind struct {
	name string
	kind grid.Kind
}

// warpKinds lists the warp collectives of the kernel API table, the
// shuffles first. It is built at package initialization from the static
// table, so that kindOf pays no sync.Once on every collective.
var warpKinds = func() []namedKind {
	var shuffles, others []namedKind
	for _, e := range kapi.Entries() {
		if c, ok := kapi.CollectiveNamed(e.Short); !ok || c.Name != e.Name {
			continue // not one the engine completes
		}
		k := namedKind{e.Short, e.Warp}
		if k.kind >= grid.KindShfl && k.kind <= grid.KindShflXor {
			shuffles = append(shuffles, k)
		} else {
			others = append(others, k)
		}
	}
	return append(shuffles, others...)
}()

// shuffleSegment shuffles the values of one warp's lanes, all taking part,
// with argument arg and width w, into res.
func shuffleSegment[T any](kind grid.Kind, vals []T, arg, w int, res []T) {
	n := len(vals)
	d := arg & (warpSize - 1)
	if n == warpSize && w == warpSize {
		shuffleWarp(kind, (*[warpSize]T)(vals), d, (*[warpSize]T)(res))
		return
	}
	for j := range n {
		start := j &^ (w - 1)
		src := -1
		switch kind {
		case grid.KindShfl:
			src = start + arg&(w-1)
		case grid.KindShflUp:
			if j-start >= d {
				src = j - d
			}
		case grid.KindShflDown:
			if j-start+d < w {
				src = j + d
			}
		default: // grid.KindShflXor
			if x := j ^ d; x < start+w {
				src = x
			}
		}
		if src >= 0 && src < n {
			res[j] = vals[src]
		} else {
			res[j] = vals[j]
		}
	}
}

// shuffleWarp is shuffleSegment for a whole warp of width 32, as copies:
// the common case of a shuffle reduction or scan.
func shuffleWarp[T any](kind grid.Kind, vals *[warpSize]T, d int, res *[warpSize]T) {
	switch kind {
	case grid.KindShfl:
		v := vals[d]
		for j := range res {
			res[j] = v
		}
	case grid.KindShflUp: // the first d lanes keep their own
		copy(res[:d], vals[:d])
		copy(res[d:], vals[:warpSize-d])
	case grid.KindShflDown: // the last d lanes keep their own
		copy(res[:warpSize-d], vals[d:])
		copy(res[warpSize-d:], vals[warpSize-d:])
	default: // grid.KindShflXor: every lane reads one of the warp
		for j := range res {
			res[j] = vals[j^d]
		}
	}
}

// group returns the arrived lanes calling with mask. The live lanes of
// mask that did not arrive are in another branch of the compiled kernel:
// the collective completes without them, as it does on the runtime path
// when they exit instead (see docs/tutorials/compiled-kernels.md for
// where the two differ).
func (b *Block) group(kind grid.Kind, arrived, mask uint32, lanes []grid.Collective) uint32 {
	var group uint32
	for m := arrived; m != 0; m &= m - 1 {
		if j := bits.TrailingZeros32(m); lanes[j].Mask == mask {
			group |= 1 << j
		}
	}
	if kind == grid.KindActiveMask {
		for m := group; m != 0; m &= m - 1 {
			lanes[bits.TrailingZeros32(m)].Mask = group
		}
	}
	return group
}

// resultOf converts a lane's result to what the collective returns.
func resultOf[R any](r uint64) R {
	var out R
	switch p := any(&out).(type) {
	case *bool:
		*p = r != 0
	case *uint32:
		*p = uint32(r)
	default:
		out = grid.FromBits[R](r)
	}
	return out
}

// signedKind reports whether t is a signed integer type.
func signedKind(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return true
	}
	return false
}

// misuse returns the error a thread panics with for a misuse of a warp
// collective, as the runtime path reports it: one wrapping
// gocuda.ErrInvalidValue.
func (b *Block) misuse(format string, args ...any) error {
	return engine.Misuse(gocuda.ErrInvalidValue, fmt.Sprintf(format, args...))
}
