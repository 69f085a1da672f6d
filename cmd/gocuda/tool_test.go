package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
)

// toolModules are the modules a user's go.mod requires once it has
// gocuda and its command as a tool, each for a reason: gocuda; cpuid, the
// CPU's features and caches (gocuda's properties and compiled's SIMD
// check), which needs golang.org/x/sys; and golang.org/x/tools, whose
// go/packages the compiler loads kernels with, which needs x/mod and
// x/sync. The charting of gocuda bench and the pprof writer of gocuda
// profile use the standard library only, and nothing the command imports
// outside tests imports goleak. A module added here is one more line in
// every user's go.mod: issue 81 asks for five at most, which needs cpuid
// or go/packages gone.
var toolModules = []string{
	"github.com/gocuda/gocuda",
	"github.com/klauspost/cpuid/v2",
	"golang.org/x/mod",
	"golang.org/x/sync",
	"golang.org/x/sys",
	"golang.org/x/tools",
}

// toolKernel is a user's program with a kernel, compiled by the tool.
// Its go:generate line is split so that go generate in this repository
// does not take it for one of its own.
const toolKernel = "package main\n\n//go:" + `generate go tool gocuda compile

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// ReverseKernel returns a kernel that reverses in into out through shared
// memory.
//
//gocuda:kernel ReverseKernel
func reverse(t *gocuda.Thread, in, out []float32) {
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	s[t.ThreadIdx.X] = in[t.ThreadIdx.X]
	t.SyncThreads()
	out[t.ThreadIdx.X] = s[t.BlockDim.X-1-t.ThreadIdx.X]
}

func main() {
	in, out := []float32{1, 2, 3, 4}, make([]float32, 4)
	err := gocuda.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: 1, Z: 1}, Block: gocuda.Dim3{X: 4, Y: 1, Z: 1}}, ReverseKernel(in, out))
	fmt.Println(out, err)
}
`

// TestToolInFreshModule follows the tutorial's quick path in a new module:
// go get gocuda, add the command as a tool with one go get -tool, go mod
// tidy, then go generate with go tool gocuda compile and go run. It checks
// the modules go.mod then requires (toolModules, no more), and that the
// compiled kernel runs. It uses only the module cache (GOPROXY=off), with
// this repository as gocuda (a replace), and skips if the cache lacks a
// module.
func TestToolInFreshModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command in a scratch module")
	}
	t.Parallel()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gomod := "module example.com/user\n\ngo 1.26.0\n\nreplace github.com/gocuda/gocuda => " + root + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o666); err != nil {
		t.Fatal(err)
	}
	goCmd := func(args ...string) (string, error) {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOSUMDB=off", "GOWORK=off", "GOTOOLCHAIN=local")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	for _, args := range [][]string{{"get", "github.com/gocuda/gocuda"}, {"get", "-tool", "github.com/gocuda/gocuda/cmd/gocuda"}} {
		if out, err := goCmd(args...); err != nil {
			skipIfNotCached(t, out)
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	if out, err := goCmd("mod", "tidy"); err != nil {
		// Tidy also reads the tests of the modules' packages, for go.sum
		// only: a module they import may be missing from the cache, which
		// tidy -e passes over, leaving go.mod as tidy writes it.
		if !strings.Contains(out, "disabled by GOPROXY=off") {
			t.Fatalf("go mod tidy: %v\n%s", err, out)
		}
		if out, err := goCmd("mod", "tidy", "-e"); err != nil {
			t.Fatalf("go mod tidy -e: %v\n%s", err, out)
		}
	}
	checkToolModules(t, filepath.Join(dir, "go.mod"))

	if out, err := goCmd("tool", "gocuda", "version"); err != nil || !strings.HasPrefix(out, "gocuda ") {
		t.Fatalf("go tool gocuda version: %v\n%s", err, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(toolKernel), 0o666); err != nil {
		t.Fatal(err)
	}
	if out, err := goCmd("generate"); err != nil {
		t.Fatalf("go generate (go tool gocuda compile): %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "main_gocuda.go")); err != nil {
		t.Errorf("go tool gocuda compile wrote no main_gocuda.go: %v", err)
	}
	if out, err := goCmd("run", "."); err != nil || strings.TrimSpace(out) != "[4 3 2 1] <nil>" {
		t.Errorf("go run: %v\n%s\nwant [4 3 2 1] <nil>", err, out)
	}
}

// skipIfNotCached skips the test if the go command's output says a module
// it needed is not in the module cache.
func skipIfNotCached(t *testing.T, out string) {
	t.Helper()
	if strings.Contains(out, "disabled by GOPROXY=off") {
		t.Skipf("a module is not in the module cache, and the test uses no network:\n%s", out)
	}
}

// checkToolModules checks that the go.mod at name requires toolModules,
// no more and no fewer.
func checkToolModules(t *testing.T, name string) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse(name, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range f.Require {
		got = append(got, r.Mod.Path)
	}
	slices.Sort(got)
	if !slices.Equal(got, toolModules) {
		t.Errorf("a module with gocuda as a tool requires %d modules:\n%s\nwant the %d of toolModules:\n%s\ngo.mod:\n%s",
			len(got), strings.Join(got, "\n"), len(toolModules), strings.Join(toolModules, "\n"), data)
	}
	if len(f.Tool) != 1 || f.Tool[0].Path != "github.com/gocuda/gocuda/cmd/gocuda" {
		t.Errorf("go.mod's tools: %v, want github.com/gocuda/gocuda/cmd/gocuda", f.Tool)
	}
}

// TestQuickPathDocumented checks that the compiled-kernels tutorial opens
// with the quick path TestToolInFreshModule follows, and that the docs
// for users generate with the tool, not with go run of the command.
func TestQuickPathDocumented(t *testing.T) {
	data, err := os.ReadFile("../../docs/tutorials/compiled-kernels.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(data), "```sh\n")
	quick, _, _ := strings.Cut(rest, "```")
	for _, want := range []string{
		"go get github.com/gocuda/gocuda",
		"go get -tool github.com/gocuda/gocuda/cmd/gocuda",
		"//go:generate go tool gocuda compile",
		"go generate ./...",
		"go run .",
	} {
		if !strings.Contains(quick, want) {
			t.Errorf("the tutorial's first sh block lacks %q:\n%s", want, quick)
		}
	}
	for _, doc := range []string{"../../README.md", "../../docs/tutorials/compiled-kernels.md"} {
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), "//go:generate go run github.com/gocuda/gocuda/cmd/gocuda") {
			t.Errorf("%s generates with go run of the command: users add it as a tool (go tool gocuda compile)", doc)
		}
	}
}
