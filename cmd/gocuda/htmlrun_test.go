package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/probe/record"
)

// TestProfileSeveralGPUs: -gpu a,b runs the tests once per preset, each
// with its own GPU and architecture, and -json and -html show both runs'
// profiles: the page a section per kernel on the first, with the second
// as a column.
func TestProfileSeveralGPUs(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "k.go")
	require.NoError(t, os.WriteFile(src, []byte(htmlKernel), 0o644))
	var envs [][]string
	goCmd := func(_ string, _, env []string, stdout, _ io.Writer) (int, error) {
		envs = append(envs, env)
		i := slices.IndexFunc(env, func(e string) bool { return strings.HasPrefix(e, record.EnvOut+"=") })
		f, err := os.OpenFile(strings.TrimPrefix(env[i], record.EnvOut+"="), os.O_APPEND|os.O_WRONLY, 0)
		require.NoError(t, err)
		defer f.Close()
		gpu := map[bool]string{true: "H100 SXM5", false: "GeForce 8800 GTX"}[slices.Contains(env, record.EnvGPU+"=gh100")]
		return 0, json.NewEncoder(f).Encode(record.Record{Profile: testProfile(src, gpu)})
	}
	page := filepath.Join(dir, "p.html")
	var stdout, stderr bytes.Buffer
	code := profile([]string{"-json", "-html", page, "-gpu", "gh100,g80", "./pkg"}, &stdout, &stderr,
		func(r *probeRun) { r.goCmd, r.instrument = goCmd, fakeInstrument })
	require.Equal(t, exitOK, code, "stderr:\n%s", &stderr)
	require.Len(t, envs, 2, "a run per preset")
	assert.Contains(t, envs[0], record.EnvGPU+"=gh100")
	assert.Contains(t, envs[0], record.EnvArch+"=sm_90")
	assert.Contains(t, envs[1], record.EnvGPU+"=g80")
	assert.Contains(t, envs[1], record.EnvArch+"=sm_10")

	var ps []*record.KernelProfile
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &ps))
	require.Len(t, ps, 2)
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(string(html), `<section class="kernel"`))
	assert.Contains(t, string(html), `data-gpu="GeForce 8800 GTX" data-metric="predicted_ns"`)
}
