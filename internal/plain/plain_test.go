package plain_test

import (
	"reflect"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/internal/plain"
)

type (
	vec3   struct{ X, Y, Z float32 }
	padded struct {
		A int8
		B int64
	}
	flags32    struct{ N, OK int32 }
	hidesBool  struct{ V [2]struct{ B bool } }
	hidesPtr   struct{ A [3]struct{ P *int } }
	namedInt   int16
	namedSlice []byte
)

// TestType checks the predicate against what Go defines as a valid value
// of each kind: every byte pattern for numbers, 0 or 1 for a bool, and the
// garbage collector's pointers for the reference kinds.
func TestType(t *testing.T) {
	tests := []struct {
		typ  reflect.Type
		want bool
	}{
		{reflect.TypeFor[int](), true},
		{reflect.TypeFor[uint8](), true},
		{reflect.TypeFor[uintptr](), true},
		{reflect.TypeFor[float32](), true},
		{reflect.TypeFor[complex128](), true},
		{reflect.TypeFor[namedInt](), true},
		{reflect.TypeFor[[4]float64](), true},
		{reflect.TypeFor[vec3](), true},
		{reflect.TypeFor[padded](), true},
		{reflect.TypeFor[flags32](), true}, // int32 flags, not bools
		{reflect.TypeFor[struct{}](), true},
		{reflect.TypeFor[[0]*int](), true}, // no bytes, no pointers
		{reflect.TypeFor[[0]bool](), true},

		{reflect.TypeFor[bool](), false},
		{reflect.TypeFor[[2]bool](), false},
		{reflect.TypeFor[hidesBool](), false},
		{reflect.TypeFor[*int](), false},
		{reflect.TypeFor[unsafe.Pointer](), false},
		{reflect.TypeFor[hidesPtr](), false},
		{reflect.TypeFor[string](), false},
		{reflect.TypeFor[[]int](), false},
		{reflect.TypeFor[namedSlice](), false},
		{reflect.TypeFor[map[int]int](), false},
		{reflect.TypeFor[chan int](), false},
		{reflect.TypeFor[func()](), false},
		{reflect.TypeFor[any](), false},
		{reflect.TypeFor[error](), false},
		{reflect.TypeFor[struct {
			A int
			S string
		}](), false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, plain.Type(tt.typ), "%v", tt.typ)
	}
	assert.True(t, plain.Of[vec3]())
	assert.False(t, plain.Of[bool]())
}

func TestPointerFree(t *testing.T) {
	type flagged struct {
		N     int
		Valid bool
	}
	type holder struct {
		N int
		S []int
	}
	for _, c := range []struct {
		typ  reflect.Type
		want bool
	}{
		{reflect.TypeFor[bool](), true},
		{reflect.TypeFor[flagged](), true},
		{reflect.TypeFor[[4]bool](), true},
		{reflect.TypeFor[vec3](), true},
		{reflect.TypeFor[float64](), true},
		{reflect.TypeFor[holder](), false},
		{reflect.TypeFor[*int](), false},
		{reflect.TypeFor[string](), false},
		{reflect.TypeFor[unsafe.Pointer](), false},
		{reflect.TypeFor[[2]any](), false},
	} {
		assert.Equal(t, c.want, plain.PointerFree(c.typ), "%v", c.typ)
	}
}
