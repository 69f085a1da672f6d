package compiled_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled"
)

// TestAhead: Ahead reports whether its function returned, false where it
// panicked (an index out of range, as a load run ahead meets it), and
// what the function did before it panicked stays done.
func TestAhead(t *testing.T) {
	in := []float32{1, 2, 3}
	out := make([]float32, 4)
	assert.True(t, compiled.Ahead(func() { copy(out, in) }))
	assert.Equal(t, []float32{1, 2, 3, 0}, out)
	n := 0
	assert.False(t, compiled.Ahead(func() {
		for i := range out {
			out[i] = in[i] * 2
			n++
		}
	}))
	assert.Equal(t, 3, n)
	assert.Equal(t, []float32{2, 4, 6, 0}, out)
}
