package main

import (
	"io"
	"strings"
	"unicode/utf8"
)

// A column of a text table: its header, and whether its cells are
// right-aligned, as numbers with their units are, or left-aligned, as
// text is.
type column struct {
	name  string
	right bool
}

// writeTable writes rows under a header line, columns two spaces apart,
// each as wide as its widest cell counted in runes (µ and × are one
// column each, not two bytes), without trailing spaces.
func writeTable(w io.Writer, cols []column, rows [][]string) error {
	widths := make([]int, len(cols))
	all := append([][]string{headers(cols)}, rows...)
	for _, r := range all {
		for i, cell := range r {
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
	}
	var b strings.Builder
	for _, r := range all {
		var line strings.Builder
		for i, cell := range r {
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(cell))
			if i > 0 {
				line.WriteString("  ")
			}
			if cols[i].right {
				line.WriteString(pad + cell)
			} else {
				line.WriteString(cell + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func headers(cols []column) []string {
	h := make([]string, len(cols))
	for i, c := range cols {
		h[i] = c.name
	}
	return h
}
