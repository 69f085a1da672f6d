package compile

import (
	"bytes"
	"fmt"
	"go/format"
	"slices"
	"strings"
)

// mergeBuilds merges each function the two builds both write, but
// differently (mergeFunc): it returns the merged lines by the scalar
// chunk's first line, and the SIMD chunks merged, by theirs.
func mergeBuilds(scalar, simd *draft, sc, si *chunked, shared map[string]int) (map[int][]mline, map[int]bool) {
	merged, consumed := map[int][]mline{}, map[int]bool{}
	if simd.compiled == "" || simd.compiled != scalar.compiled {
		return merged, consumed
	}
	b, err := parseSourced(sc, scalar.Source)
	if err != nil {
		return merged, consumed
	}
	a, err := parseSourced(si, simd.Source)
	if err != nil {
		return merged, consumed
	}
	byName := map[string]chunk{}
	for _, c := range si.chunks {
		if c.name != "" && shared[c.key] == 0 {
			byName[c.name] = c
		}
	}
	for _, c := range sc.chunks {
		ca, ok := byName[c.name]
		if c.name == "" || shared[c.key] > 0 || !ok {
			continue
		}
		lines, ok := mergeFunc(a, b, c.name, simd.compiled, ca.from, ca.to, c.from, c.to)
		if ok {
			merged[c.from], consumed[ca.from] = lines, true
		}
	}
	return merged, consumed
}

// mergedPart returns the file of both builds, GeneratedPath: the chunks
// of c that keep reports and the merged functions, in c's order, then the
// chunks of simd that keepSIMD reports, with the imports of both drafts;
// or nil where formatting moved a line off its position.
func (d *draft) mergedPart(other *draft, c, simd *chunked, keep, keepSIMD func(chunk) bool, merged map[int][]mline, cons string) (*File, bool, error) {
	var lines []string
	var pos []srcPos
	var free []bool
	add := func(l mline) {
		lines, pos, free = append(lines, l.text), append(pos, l.pos), append(free, l.free)
	}
	s := &sourced{lines: c.lines, pos: positions(c.lines), free: c.free}
	for _, ch := range c.chunks {
		switch {
		case merged[ch.from] != nil:
			for _, l := range merged[ch.from] {
				add(l)
			}
		case keep(ch):
			for _, l := range s.span(ch.from, ch.to) {
				add(l)
			}
		}
	}
	si := &sourced{lines: simd.lines, pos: positions(simd.lines), free: simd.free}
	for _, ch := range simd.chunks {
		if keepSIMD(ch) {
			for _, l := range si.span(ch.from, ch.to) {
				add(l)
			}
		}
	}
	for len(lines) > 0 && lines[0] == "\n" { // the header ends in one
		lines, pos, free = lines[1:], pos[1:], free[1:]
	}
	body, want := relinesAt(lines, pos, make([]bool, len(lines)), free)
	both := *d
	both.imports = d.imports.union(other.imports)
	src, checked, err := both.source(body, cons, true)
	if err != nil {
		return nil, false, err
	}
	out := strings.SplitAfter(string(src), "\n")
	n := slices.Index(out, string(body[:bytes.IndexByte(body, '\n')+1])) // the body's first line, after the header
	if n < 0 || len(out)-n != len(want)+1 || !positionsHeld(out[n:len(out)-1], want) {
		return nil, false, nil
	}
	return &File{Path: GeneratedPath(d.path), Source: src}, checked, nil
}

// positionsHeld reports whether each of lines with a position in want has
// it.
func positionsHeld(lines []string, want []srcPos) bool {
	for i, p := range positions(lines) {
		if want[i].file != "" && want[i] != p {
			return false
		}
	}
	return true
}

// ownNames returns the names declared by the chunks of c that alone
// reports: its build's own, not merged.
func ownNames(c *chunked, alone func(chunk) bool) map[string]bool {
	names := map[string]bool{}
	for _, ch := range c.chunks {
		if alone(ch) {
			for _, n := range ch.decls {
				names[n] = true
			}
		}
	}
	return names
}

// declaresAny reports whether c declares one of names.
func declaresAny(c chunk, names map[string]bool) bool {
	for _, n := range c.decls {
		if names[n] {
			return true
		}
	}
	return false
}

// importArchsimd gives the SIMD build of a source file's generated code
// an import of simd/archsimd, in the file of its own declarations or in
// one of its own: the vector code names package lanes, whose types are
// archsimd's there, and Go inlines a method of archsimd's (StoreSlice,
// Less) only into a package that imports archsimd itself.
func importArchsimd(files []*File, scalar *draft) ([]*File, error) {
	path := SIMDPath(scalar.path)
	for _, f := range files {
		if f.Path != path {
			continue
		}
		src, err := format.Source(blankImport(f.Source))
		if err != nil {
			return nil, fmt.Errorf("%s: %v (a bug in gocuda compile)", f.Path, err)
		}
		f.Source = src
		return files, nil
	}
	src, err := format.Source(fmt.Appendf(nil, "%s\n\n%s\n\npackage %s\n\n// Methods of archsimd's, the SIMD build's vectors, are inlined only into a\n// package that imports it.\nimport _ %q\n",
		Header, fileConstraint(scalar.src, true, true), scalar.pkg, archsimdPath))
	if err != nil {
		return nil, fmt.Errorf("%s: %v (a bug in gocuda compile)", path, err)
	}
	return append(files, &File{Path: path, Source: src}), nil
}

// blankImport adds import _ "simd/archsimd" to src, a generated file.
func blankImport(src []byte) []byte {
	s := string(src)
	spec := fmt.Sprintf("_ %q", archsimdPath)
	if i := strings.Index(s, "\nimport (\n"); i >= 0 {
		return []byte(s[:i+len("\nimport (\n")] + "\t" + spec + "\n" + s[i+len("\nimport (\n"):])
	}
	if i := strings.Index(s, "\nimport "); i >= 0 {
		return []byte(s[:i] + "\nimport " + spec + s[i:])
	}
	i := strings.Index(s, "\npackage ")
	j := i + 1 + strings.Index(s[i+1:], "\n")
	return []byte(s[:j+1] + "\nimport " + spec + "\n" + s[j+1:])
}
