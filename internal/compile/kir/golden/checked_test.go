package golden_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCheckedSteps: the checked form of a rebased loop runs vector steps
// only where a row's check fails for every block alike (kir's
// checkedSteps); a grid's edge runs it scalar.
func TestCheckedSteps(t *testing.T) {
	_, srcs := sources(t, "src/checked")
	steps := func(name string) int { return strings.Count(trace(t, srcs[name]), "+7 < ") }
	assert.Greater(t, steps("hillisSteele"), steps("edge"), "hillisSteele's checked form has steps")
	assert.Equal(t, 1, steps("edge"), "edge's checked form runs scalar")
}
