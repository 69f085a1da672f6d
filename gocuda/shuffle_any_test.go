package gocuda_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/intrinsic"
)

// Values of every size class the shuffles move: below 4 bytes, odd sizes,
// exactly 8, and several pieces with a partial last one.
type (
	vec3   [3]float32 // 12 bytes: a piece and a half
	padded struct {   // 24 bytes with padding between the fields
		A int8
		B float64
		C [3]uint16
	}
	wide [5]float64 // 40 bytes: five pieces
)

// value builds lane i's distinct value of each type from a random word.
func vec3Of(i int, w uint32) vec3 {
	return vec3{float32(i), math.Float32frombits(w), -float32(w % 1000)}
}

func paddedOf(i int, w uint32) padded {
	return padded{A: int8(i), B: math.Float64frombits(uint64(w)<<32 | uint64(i)), C: [3]uint16{uint16(w), uint16(i), uint16(w >> 16)}}
}

func wideOf(i int, w uint32) wide {
	return wide{float64(i), float64(w), -float64(i), math.Float64frombits(uint64(w) | 0x7ff0_0000_0000_0000), 0.5}
}

// shuffleCase is one shuffle with its host reference, which takes lane
// indices and so returns the source lane.
type shuffleCase struct {
	name string
	kind int // 0 Shfl, 1 Up, 2 Down, 3 Xor
	ref  func([]uint32, int, int, int) uint32
}

var shuffleCases = []shuffleCase{
	{"Shfl", 0, refShfl}, {"Up", 1, refShflUp}, {"Down", 2, refShflDown}, {"Xor", 3, refShflXor},
}

// shuffleAs runs c's shuffle on a value of any type.
func shuffleAs[T any](th *gocuda.Thread, c shuffleCase, v T, arg, width int) T {
	switch c.kind {
	case 0:
		return gocuda.ShflSync(th, gocuda.FullMask, v, arg, width)
	case 1:
		return gocuda.ShflUpSync(th, gocuda.FullMask, v, arg, width)
	case 2:
		return gocuda.ShflDownSync(th, gocuda.FullMask, v, arg, width)
	}
	return gocuda.ShflXorSync(th, gocuda.FullMask, v, arg, width)
}

// checkShuffleType shuffles values of T made by mk over a warp, with every
// shuffle kind, width and a per-lane argument, and checks each lane got the
// whole value of the lane the reference names.
func checkShuffleType[T any](t *testing.T, mk func(int, uint32) T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	r := rand.New(rand.NewPCG(7, 8))
	words := make([]uint32, 32)
	for i := range words {
		words[i] = r.Uint32()
	}
	lanes := make([]uint32, 32)
	for i := range lanes {
		lanes[i] = uint32(i)
	}
	for _, c := range shuffleCases {
		for _, width := range []int{1, 2, 8, 32} {
			args := make([]int, 32) // per lane: the pieces must still come from one source
			for i := range args {
				args[i] = r.IntN(40) // past 31: the low five bits count
				if c.kind == 3 {
					args[i] &= 31 // refShflXor takes a lane mask as given
				}
			}
			got := make([]T, 32)
			require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(th *gocuda.Thread) {
				i := th.ThreadIdx.X
				got[i] = shuffleAs(th, c, mk(i, words[i]), args[i], width)
			}))
			for lane := range 32 {
				src := int(c.ref(lanes, lane, args[lane], width))
				want := mk(src, words[src])
				require.True(t, sameBits(want, got[lane]), "%s width %d lane %d arg %d: got %v, want %v", c.name, width, lane, args[lane], got[lane], want)
			}
		}
	}
}

// sameBits reports whether a and b hold the same bits field by field
// (padding aside), so that NaNs compare by payload and -0 differs from 0.
func sameBits[T any](a, b T) bool { return bitsEqual(reflect.ValueOf(a), reflect.ValueOf(b)) }

