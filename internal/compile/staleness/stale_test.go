package staleness

import (
	"archive/zip"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// kernSource is the library module's kernel file; step is what each
// thread adds, which the edit changes.
func kernSource(step string) string {
	return `package kern

import "github.com/gocuda/gocuda/gocuda"

// AddKernel adds the step to every element of x, one thread per element.
//
//gocuda:kernel AddKernel
func add(t *gocuda.Thread, x []int32) {
	if i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(x) {
		x[i] += ` + step + `
	}
}

// Sum launches AddKernel over n zeros and returns their sum.
func Sum(n int) (int, error) {
	x := make([]int32, n)
	if err := gocuda.Default().Launch(gocuda.Config{Grid: gocuda.Dim3{X: (n + 127) / 128}, Block: gocuda.Dim3{X: 128}}, AddKernel(x)); err != nil {
		return 0, err
	}
	s := 0
	for _, v := range x {
		s += int(v)
	}
	return s, nil
}
`
}

const appSource = `package main

import (
	"fmt"
	"os"

	"example.com/kern"
)

func main() {
	s, err := kern.Sum(1000)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println("sum", s)
}
`

// A scratch is the modules of one test run: the library example.com/kern
// with a stale generated file (generated with step 1, then edited to add
// 2), served by a file proxy, and the tool that generated it.
type scratch struct {
	dir, root, tool string
	env             []string
}

var (
	scratchOnce sync.Once
	shared      *scratch
	scratchErr  error
)

// setup returns the test run's scratch modules, made once.
func setup(t *testing.T) *scratch {
	t.Helper()
	if testing.Short() {
		t.Skip("builds scratch modules")
	}
	scratchOnce.Do(func() { shared, scratchErr = newScratch() })
	require.NoError(t, scratchErr)
	return shared
}

func newScratch() (*scratch, error) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "gocuda-staleness")
	if err != nil {
		return nil, err
	}
	modcache, err := goEnv("GOMODCACHE")
	if err != nil {
		return nil, err
	}
	s := &scratch{dir: dir, root: root, tool: filepath.Join(dir, "bin", "gocudacompile")}
	// Modules come from the file proxy (example.com/kern) or the module
	// cache's own download tree: no network.
	s.env = append(os.Environ(), "GOFLAGS=-mod=mod -modcacherw", "GOSUMDB=off", "GOWORK=off",
		"GOPROXY=file://"+filepath.Join(dir, "proxy")+",file://"+filepath.Join(modcache, "cache", "download"),
		"GOMODCACHE="+filepath.Join(dir, "modcache"), "GOCUDA_STRICT=")
	if _, err := s.goCmd(root, "build", "-o", s.tool, "./internal/compile/gocudacompile"); err != nil {
		return nil, err
	}
	kern := filepath.Join(dir, "kern")
	if err := s.module(kern, "example.com/kern", "", map[string]string{"kern.go": kernSource("1")}); err != nil {
		return nil, err
	}
	if out, err := s.run(kern, s.tool, "."); err != nil {
		return nil, fmt.Errorf("gocuda compile: %v\n%s", err, out)
	}
	if err := os.WriteFile(filepath.Join(kern, "kern.go"), []byte(kernSource("2")), 0o666); err != nil {
		return nil, err
	}
	return s, s.publish(kern, "example.com/kern", "v1.0.0")
}

// module writes a module at dir with the files, requiring gocuda (from
// the repository) and the extra requirement lines.
func (s *scratch) module(dir, path, extra string, files map[string]string) error {
	mod := "module " + path + "\n\ngo 1.26.0\n\nrequire github.com/gocuda/gocuda v0.0.0\n" + extra +
		"\nreplace github.com/gocuda/gocuda => " + s.root + "\n"
	files["go.mod"] = mod
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			return err
		}
	}
	return nil
}

// publish puts the module at dir in the file proxy as version v, as a
// module author would publish it.
func (s *scratch) publish(dir, path, v string) error {
	at := filepath.Join(s.dir, "proxy", path, "@v")
	if err := os.MkdirAll(at, 0o777); err != nil {
		return err
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return err
		}
		w, err := zw.Create(path + "@" + v + "/" + e.Name())
		if err != nil {
			return err
		}
		w.Write(b)
	}
	if err := zw.Close(); err != nil {
		return err
	}
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return err
	}
	for name, b := range map[string][]byte{v + ".zip": buf.Bytes(), v + ".mod": mod, v + ".info": []byte(`{"Version":"` + v + `"}`), "list": []byte(v + "\n")} {
		if err := os.WriteFile(filepath.Join(at, name), b, 0o666); err != nil {
			return err
		}
	}
	return nil
}

