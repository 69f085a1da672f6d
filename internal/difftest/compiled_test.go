package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/corpus/ledger"
)

// TestEveryKernelCompiles: gocuda compile leaves no kernel of this
// package on the runtime path, so that every difference test compares
// compiled code with the runtime path (a refused kernel would run the
// runtime path twice, and its test could not fail).
func TestEveryKernelCompiles(t *testing.T) {
	refused, err := ledger.Refusals(".")
	require.NoError(t, err)
	require.Empty(t, refused)
}
