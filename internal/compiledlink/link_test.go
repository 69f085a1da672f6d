package compiledlink

import (
	"bytes"
	"os"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/srchash"
)

type thread struct{ rank int }

func TestEngineRoundTrip(t *testing.T) {
	saved := engine
	t.Cleanup(func() { engine = saved })

	Set(Engine[*thread, [3]int]{
		Misuse: func(sentinel error, msg string) error { return sentinel },
	})
	e := Get[*thread, [3]int]()
	require.NotNil(t, e.Misuse)
	assert.Equal(t, os.ErrInvalid, e.Misuse(os.ErrInvalid, "x"))
	assert.Panics(t, func() { Get[*thread, int]() }, "other types are a programming error")
}

func TestSource(t *testing.T) {
	src := []byte("package k\n\n// k does nothing.\nfunc k() {\n}\n")
	files := fstest.MapFS{"k.go": {Data: src}}
	hash := srchash.Sum(srchash.Span(src, 3, 5))

	assert.True(t, NewSource(files, "m/k", "k", hash, []string{"k.go:3-5"}).Current())
	assert.False(t, NewSource(nil, "m/k", "k", hash, []string{"k.go:3-5"}).Current(), "no files: cannot be shown current")
	assert.False(t, NewSource(files, "m/k", "k", hash, []string{"absent.go:3-5"}).Current(), "no file: cannot be shown current")

	var warnings bytes.Buffer
	StaleWarnings = &warnings
	t.Cleanup(func() { StaleWarnings = os.Stderr })
	stale := NewSource(files, "m/k", "k", "other", []string{"k.go:3-5"})
	assert.False(t, stale.Current())
	assert.False(t, stale.Current(), "checked once")
	assert.Empty(t, warnings.String(), "Current does not warn")
	stale.Warn()
	stale.Warn()
	assert.Equal(t, "gocuda: k.go:3: kernel k changed since gocuda compile generated its compiled form (go generate m/k compiles it again); it runs on the runtime path until then\n", warnings.String())
	assert.Equal(t, "kernel k changed since gocuda compile generated its compiled form (go generate compiles it again)", NewSource(files, "", "k", "h", nil).Stale())
	assert.Equal(t, "k.go:3: kernel k changed since gocuda compile generated its compiled form (go generate in the directory of k.go compiles it again)",
		NewSource(files, "main", "k", "h", []string{"k.go:3-5"}).Stale(), "a main package has no import path")

	assert.PanicsWithValue(t, `compiled.NewSource: malformed lines "k.go"`, func() { NewSource(files, "", "k", hash, []string{"k.go"}) })
	assert.Panics(t, func() { NewSource(files, "", "k", hash, []string{"k.go:a-b"}) })
}