// run runs a command in dir with the scratch environment.
func (s *scratch) run(dir, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, s.env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func (s *scratch) goCmd(dir string, args ...string) (string, error) {
	out, err := s.run(dir, "go", args...)
	if err != nil {
		return out, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out, nil
}

func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	return strings.TrimSpace(string(out)), err
}

// app writes a main module at dir that prints kern.Sum(1000), with the
// requirement of example.com/kern given as extra go.mod lines.
func (s *scratch) app(t *testing.T, dir, extra string) {
	t.Helper()
	require.NoError(t, s.module(dir, "example.com/app", extra, map[string]string{"main.go": appSource}))
}

// expectStale runs the binary at bin from another directory, and expects
// the edited kernel's result, computed on the runtime path, with one
// warning naming the fix; and, under GOCUDA_STRICT=1, a failed launch.
func (s *scratch) expectStale(t *testing.T, bin string) {
	t.Helper()
	elsewhere := t.TempDir()
	out, err := s.run(elsewhere, bin)
	require.NoError(t, err, out)
	assert.Contains(t, out, "sum 2000", "the kernel as edited ran")
	assert.Equal(t, 1, strings.Count(out, "kernel add changed since gocuda compile generated its compiled form (go generate example.com/kern compiles it again)"), out)
	assert.Contains(t, out, "kern.go:5: ", "the warning names the kernel's file and first line")

	cmd := exec.Command(bin)
	cmd.Dir, cmd.Env = elsewhere, append(s.env, "GOCUDA_STRICT=1")
	strict, err := cmd.CombinedOutput()
	assert.Error(t, err, "GOCUDA_STRICT=1 fails the launch")
	assert.Contains(t, string(strict), "device kernel image is invalid")
	assert.NotContains(t, string(strict), "sum ")
}

// TestStaleKernelNeverRuns builds a program using the stale library the
// ways a user's program is built, and runs it.
func TestStaleKernelNeverRuns(t *testing.T) {
	s := setup(t)
	local := "require example.com/kern v0.0.0\nreplace example.com/kern => " + filepath.Join(s.dir, "kern") + "\n"
	published := "require example.com/kern v1.0.0\n"
	for _, c := range []struct {
		name, extra string
		build       []string
	}{
		{"go build", local, []string{"build", "-o", "app"}},
		{"-trimpath", local, []string{"build", "-trimpath", "-o", "app"}},
		{"module cache", published, []string{"build", "-o", "app"}},
		{"vendor", published, []string{"build", "-mod=vendor", "-o", "app"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			s.app(t, dir, c.extra)
			if c.name == "vendor" {
				_, err := s.goCmd(dir, "mod", "tidy")
				require.NoError(t, err)
				_, err = s.goCmd(dir, "mod", "vendor")
				require.NoError(t, err)
				require.FileExists(t, filepath.Join(dir, "vendor", "example.com", "kern", "kern_gocuda.go"))
			}
			_, err := s.goCmd(dir, c.build...)
			require.NoError(t, err)
			s.expectStale(t, filepath.Join(dir, "app"))
		})
	}
	t.Run("go run", func(t *testing.T) {
		dir := t.TempDir()
		s.app(t, dir, local)
		out, err := s.goCmd(dir, "run", ".")
		require.NoError(t, err)
		assert.Contains(t, out, "sum 2000")
		assert.Contains(t, out, "kern.go:5: kernel add changed since gocuda compile")
	})
}

// TestCompileCheck: gocuda compile -check lists the stale generated file
// and fails; once regenerated it passes, and the kernel runs compiled,
// with no warning.
func TestCompileCheck(t *testing.T) {
	s := setup(t)
	kern := filepath.Join(t.TempDir(), "kern")
	require.NoError(t, os.CopyFS(kern, os.DirFS(filepath.Join(s.dir, "kern"))))
	before, err := os.ReadFile(filepath.Join(kern, "kern_gocuda.go"))
	require.NoError(t, err)

	out, err := s.run(kern, s.tool, "-check", ".")
	require.Error(t, err, "a stale file fails -check")
	assert.Contains(t, out, "kern_gocuda.go: stale")
	after, err := os.ReadFile(filepath.Join(kern, "kern_gocuda.go"))
	require.NoError(t, err)
	assert.Equal(t, before, after, "-check writes nothing")

	out, err = s.run(kern, s.tool, ".")
	require.NoError(t, err, out)
	out, err = s.run(kern, s.tool, "-check", ".")
	require.NoError(t, err, out)

	dir := t.TempDir()
	s.app(t, dir, "require example.com/kern v0.0.0\nreplace example.com/kern => "+kern+"\n")
	_, err = s.goCmd(dir, "build", "-o", "app")
	require.NoError(t, err)
	out, err = s.run(t.TempDir(), filepath.Join(dir, "app"))
	require.NoError(t, err, out)
	assert.Equal(t, "sum 2000\n", out, "compiled, current: no warning")
}

// TestOtherVersionFailsToBuild: a generated file written for another
// version of package compiled fails to build at the line that names the
// version, whose comment says to run go generate.
func TestOtherVersionFailsToBuild(t *testing.T) {
	s := setup(t)
	kern := filepath.Join(t.TempDir(), "kern")
	require.NoError(t, os.CopyFS(kern, os.DirFS(filepath.Join(s.dir, "kern"))))
	path := filepath.Join(kern, "kern_gocuda.go")
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	old := strings.Replace(string(src), "compiled.GeneratedCodeVersion4", "compiled.GeneratedCodeVersion3", 1)
	require.NotEqual(t, string(src), old, "the generated file names its version")
	require.NoError(t, os.WriteFile(path, []byte(old), 0o666))

	out, err := s.run(kern, "go", "build", ".")
	require.Error(t, err)
	assert.Contains(t, out, "undefined: compiled.GeneratedCodeVersion3")
	line := strings.Count(old[:strings.Index(old, "const _ = compiled.")], "\n") + 1
	assert.Contains(t, out, fmt.Sprintf("kern_gocuda.go:%d:", line), "the error is at the version's line, under its comment")
}
