package compile

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/gocuda/gocuda/internal/ptxpack"
)

// PTXPath returns the path of the file of the PTX pack generated for
// source file path (gocuda compile -gpu).
func PTXPath(path string) string {
	return strings.TrimSuffix(path, ".go") + "_gocuda_ptx.go"
}

// ptxVar returns the name of the PTX pack of the source file at path.
func ptxVar(path string) string { return genPrefix + "ptx_" + stemIdent(path) }

// ptxFile returns the file of the PTX pack of kernels, all of one source
// file, or nil where none has a GPU form; compiledName is the package's
// name for package compiled. The pack has a file of its own, which both
// builds build under the source's constraint: where splitBuilds falls
// back to a whole file per build, a pack in those would be written
// twice, and in the file of both builds it would sit among the code a
// reader follows.
func ptxFile(kernels []*Kernel, results map[*Kernel]*result, compiledName string) (*File, error) {
	var mods []ptxpack.Module
	for _, k := range kernels {
		for _, g := range results[k].gpu {
			mods = append(mods, ptxpack.Module{Entry: g.PTX.Entry, Text: g.PTX.Text})
		}
	}
	if len(mods) == 0 {
		return nil, nil
	}
	enc, err := ptxpack.Encode(mods)
	if err != nil {
		return nil, err
	}
	k0 := kernels[0]
	var body bytes.Buffer
	fmt.Fprintf(&body, "// %s holds the PTX modules of the kernels of %s, compressed;\n", ptxVar(k0.Path), filepath.Base(k0.Path))
	fmt.Fprintf(&body, "// gocuda compile -gpu -ptx DIR writes them out as text.\n")
	fmt.Fprintf(&body, "var %s = %s.NewPTXPack(`\n%s`)\n", ptxVar(k0.Path), compiledName, enc)
	im := &imports{
		names: map[string]string{compiledPath: compiledName},
		real:  map[string]string{compiledPath: "compiled"},
		used:  map[string]bool{compiledPath: true},
	}
	d := &draft{File: &File{Path: PTXPath(k0.Path), PTX: mods}, imports: im, pkg: k0.Pkg.Name, compiled: compiledName}
	src, _, err := d.source(body.Bytes(), buildConstraint(k0.File), true)
	if err != nil {
		return nil, err
	}
	d.Source = src
	return d.File, nil
}
