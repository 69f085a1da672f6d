package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestUnscaled: the note names the sizes whose hand-written parallel loop
// ran less than scaledAtLeast times as fast as its serial one, over work
// long enough to split, and only where two cores or more ran it.
func TestUnscaled(t *testing.T) {
	hand := func(kernel, key string, n int, serialNs, parallelNs float64) []benchResult {
		return []benchResult{
			{Kernel: kernel, SizeKey: key, N: n, Variant: "handSerial", MedianNs: serialNs, Verified: true},
			{Kernel: kernel, SizeKey: key, N: n, Variant: "handParallel", MedianNs: parallelNs, Verified: true},
		}
	}
	var rs []benchResult
	rs = append(rs, hand("matmul", "n", 1024, 440e6, 425e6)...)      // one core's speed: noted
	rs = append(rs, hand("nbody", "bodies", 16384, 887e6, 449e6)...) // two cores': not
	rs = append(rs, hand("saxpy", "n", 65536, 1e5, 2e5)...)          // too short to split: not
	rs = append(rs, hand("blur", "width", 1920, 50e6, 51e6)...)      // slower than serial: noted
	rs = append(rs, benchResult{Kernel: "matmul", SizeKey: "n", N: 1024, Variant: "tiledCompiled", MedianNs: 1e6, Verified: true})
	assert.Equal(t, []string{"matmul n=1024", "blur width=1920"}, unscaled(rs, 2))
	assert.Empty(t, unscaled(rs, 1), "one core: nothing to scale")
	assert.Empty(t, unscaled(hand("scan", "n", 1<<24, 11e6, 6e6), 2))

	failed := hand("reduce", "n", 1<<24, 3e6, 3e6)
	failed[1].Verified = false
	assert.Empty(t, unscaled(failed, 2), "a failed parallel loop has no time to compare")

	var out bytes.Buffer
	writeUnscaled(&out, rs, 2)
	assert.True(t, strings.HasPrefix(out.String(), "note: hand-written parallel Go ran less than 1.25× as fast"), out.String())
	assert.Contains(t, out.String(), "on 2 cores at matmul n=1024, blur width=1920:")
	out.Reset()
	writeUnscaled(&out, hand("nbody", "bodies", 16384, 887e6, 449e6), 2)
	assert.Empty(t, out.String())
}
