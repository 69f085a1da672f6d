package intrinsic

import "math"

// FloatAsInt is __float_as_int: the bits of x as an int32. Like all the
// reinterpretations here it moves bits unchanged, NaN payloads and the sign
// of zero included.
func FloatAsInt(x float32) int32 { return int32(math.Float32bits(x)) }

// IntAsFloat is __int_as_float: the float32 whose bits are x.
func IntAsFloat(x int32) float32 { return math.Float32frombits(uint32(x)) }

// FloatAsUint is __float_as_uint: the bits of x as a uint32.
func FloatAsUint(x float32) uint32 { return math.Float32bits(x) }

// UintAsFloat is __uint_as_float: the float32 whose bits are x.
func UintAsFloat(x uint32) float32 { return math.Float32frombits(x) }

// DoubleAsLonglong is __double_as_longlong: the bits of x as an int64.
func DoubleAsLonglong(x float64) int64 { return int64(math.Float64bits(x)) }

// LonglongAsDouble is __longlong_as_double: the float64 whose bits are x.
func LonglongAsDouble(x int64) float64 { return math.Float64frombits(uint64(x)) }
