package fuzz

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/gocuda/gocuda/internal/compile"
)

// bisectGenerate finds the kernels the compiler fails on alone, compiling
// halves of the batch in packages of their own.
func (b *batch) bisectGenerate() (map[string]string, error) {
	var live []*Kernel
	for _, r := range b.results {
		if !b.dropped[r.Kernel.Name] {
			live = append(live, r.Kernel)
		}
	}
	bad := map[string]string{}
	var search func(ks []*Kernel) error
	search = func(ks []*Kernel) error {
		dir, err := os.MkdirTemp(b.opt.Dir, "tmp-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		for _, k := range ks {
			if err := os.WriteFile(filepath.Join(dir, k.Name+".go"), []byte(k.File("main")), 0o666); err != nil {
				return err
			}
		}
		_, err = b.generateDir(dir)
		switch {
		case err == nil:
			return nil
		case len(ks) == 1:
			bad[ks[0].Name] = err.Error()
			return nil
		}
		if err := search(ks[:len(ks)/2]); err != nil {
			return err
		}
		return search(ks[len(ks)/2:])
	}
	return bad, search(live)
}

// build builds the batch's driver, dropping the kernels whose generated
// code does not build.
func (b *batch) build() error {
	for {
		cmd := exec.Command("go", "build", "-o", "fuzzdriver", ".")
		cmd.Dir = b.dir
		cmd.Env = env()
		out, err := cmd.CombinedOutput()
		if err == nil {
			return nil
		}
		bad := map[string]string{}
		for name := range b.culprits(string(out)) {
			bad[name] = linesNaming(string(out), name)
		}
		if len(bad) == 0 { // the errors name no file of a kernel: find them
			if bad, err = b.bisectBuild(); err != nil || len(bad) == 0 {
				return fmt.Errorf("building the batch's driver: %v\n%s", err, out)
			}
		}
		for name, msg := range bad {
			b.drop(name, Failure{Kind: FailBuild, Detail: msg})
		}
		if err := b.regenerate(); err != nil {
			return err
		}
	}
}

// regenerate compiles the batch's package again once kernels were
// dropped, and writes what it generates in place of the files before:
// the tables a package's generated files share (a vector step's lane
// indices) are declared in one of them, which may have been a dropped
// kernel's, and the kernels using them would fail to build in turn, a
// second report of one failure.
func (b *batch) regenerate() error {
	files, err := b.generateDir(b.dir)
	if err != nil {
		return fmt.Errorf("compiling the batch again without the kernels dropped: %v", err)
	}
	return writeGenerated(b.dir, files)
}

// writeGenerated replaces the generated files in dir with files.
func writeGenerated(dir string, files []*compile.File) error {
	old, _ := filepath.Glob(filepath.Join(dir, "*_gocuda*.go"))
	for _, path := range old {
		if err := os.Remove(path); err != nil {
			return err
		}
	}
	for _, f := range files {
		if err := os.WriteFile(f.Path, f.Source, 0o666); err != nil {
			return err
		}
	}
	return nil
}

// bisectBuild finds the kernels whose files do not build alone, building
// halves of the batch in packages of their own.
func (b *batch) bisectBuild() (map[string]string, error) {
	bad := map[string]string{}
	var search func(names []string) error
	search = func(names []string) error {
		dir, err := os.MkdirTemp(b.opt.Dir, "tmp-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		files := []string{"main.go"}
		for _, name := range names {
			files = append(files, name+".go", name+"_run.go")
		}
		for _, f := range files {
			src, err := os.ReadFile(filepath.Join(b.dir, f))
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, f), src, 0o666); err != nil {
				return err
			}
		}
		// The halves are compiled anew: the tables their generated files
		// read may be declared in the other half's.
		gen, err := b.generateDir(dir)
		if err == nil {
			err = writeGenerated(dir, gen)
		}
		if err != nil {
			return err
		}
		cmd := exec.Command("go", "build", "-o", "fuzzdriver", ".")
		cmd.Dir, cmd.Env = dir, env()
		out, err := cmd.CombinedOutput()
		switch {
		case err == nil:
			return nil
		case len(names) == 1:
			bad[names[0]] = strings.TrimSpace(string(out))
			return nil
		}
		if err := search(names[:len(names)/2]); err != nil {
			return err
		}
		return search(names[len(names)/2:])
	}
	var live []string
	for _, r := range b.results {
		if !b.dropped[r.Kernel.Name] {
			live = append(live, r.Kernel.Name)
		}
	}
	return bad, search(live)
}

// env is the driver's environment: compiled kernels on.
func env() []string {
	return slices.DeleteFunc(os.Environ(), func(s string) bool { return strings.HasPrefix(s, "GOCUDA_COMPILED=") })
}

// linesNaming returns the lines of out that name the kernel's files.
func linesNaming(out, name string) string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, name+".go:") || strings.Contains(l, name+"_gocuda.go:") || strings.Contains(l, name+"_gocuda_simd.go:") || strings.Contains(l, name+"_run.go:") {
			lines = append(lines, strings.TrimSpace(l))
		}
	}
	return strings.Join(lines, "\n")
}

// An outcome is one line of the driver's output.
type outcome struct {
	Kernel string `json:"kernel"`
	Shape  int    `json:"shape"`
	Status string `json:"status"`
	Detail string `json:"detail"`
}

// launch runs the driver until it has launched every kernel it was built
// with, dropping a kernel that crashes or hangs the driver.
func (b *batch) launch() error {
	done := map[string]bool{}
	for {
		var skip []string
		for name := range b.byName {
			if b.dropped[name] || done[name] {
				skip = append(skip, name)
			}
		}
		last, stderr, err := b.runDriver(skip, done)
		if err == nil {
			return nil
		}
		if last == "" {
			return fmt.Errorf("running the batch's driver: %v\n%s", err, stderr)
		}
		b.drop(last, Failure{Kind: FailCrash, Detail: fmt.Sprintf("%v\n%s", err, tail(stderr, 3000))})
	}
}

// runDriver runs the driver once, recording outcomes, and returns the
// kernel it was running when it ended.
func (b *batch) runDriver(skip []string, done map[string]bool) (last string, stderr []byte, err error) {
	timeout := b.opt.Timeout
	if timeout == 0 {
		timeout = 5 * time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(b.dir, "fuzzdriver"), "-skip="+strings.Join(skip, ","))
	cmd.Env = env()
	var stdout, errBuf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &errBuf
	err = cmd.Run()
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var o outcome
		if json.Unmarshal(sc.Bytes(), &o) != nil || b.byName[o.Kernel] == nil {
			continue
		}
		last = o.Kernel
		if o.Status == "start" {
			continue
		}
		if o.Shape == len(Shapes)-1 {
			done[o.Kernel], last = true, ""
		}
		b.record(o)
	}
	return last, errBuf.Bytes(), err
}

// record adds the failure an outcome reports, if any.
func (b *batch) record(o outcome) {
	r := b.byName[o.Kernel]
	kind := map[string]string{"mismatch": FailMismatch, "compiled-error": FailCompiled,
		"runtime-error": FailRuntime, "both-error": FailRuntime}[o.Status]
	switch {
	case o.Status == "ok":
		return
	case kind == "":
		kind = o.Status
	case !r.Compiled && kind == FailMismatch:
		kind = FailRefused
	}
	r.Failures = append(r.Failures, Failure{Kind: kind, Shape: Shapes[o.Shape].String(), Detail: o.Detail})
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}
