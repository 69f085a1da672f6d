package main

import (
	"fmt"
	"io"
	"strings"
)

// The SVG writer of gocuda bench's chart: the standard library only, so
// that the command users add as a tool brings no drawing library into
// their go.mod. A scene keeps each shape's box beside its SVG so that the
// tests can check the layout (nothing off the canvas, no label on a
// marker) without a renderer.

// A box is a rectangle in the scene's units (pixels, y down).
type box struct{ x0, y0, x1, y1 float64 }

// A shape is one element of a scene: its class (what it shows, for the
// tests and for a stylesheet), its bounding box, its text if it is text,
// and its SVG element.
type shape struct {
	class string
	row   int // the chart row it belongs to, or -1
	box   box
	text  string
	svg   string
}

// A scene is a drawing of w×h pixels.
type scene struct {
	w, h   float64
	shapes []shape
	row    int // the row of the shapes being added, or -1
}

// chartFontFamily names Liberation Sans, whose metrics textWidth uses, and
// the faces with the same metrics, then any sans-serif face.
const chartFontFamily = "'Liberation Sans',Arial,Helvetica,sans-serif"

// add appends a shape of the current row.
func (s *scene) add(class string, b box, text, svg string) {
	s.shapes = append(s.shapes, shape{class: class, row: s.row, box: b, text: text, svg: svg})
}

// rect fills a rectangle.
func (s *scene) rect(class string, b box, fill string) {
	s.add(class, b, "", fmt.Sprintf(`<rect class="%s" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`,
		class, b.x0, b.y0, b.x1-b.x0, b.y1-b.y0, fill))
}

// line strokes a line of the given width, dashed if dash is not empty.
func (s *scene) line(class string, x0, y0, x1, y1, width float64, color, dash string) {
	extra := ""
	if dash != "" {
		extra = fmt.Sprintf(` stroke-dasharray="%s"`, dash)
	}
	b := box{min(x0, x1) - width/2, min(y0, y1) - width/2, max(x0, x1) + width/2, max(y0, y1) + width/2}
	s.add(class, b, "", fmt.Sprintf(`<line class="%s" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="%.1f"%s/>`,
		class, x0, y0, x1, y1, color, width, extra))
}

// The anchors of text, as SVG's text-anchor names them.
const (
	anchorStart  = "start"
	anchorMiddle = "middle"
	anchorEnd    = "end"
)

// text writes t with its baseline at y, starting, centred or ending at x
// (anchor), and returns its box.
func (s *scene) text(class string, x, y float64, t string, size float64, anchor string, bold bool, color string) box {
	w := textWidth(t, size, bold)
	x0 := x
	switch anchor {
	case anchorMiddle:
		x0 -= w / 2
	case anchorEnd:
		x0 -= w
	}
	b := box{x0, y - 0.8*size, x0 + w, y + 0.25*size}
	weight := ""
	if bold {
		weight = ` font-weight="bold"`
	}
	s.add(class, b, t, fmt.Sprintf(`<text class="%s" x="%.1f" y="%.1f" font-size="%g" text-anchor="%s" fill="%s"%s>%s</text>`,
		class, x, y, size, anchor, color, weight, xmlEscape(t)))
	return b
}

// The shapes of the chart's markers.
const (
	ringMarker = iota
	dotMarker
	squareMarker
	triangleMarker
)

// markerR is a marker's radius.
const markerR = 5.0

// marker draws a marker of kind centred at x, y.
func (s *scene) marker(class string, kind int, x, y float64, color string) {
	r := markerR
	b := box{x - r, y - r, x + r, y + r}
	var el string
	switch kind {
	case ringMarker: // a heavy line, to read as well as the filled markers
		el = fmt.Sprintf(`<circle class="%s" cx="%.1f" cy="%.1f" r="%.1f" fill="white" stroke="%s" stroke-width="2"/>`, class, x, y, r-1, color)
	case dotMarker:
		el = fmt.Sprintf(`<circle class="%s" cx="%.1f" cy="%.1f" r="%.1f" fill="%s"/>`, class, x, y, r, color)
	case squareMarker:
		el = fmt.Sprintf(`<rect class="%s" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`, class, x-r*0.85, y-r*0.85, 1.7*r, 1.7*r, color)
	default:
		el = fmt.Sprintf(`<path class="%s" d="M%.1f %.1fL%.1f %.1fL%.1f %.1fZ" fill="%s"/>`, class, x, y-r, x+r, y+r*0.8, x-r, y+r*0.8, color)
	}
	s.add(class, b, "", el)
}

// writeSVG writes the scene as a standalone SVG document.
func (s *scene) writeSVG(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="%s">
<rect width="100%%" height="100%%" fill="white"/>
`, s.w, s.h, s.w, s.h, chartFontFamily)
	for _, sh := range s.shapes {
		b.WriteString(sh.svg)
		b.WriteByte('\n')
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// xmlEscape escapes the characters XML gives a meaning to in text.
func xmlEscape(t string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(t)
}

// helvetica holds the advance widths of ASCII 32 to 126 in Helvetica, in
// thousandths of the font size: Arial and Liberation Sans share them.
var helvetica = [95]uint16{
	278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space to /
	556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0 to ?
	1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ to O
	667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P to _
	333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` to o
	556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p to ~
}

// textWidth returns the room the layout keeps for t at size pixels:
// Helvetica's widths, a bold face 10% wider, other characters (×, ÷, µ,
// superscripts) as wide as a digit, and 15% more for a viewer without
// Liberation Sans or Arial that sets it in DejaVu Sans, a common fallback.
func textWidth(t string, size float64, bold bool) float64 {
	var units float64
	for _, r := range t {
		switch {
		case r >= ' ' && r <= '~':
			units += float64(helvetica[r-' '])
		case r == '—':
			units += 1000
		default:
			units += 584
		}
	}
	if bold {
		units *= 1.1
	}
	return 1.15 * units * size / 1000
}

// wrapText breaks t at spaces into lines no wider than width at size; a
// word wider than width has a line of its own.
func wrapText(t string, size, width float64) []string {
	var lines []string
	line := ""
	for word := range strings.FieldsSeq(t) {
		switch {
		case line == "":
			line = word
		case textWidth(line+" "+word, size, false) <= width:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	if line != "" || len(lines) == 0 {
		lines = append(lines, line)
	}
	return lines
}
