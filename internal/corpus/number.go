package corpus

// number is the element types of the kernels that CUDA writes as templates
// over T.
type number interface {
	~int32 | ~uint32 | ~int64 | ~float32 | ~float64
}
