package cudrv

import (
	"fmt"
	"unsafe"
)

// params marshals kernel arguments for cuLaunchKernel's kernelParams: one
// pointer per argument, to a fresh heap copy of its value in the layout of
// the matching PTX .param. Accepted types and their PTX parameter types:
//
//	bool            .u8 (1 for true, 0 for false), like C++ bool
//	int8, uint8     .s8, .u8
//	int16, uint16   .s16, .u16
//	int32, uint32   .s32, .u32
//	int64, uint64   .s64, .u64
//	int, uint       .s64, .u64 (Go's 64-bit int on the supported platforms)
//	float32         .f32
//	float64         .f64
//	Ptr             .u64, a device address
//
// Anything else, pointers and slices included, is an error: host memory is
// not addressable from a kernel, so a device buffer must be passed as Ptr.
func params(args ...any) ([]unsafe.Pointer, error) {
	ps := make([]unsafe.Pointer, len(args))
	for i, a := range args {
		p := param(a)
		if p == nil {
			return nil, fmt.Errorf("cudrv: kernel argument %d has unsupported type %T "+
				"(want bool, int8 to int64, uint8 to uint64, int, uint, float32, float64 or Ptr)", i, a)
		}
		ps[i] = p
	}
	return ps, nil
}

// param returns a pointer to a new copy of a, or nil for an unsupported type.
// Each case's variable is distinct and escapes, so every copy is its own
// heap object that the caller can pin.
func param(a any) unsafe.Pointer {
	switch v := a.(type) {
	case bool:
		b := new(uint8)
		if v {
			*b = 1
		}
		return unsafe.Pointer(b)
	case int8:
		return unsafe.Pointer(&v)
	case uint8:
		return unsafe.Pointer(&v)
	case int16:
		return unsafe.Pointer(&v)
	case uint16:
		return unsafe.Pointer(&v)
	case int32:
		return unsafe.Pointer(&v)
	case uint32:
		return unsafe.Pointer(&v)
	case int64:
		return unsafe.Pointer(&v)
	case uint64:
		return unsafe.Pointer(&v)
	case int:
		x := int64(v)
		return unsafe.Pointer(&x)
	case uint:
		x := uint64(v)
		return unsafe.Pointer(&x)
	case float32:
		return unsafe.Pointer(&v)
	case float64:
		return unsafe.Pointer(&v)
	case Ptr:
		return unsafe.Pointer(&v)
	}
	return nil
}
