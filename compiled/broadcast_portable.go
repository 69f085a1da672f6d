//go:build !(goexperiment.simd && amd64)

package compiled

import "github.com/gocuda/gocuda/compiled/lanes"

// The default build's At broadcasts and Zero vectors are those of
// broadcast_simd.go and zero_simd.go over package lanes' portable
// vectors, so that generated code names them in both builds: the At
// broadcasts read *p (lane0 is the mask of the first lane, as there) and
// the Zero vectors are zero values.

// BroadcastFloat32x8At returns the vector of eight copies of *p.
func BroadcastFloat32x8At(p *float32, lane0 lanes.Mask32x4) lanes.Float32x8 {
	return lanes.BroadcastFloat32x8(*p)
}

// BroadcastFloat32x16At returns the vector of sixteen copies of *p.
func BroadcastFloat32x16At(p *float32, lane0 lanes.Mask32x4) lanes.Float32x16 {
	return lanes.BroadcastFloat32x16(*p)
}

// BroadcastFloat64x4At returns the vector of four copies of *p.
func BroadcastFloat64x4At(p *float64, lane0 lanes.Mask64x2) lanes.Float64x4 {
	return lanes.BroadcastFloat64x4(*p)
}

// Lane0Mask32 returns the mask of the first of four 32-bit lanes, the
// At broadcasts' of 32-bit floats.
func Lane0Mask32() lanes.Mask32x4 { return lanes.Mask32x4FromBits(1) }

// Lane0Mask64 returns the mask of the first of two 64-bit lanes, the
// At broadcasts' of 64-bit floats.
func Lane0Mask64() lanes.Mask64x2 { return lanes.Mask64x2FromBits(1) }

// ZeroInt32x8 returns the vector of eight int32 zeros.
func ZeroInt32x8() lanes.Int32x8 { return lanes.Int32x8{} }

// ZeroInt64x4 returns the vector of four int64 zeros.
func ZeroInt64x4() lanes.Int64x4 { return lanes.Int64x4{} }

// ZeroInt32x16 returns the vector of sixteen int32 zeros.
func ZeroInt32x16() lanes.Int32x16 { return lanes.Int32x16{} }
