package fuzz

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// bugsDir holds hand-reduced kernels of the bugs the fuzzer found, as Go
// files of package main named *.go.txt (kept out of the build): each is
// one kernel with the generated kernels' signature and its helpers.
const bugsDir = "testdata/bugs"

// readBugs returns the kernels of bugsDir, named after their functions,
// in file name order.
func readBugs() ([]*Kernel, error) {
	paths, err := filepath.Glob(filepath.Join(bugsDir, "*.go.txt"))
	if err != nil {
		return nil, err
	}
	slices.Sort(paths)
	var ks []*Kernel
	for _, p := range paths {
		k, err := parseKernelFile(p)
		if err != nil {
			return nil, err
		}
		ks = append(ks, k)
	}
	return ks, nil
}

// parseKernelFile returns the kernel the Go file at path declares.
func parseKernelFile(path string) (*Kernel, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	k := &Kernel{}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		k.Imports = append(k.Imports, p)
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Doc != nil {
			for _, c := range fd.Doc.List {
				if ctor, ok := strings.CutPrefix(c.Text, "//gocuda:kernel "); ok {
					k.Name, k.Ctor = fd.Name.Name, strings.TrimSpace(ctor)
				}
			}
		}
	}
	if k.Name == "" || strings.Contains(k.Name, "_") {
		return nil, fmt.Errorf("%s: no kernel, or a kernel name with _", path)
	}
	end := f.Name.End()
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			end = gd.End()
		}
	}
	k.Decls = strings.TrimLeft(string(src[fset.Position(end).Offset:]), "\n")
	return k, nil
}