func bitsEqual(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		return math.Float64bits(a.Float()) == math.Float64bits(b.Float())
	case reflect.Complex64, reflect.Complex128:
		x, y := a.Complex(), b.Complex()
		return math.Float64bits(real(x)) == math.Float64bits(real(y)) && math.Float64bits(imag(x)) == math.Float64bits(imag(y))
	case reflect.Array:
		for i := range a.Len() {
			if !bitsEqual(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range a.NumField() {
			if !bitsEqual(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	}
	return a.Interface() == b.Interface()
}

// TestShuffleAnyType: values of any size without pointers move whole, from
// the lane CUDA's rules name, bit for bit.
func TestShuffleAnyType(t *testing.T) {
	t.Run("Half", func(t *testing.T) {
		checkShuffleType(t, func(i int, w uint32) intrinsic.Half { return intrinsic.Half(w) ^ intrinsic.Half(i) })
	})
	t.Run("int8", func(t *testing.T) { checkShuffleType(t, func(i int, _ uint32) int8 { return int8(-i) }) })
	t.Run("bool", func(t *testing.T) { checkShuffleType(t, func(i int, w uint32) bool { return (w>>i)&1 == 1 }) })
	t.Run("[3]byte", func(t *testing.T) {
		checkShuffleType(t, func(i int, w uint32) [3]byte { return [3]byte{byte(i), byte(w), byte(w >> 8)} })
	})
	t.Run("[2]float32", func(t *testing.T) {
		checkShuffleType(t, func(i int, w uint32) [2]float32 { return [2]float32{float32(i), math.Float32frombits(w)} })
	})
	t.Run("complex128", func(t *testing.T) {
		checkShuffleType(t, func(i int, w uint32) complex128 { return complex(float64(i), float64(w)) })
	})
	t.Run("vec3", func(t *testing.T) { checkShuffleType(t, vec3Of) })
	t.Run("padded", func(t *testing.T) { checkShuffleType(t, paddedOf) })
	t.Run("wide", func(t *testing.T) { checkShuffleType(t, wideOf) })
	t.Run("empty", func(t *testing.T) { checkShuffleType(t, func(int, uint32) struct{} { return struct{}{} }) })
}

// TestShuffleAnyPartialMask: a multi-piece shuffle among some lanes of a
// warp, the others having returned; reading a lane outside the mask gives
// the caller's own value, as for one-piece values.
func TestShuffleAnyPartialMask(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	const mask = 0x0f0f_f0f0
	got := make([]wide, 32)
	require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(th *gocuda.Thread) {
		i := th.ThreadIdx.X
		if mask&(1<<i) == 0 {
			return
		}
		got[i] = gocuda.ShflSync(th, mask, wideOf(i, uint32(i*7)), i+1, 32)
	}))
	for i := range 32 {
		if mask&(1<<i) == 0 {
			continue
		}
		src := (i + 1) % 32
		if mask&(1<<src) == 0 {
			src = i
		}
		require.True(t, sameBits(wideOf(src, uint32(src*7)), got[i]), "lane %d: got %v", i, got[i])
	}
}

// TestShuffleRefusesPointers: a type holding pointers fails the launch with
// a *KernelError wrapping ErrInvalidValue that names the type.
func TestShuffleRefusesPointers(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	type withPtr struct {
		N int
		P *int
	}
	cases := map[string]func(*gocuda.Thread){
		"slice":  func(th *gocuda.Thread) { gocuda.ShflSync(th, gocuda.FullMask, []int{1}, 0, 32) },
		"string": func(th *gocuda.Thread) { gocuda.ShflUpSync(th, gocuda.FullMask, "x", 1, 32) },
		"ptr":    func(th *gocuda.Thread) { gocuda.ShflDownSync(th, gocuda.FullMask, new(int), 1, 32) },
		"struct": func(th *gocuda.Thread) { gocuda.ShflXorSync(th, gocuda.FullMask, withPtr{}, 1, 32) },
		"array":  func(th *gocuda.Thread) { gocuda.ShflSync(th, gocuda.FullMask, [2]map[int]int{}, 0, 32) },
		"any":    func(th *gocuda.Thread) { gocuda.ShflSync[any](th, gocuda.FullMask, 1, 0, 32) },
	}
	for name, kernel := range cases {
		t.Run(name, func(t *testing.T) {
			for range 2 { // the second time from the cache
				err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, kernel)
				require.ErrorIs(t, err, gocuda.ErrInvalidValue)
				var ke *gocuda.KernelError
				require.True(t, errors.As(err, &ke), "got %v", err)
				assert.Contains(t, err.Error(), "holds pointers")
			}
		})
	}
}

func ExampleShflSync_struct() {
	type particle struct {
		Pos  [3]float32
		Mass float32
		ID   int32
	} // 20 bytes: three 8-byte pieces
	dev, _ := gocuda.NewDevice()
	defer dev.Close()
	got := make([]particle, 4)
	_ = dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 4}}, func(t *gocuda.Thread) {
		i := t.ThreadIdx.X
		mine := particle{Pos: [3]float32{float32(i), 0, 0}, Mass: 1.5, ID: int32(100 + i)}
		got[i] = gocuda.ShflXorSync(t, 0xf, mine, 1, 4) // swap with the neighbour
	})
	fmt.Println(got[0].ID, got[1].ID, got[2].Pos)
	// Output: 101 100 [3 0 0]
}
