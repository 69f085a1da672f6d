package compiled_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
)

// TestExitedRecords: AllExited and NoneExited read a block's record of
// exited threads as a loop over it would, for records of every length
// up to 70 with no thread, one thread, all but one and every thread
// returned.
func TestExitedRecords(t *testing.T) {
	for n := range 71 {
		var records [][]bool
		records = append(records, make([]bool, n))
		for i := range n {
			one := make([]bool, n)
			one[i] = true
			others := slices.Repeat([]bool{true}, n)
			others[i] = false
			records = append(records, one, others)
		}
		records = append(records, slices.Repeat([]bool{true}, n))
		for _, r := range records {
			all := n > 0 && !slices.Contains(r, false)
			none := !slices.Contains(r, true)
			require.Equal(t, all, compiled.AllExited(r), "AllExited(%v)", r)
			require.Equal(t, none, compiled.NoneExited(r), "NoneExited(%v)", r)
		}
	}
}
