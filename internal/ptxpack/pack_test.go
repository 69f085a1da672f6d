package ptxpack_test

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/ptxpack"
)

// goldenModules returns the PTX goldens of package kernels' kernels, in
// name order: real modules, long and alike, as a pack holds them.
func goldenModules(t testing.TB) []ptxpack.Module {
	paths, err := filepath.Glob("../compile/ptx/testdata/kernels/*.ptx")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	var out []ptxpack.Module
	for _, p := range paths {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		out = append(out, ptxpack.Module{Entry: strings.TrimSuffix(filepath.Base(p), ".ptx"), Text: string(b)})
	}
	return out
}

// TestRoundTrip: every module comes back byte for byte, from Decode and
// from a Pack, and the encoding is lines of Width.
func TestRoundTrip(t *testing.T) {
	for name, mods := range map[string][]ptxpack.Module{
		"goldens": goldenModules(t),
		"edges": {
			{Entry: "empty", Text: ""},
			{Entry: "blank_first", Text: "\n\nafter two newlines"},
			{Entry: "no_newline", Text: "x 12\n\nnot a header"},
			{Entry: "unicode", Text: "// λ, ×\n"},
		},
		"none": nil,
	} {
		t.Run(name, func(t *testing.T) {
			enc, err := ptxpack.Encode(mods)
			require.NoError(t, err)
			lines := strings.Split(strings.TrimSuffix(enc, "\n"), "\n")
			for i, l := range lines {
				if i < len(lines)-1 {
					assert.Len(t, l, ptxpack.Width, "line %d", i)
				} else {
					assert.LessOrEqual(t, len(l), ptxpack.Width)
				}
			}
			got, err := ptxpack.Decode(enc)
			require.NoError(t, err)
			require.Equal(t, len(mods), len(got))
			p := ptxpack.New(enc)
			for i, m := range mods {
				assert.Equal(t, m, got[i])
				text, err := p.Text(m.Entry)
				require.NoError(t, err)
				assert.True(t, text == m.Text, "%s: not the same bytes", m.Entry)
			}
			_, err = p.Text("absent")
			assert.ErrorContains(t, err, `no module "absent"`)
			assert.NotErrorIs(t, err, ptxpack.ErrCorrupt)
		})
	}
}

// TestDeterministic: the same modules give the same bytes, in this
// process and in the one that wrote package compiled's example (a change
// of compress/flate's output would make every committed pack stale).
func TestDeterministic(t *testing.T) {
	mods := goldenModules(t)
	a, err := ptxpack.Encode(mods)
	require.NoError(t, err)
	b, err := ptxpack.Encode(mods)
	require.NoError(t, err)
	assert.True(t, a == b)
	small, err := ptxpack.Encode([]ptxpack.Module{
		{Entry: "saxpy", Text: ".version 8.0\n.target sm_70\n.address_size 64\n\n.visible .entry saxpy(\n"},
		{Entry: "scale", Text: ".version 8.0\n.target sm_70\n.address_size 64\n\n.visible .entry scale(\n"},
	})
	require.NoError(t, err)
	assert.Equal(t, "eNqkzkEKwjAQheH9nOItuxoqSO1typgMJVjbkBel8fQSr+DuLR4f/3qEVzTkeiJbeOAitDM3TLMw2OZ9iL69MB07Zh1Fq5XV\n"+
		"K/hcbqOoxVicXJg+junaz4npvjnU91oaft7wp9FTBvkGAAD//wPBOCQ=\n", small)
}

// TestConcurrentFirstUse: goroutines racing to be the first to ask a
// Pack for a module all get theirs (run with -race).
func TestConcurrentFirstUse(t *testing.T) {
	mods := goldenModules(t)
	enc, err := ptxpack.Encode(mods)
	require.NoError(t, err)
	p := ptxpack.New(enc)
	var wg sync.WaitGroup
	for i := range 16 {
		m := mods[i*7%len(mods)]
		wg.Go(func() {
			text, err := p.Text(m.Entry)
			assert.NoError(t, err)
			assert.True(t, text == m.Text, "%s", m.Entry)
		})
	}
	wg.Wait()
}

// TestCorrupt: a pack that does not decode gives an error wrapping
// ErrCorrupt, from Decode and from every call of a Pack's Text.
func TestCorrupt(t *testing.T) {
	enc, err := ptxpack.Encode([]ptxpack.Module{{Entry: "k", Text: strings.Repeat("ld.global.f32 %f1, [%rd1];\n", 40)}})
	require.NoError(t, err)
	z, err := base64.StdEncoding.DecodeString(enc)
	require.NoError(t, err)
	flipped := append([]byte(nil), z...)
	flipped[len(flipped)/2] ^= 0x10
	for name, bad := range map[string]string{
		"empty":          "",
		"not base64":     "!!!!",
		"not zlib":       base64.StdEncoding.EncodeToString([]byte("plain text, not compressed")),
		"truncated":      base64.StdEncoding.EncodeToString(z[:len(z)-5]),
		"flipped bit":    base64.StdEncoding.EncodeToString(flipped),
		"bad header":     packOf(t, "gocuda ptx pack 1\nk 999\n\nshort"),
		"other version":  packOf(t, "gocuda ptx pack 2\n\n"),
		"trailing bytes": packOf(t, "gocuda ptx pack 1\nk 2\n\nabc"),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := ptxpack.Decode(bad)
			assert.ErrorIs(t, err, ptxpack.ErrCorrupt)
			p := ptxpack.New(bad)
			for range 2 {
				_, err := p.Text("k")
				assert.ErrorIs(t, err, ptxpack.ErrCorrupt)
			}
		})
	}
	var zero ptxpack.Pack
	_, err = zero.Text("k")
	assert.ErrorIs(t, err, ptxpack.ErrCorrupt, "the zero Pack holds no modules")
}

// packOf returns raw, a decompressed pack, compressed and encoded as a
// pack is, whatever it holds.
func packOf(t *testing.T, raw string) string {
	enc, err := ptxpack.EncodeRaw([]byte(raw))
	require.NoError(t, err)
	return enc
}

// TestEncodeRejects: an entry that is empty, has a space or a newline,
// or is repeated has no place in a pack.
func TestEncodeRejects(t *testing.T) {
	for _, entries := range [][]string{{""}, {"a b"}, {"a\nb"}, {"k", "k"}} {
		var mods []ptxpack.Module
		for _, e := range entries {
			mods = append(mods, ptxpack.Module{Entry: e, Text: "t"})
		}
		_, err := ptxpack.Encode(mods)
		assert.Error(t, err, "%q", entries)
	}
}
