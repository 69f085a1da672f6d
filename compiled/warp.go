package compiled

import (
	"fmt"
	"math/bits"
	"reflect"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/grid"
	"github.com/gocuda/gocuda/internal/kapi"
)

// Compiled kernels run a warp collective in lockstep: a thread loop in
// which each thread that reaches the collective arrives (Block.Arrive) and
// leaves its operands in per-thread arrays, then Warp, which completes the
// collective for every warp at once with the runtime path's semantics
// (grid.Results), then a thread loop that goes on with each thread's
// result.

// warpSize is gocuda.WarpSize.
const warpSize = gocuda.WarpSize

// kindOf returns the kind of the gocuda collective name, as generated code
// names it ("ShflDownSync", "BallotSync", "ActiveMask"...).
func kindOf(name, caller string) grid.Kind {
	e, ok := kapi.CollectiveNamed(name)
	if !ok {
		panic(fmt.Sprintf("compiled.%s: unknown collective %q", caller, name))
	}
	return e.Warp
}

// Warp completes the warp collective name (ShflDownSync, BallotSync,
// ActiveMask...) for the threads that arrived, each with its mask, value
// and, for shuffles, argument and width (nil where the collective has
// none), and leaves each arrived thread's result in out. It fails the
// launch as the runtime path would for a mask that leaves out its caller
// and a bad shuffle width.
func Warp[T, R any](b *Block, name string, masks []uint32, vals []T, args, widths []int, out []R) {
	kind := kindOf(name, "Warp")
	if (kind == grid.KindReduceMin || kind == grid.KindReduceMax) && !signedKind(reflect.TypeFor[T]()) {
		kind++ // the unsigned form follows the signed one
	}
	n := b.b.Threads
	if grid.IsShuffle(kind) && shuffleFast(b, kind, masks, vals, args, widths, out) {
		return
	}
	var lanes [warpSize]grid.Collective
	var res [warpSize]uint64
	for base := 0; base < n; base += warpSize {
		end := min(base+warpSize, n)
		arrived := gather(b, kind, base, end, masks, vals, args, widths, lanes[:])
		if arrived == 0 {
			continue
		}
		for m := arrived; m != 0; {
			mask := lanes[bits.TrailingZeros32(m)].Mask
			group := b.group(kind, arrived, mask, lanes[:])
			if kind == grid.KindActiveMask {
				for j := range res {
					res[j] = uint64(group)
				}
			} else {
				grid.Results(kind, lanes[:end-base], mask, group, res[:])
			}
			for g := group; out != nil && g != 0; g &= g - 1 {
				j := bits.TrailingZeros32(g)
				out[base+j] = resultOf[R](res[j])
			}
			m &^= group
		}
		for i := base; i < end; i++ {
			b.b.Arrived[i] = false
		}
	}
}

// ShuffleAll completes the shuffle name (ShflSync, ShflUpSync...) that
// every thread of the block reaches with one mask, argument and width, of
// the values vals, into out. It fails the launch as Warp does.
func ShuffleAll[T any](b *Block, name string, mask uint32, vals []T, arg, width int, out []T) {
	kind := kindOf(name, "ShuffleAll")
	n := b.b.Threads
	all := width >= 1 && width <= warpSize && width&(width-1) == 0
	for base := 0; all && base < n; base += warpSize {
		present := ^uint32(0) >> (warpSize - min(warpSize, n-base))
		all = mask&present == present
	}
	if !all { // the general path reports the misuse
		masks, args, widths := make([]uint32, n), make([]int, n), make([]int, n)
		for i := range n {
			masks[i], args[i], widths[i], b.b.Arrived[i] = mask, arg, width, true
		}
		Warp(b, name, masks, vals, args, widths, out)
		return
	}
	for base := 0; base < n; base += warpSize {
		end := min(base+warpSize, n)
		shuffleSegment(kind, vals[base:end], arg, width, out[base:end])
	}
}

// shuffleFast completes a shuffle whose arrived lanes, warp by warp, all
// give one mask that includes them and a valid width, copying values
// directly; it reports false, having done nothing, for anything else,
// which the general path handles (and reports).
func shuffleFast[T, R any](b *Block, kind grid.Kind, masks []uint32, vals []T, args, widths []int, out []R) bool {
	n := b.b.Threads
	for base := 0; base < n; base += warpSize {
		end := min(base+warpSize, n)
		mask, first := uint32(0), true
		for i := base; i < end; i++ {
			if !b.b.Arrived[i] {
				continue
			}
			w := widths[i]
			if first {
				mask, first = masks[i], false
			}
			if masks[i] != mask || mask&(1<<(i-base)) == 0 || w < 1 || w > warpSize || w&(w-1) != 0 {
				return false
			}
		}
	}
	res := unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(out))), len(out)) // R is T for shuffles
	for base := 0; base < n; base += warpSize {
		end := min(base+warpSize, n)
		if !shuffleWarp(b.b.Arrived[base:end], kind, vals[base:end], args[base:end], widths[base:end], res[base:end]) {
			for i := base; i < end; i++ {
				if !b.b.Arrived[i] {
					continue
				}
				res[i] = vals[i]
				if src, ok := grid.ShuffleSource(kind, args[i], widths[i], i-base); ok && base+src < end && b.b.Arrived[base+src] {
					res[i] = vals[base+src]
				}
			}
		}
		clear(b.b.Arrived[base:end])
	}
	return true
}

// shuffleWarp shuffles one warp whose lanes all arrived with one argument
// and width, the common case, and reports whether they did.
func shuffleWarp[T any](arrived []bool, kind grid.Kind, vals []T, args, widths []int, res []T) bool {
	arg, w := args[0], widths[0]
	for j := range arrived {
		if !arrived[j] || args[j] != arg || widths[j] != w {
			return false
		}
	}
	shuffleSegment(kind, vals, arg, w, res)
	return true
}

// shuffleSegment shuffles the values of one warp's lanes, all taking part,
// with argument arg and width w, into res.
func shuffleSegment[T any](kind grid.Kind, vals []T, arg, w int, res []T) {
	n := len(vals)
	d := arg & (warpSize - 1)
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

// gather fills lanes with the operands of the threads base to end-1 that
// arrived, checking each as the runtime path does, and returns them.
func gather[T any](b *Block, kind grid.Kind, base, end int, masks []uint32, vals []T, args, widths []int, lanes []grid.Collective) uint32 {
	var arrived uint32
	for i := base; i < end; i++ {
		if !b.b.Arrived[i] {
			continue
		}
		j := i - base
		arrived |= 1 << j
		c := grid.Collective{Kind: kind, Mask: gocuda.FullMask}
		if masks != nil {
			c.Mask = masks[i]
		}
		if vals != nil {
			c.Value = grid.ToBits(vals[i])
		}
		if args != nil {
			c.Arg, c.Width = args[i], widths[i]
			if w := c.Width; w < 1 || w > warpSize || bits.OnesCount(uint(w)) != 1 {
				b.Enter(i)
				panic(b.misuse("thread %v: %v width %d is not a power of two from 1 to 32", b.At(i), kind, w))
			}
		}
		if kind == grid.KindActiveMask {
			c.Mask = 0 // every arrived lane, whatever its mask
		} else if c.Mask&(1<<j) == 0 {
			b.Enter(i)
			panic(b.misuse("thread %v (lane %d) calls %v with mask %#08x, which leaves it out", b.At(i), j, kind, c.Mask))
		}
		lanes[j] = c
	}
	return arrived
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
