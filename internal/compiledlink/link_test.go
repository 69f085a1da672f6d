package compiledlink

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

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
	dir := t.TempDir()
	src := []byte("package k\n\n// k does nothing.\nfunc k() {\n}\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "k.go"), src, 0o666))
	hash := srchash.Sum(srchash.Span(src, 3, 5))

	assert.True(t, NewSource(dir, "k", hash, []string{"k.go:3-5"}).Current())
	assert.True(t, NewSource("", "k", "other", []string{"k.go:3-5"}).Current(), "no directory: nothing to check")
	assert.True(t, NewSource(dir, "k", "other", []string{"absent.go:3-5"}).Current(), "no file: nothing to check")

	var warnings bytes.Buffer
	StaleWarnings = &warnings
	t.Cleanup(func() { StaleWarnings = os.Stderr })
	stale := NewSource(dir, "k", "other", []string{filepath.Join(dir, "k.go") + ":3-5"})
	assert.False(t, stale.Current())
	assert.False(t, stale.Current(), "checked once")
	assert.Equal(t, "gocuda: "+filepath.Join(dir, "k.go")+":3: kernel k changed since gocuda compile generated its compiled form; it runs on the runtime path until you run go generate\n", warnings.String())

	assert.PanicsWithValue(t, `compiled.NewSource: malformed lines "k.go"`, func() { NewSource(dir, "k", hash, []string{"k.go"}) })
	assert.Panics(t, func() { NewSource(dir, "k", hash, []string{"k.go:a-b"}) })
}
