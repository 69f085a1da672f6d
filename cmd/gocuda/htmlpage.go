package main

import (
	"bytes"
	"embed"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"html"
	"html/template"
	"math"
	"os"
	"path/filepath"
	"strings"
)

// This file is what the web pages of gocuda profile -html and gocuda
// check -html share: the templates, style and script (embedded, so that
// a page needs nothing from the network), number formats, and the
// source lines a page shows.

//go:embed html
var htmlFiles embed.FS

// pageTemplate returns the template of html/name, with the shared style
// and script at hand.
func pageTemplate(name string) (*template.Template, error) {
	return template.New(name).ParseFS(htmlFiles, "html/"+name)
}

// pageAssets returns the style and script every page inlines.
func pageAssets() (template.CSS, template.JS, error) {
	css, err := htmlFiles.ReadFile("html/page.css")
	if err != nil {
		return "", "", err
	}
	js, err := htmlFiles.ReadFile("html/page.js")
	return template.CSS(css), template.JS(js), err
}

// fmtCount formats an integer with thousands separators.
func fmtCount(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + fmtCount(-n)
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// fmtNanos formats a time in nanoseconds with three significant digits.
func fmtNanos(ns float64) string {
	switch {
	case ns >= 1e6:
		return sig3(ns/1e6) + " ms"
	case ns >= 1e3:
		return sig3(ns/1e3) + " µs"
	}
	return sig3(ns) + " ns"
}

// sig3 formats x with three significant digits.
func sig3(x float64) string {
	switch {
	case x == 0:
		return "0"
	case math.Abs(x) >= 100:
		return fmt.Sprintf("%.0f", x)
	case math.Abs(x) >= 10:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

// fmtPercent formats a percentage.
func fmtPercent(p float64) string { return fmt.Sprintf("%.1f%%", p) }

// fmtDims formats a grid or block size as 256×1×1.
func fmtDims(d [3]int) string { return fmt.Sprintf("%d×%d×%d", d[0], d[1], d[2]) }

// relPath returns file relative to root when it is under it.
func relPath(root, file string) string {
	if root == "" {
		return file
	}
	if r, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return file
}

// A sourceFile is a Go file read for a page: its lines, highlighted, and
// its functions' extents.
type sourceFile struct {
	lines []template.HTML // line n is lines[n-1]
	funcs [][2]int        // first and last line of each function declaration
	fset  *token.FileSet  // for funcs
	err   error           // why the file could not be read
}

// sourceCache reads each file once per page.
type sourceCache map[string]*sourceFile

// get returns the file at path, read and highlighted.
func (c sourceCache) get(path string) *sourceFile {
	if f, ok := c[path]; ok {
		return f
	}
	f := readSource(path)
	c[path] = f
	return f
}

// readSource reads and highlights path; a file that cannot be read has
// its error and no lines.
func readSource(path string) *sourceFile {
	src, err := os.ReadFile(path)
	if err != nil {
		return &sourceFile{err: err}
	}
	f := &sourceFile{fset: token.NewFileSet(), lines: highlight(src)}
	if af, err := parser.ParseFile(f.fset, path, src, parser.SkipObjectResolution); err == nil {
		for _, d := range af.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				f.funcs = append(f.funcs, [2]int{f.fset.Position(fd.Pos()).Line, f.fset.Position(fd.End()).Line})
			}
		}
	}
	return f
}

// extent returns the lines of the function declaration holding line n,
// or n alone.
func (f *sourceFile) extent(n int) [2]int {
	for _, fn := range f.funcs {
		if fn[0] <= n && n <= fn[1] {
			return fn
		}
	}
	return [2]int{n, n}
}

// line returns line n, or "" past the file's end.
func (f *sourceFile) line(n int) template.HTML {
	if n < 1 || n > len(f.lines) {
		return ""
	}
	return f.lines[n-1]
}

// highlight returns src's lines as HTML, keywords, comments and literals
// marked for the style sheet.
func highlight(src []byte) []template.HTML {
	var b bytes.Buffer
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, scanner.ScanComments)
	last := 0
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		off := file.Offset(pos)
		if tok == token.SEMICOLON && lit == "\n" || off < last {
			continue
		}
		text := string(src[off : off+len(tokText(tok, lit))])
		class := ""
		switch {
		case tok == token.COMMENT:
			class = "cm"
		case tok.IsKeyword():
			class = "kw"
		case tok == token.STRING || tok == token.CHAR:
			class = "st"
		}
		b.WriteString(html.EscapeString(string(src[last:off])))
		if class == "" {
			b.WriteString(html.EscapeString(text))
		} else {
			spanLines(&b, class, text)
		}
		last = off + len(text)
	}
	b.WriteString(html.EscapeString(string(src[last:])))
	var lines []template.HTML
	for l := range strings.SplitSeq(strings.TrimSuffix(b.String(), "\n"), "\n") {
		lines = append(lines, template.HTML(strings.ReplaceAll(l, "\t", "    ")))
	}
	return lines
}

// tokText returns the source text of a token.
func tokText(tok token.Token, lit string) string {
	if lit != "" {
		return lit
	}
	return tok.String()
}

// spanLines writes text in spans of class, one per line, so that the
// page's lines stay whole elements.
func spanLines(b *bytes.Buffer, class, text string) {
	for i, l := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(b, `<span class="%s">%s</span>`, class, html.EscapeString(l))
	}
}
