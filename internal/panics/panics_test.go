package panics_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/panics"
	"github.com/gocuda/gocuda/probe"
)

func capture(f func()) (r panics.Report) {
	defer func() { r = panics.Capture(recover()) }()
	f()
	return r
}

//go:noinline
func indexOutOfRange(s []int, i int) int { return s[i] }

func TestCaptureFindsThePanickingFrame(t *testing.T) {
	for name, tc := range map[string]struct {
		f        func()
		function string
		illegal  bool
	}{
		"panic":     {func() { panic("boom") }, "TestCaptureFindsThePanickingFrame", false},
		"index":     {func() { indexOutOfRange(nil, 3) }, "panics_test.indexOutOfRange", true},
		"nil map":   {func() { var m map[int]int; m[1] = 1 }, "TestCaptureFindsThePanickingFrame", false},
		"nil deref": {func() { var p *int; *p = 1 }, "TestCaptureFindsThePanickingFrame", true},
		"slice":     {func() { s := []int{1}; n := 5; _ = s[:n] }, "TestCaptureFindsThePanickingFrame", true},
		"error":     {func() { panic(errors.New("e")) }, "TestCaptureFindsThePanickingFrame", false},
		// An instrumented kernel's s[i] panics in package probe.
		"probe": {func() { _ = *probe.Index(nil, nil, []int{1}, 3) }, "TestCaptureFindsThePanickingFrame", true},
		// Its s[i] = v panics in probe.Store.
		"probe store": {func() { probe.Store(nil, nil, []int{1}, 3, 0) }, "TestCaptureFindsThePanickingFrame", true},
	} {
		t.Run(name, func(t *testing.T) {
			r := capture(tc.f)
			require.NotNil(t, r.Value)
			assert.Contains(t, r.Site.Function, tc.function)
			assert.True(t, strings.HasSuffix(r.Site.File, "panics_test.go"), r.Site.File)
			assert.NotEmpty(t, r.Stack)
			assert.Equal(t, tc.illegal, panics.IllegalAddress(r.Value))
		})
	}
}
