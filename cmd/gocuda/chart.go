package main

import (
	"errors"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/gocuda/gocuda/internal/bench"
)

// The chart's colours: Okabe and Ito's palette, which readers with any
// colour vision tell apart, and greys for the baselines.
const (
	runtimeColor  = "#E69F00" // orange
	compiledColor = "#0072B2" // blue
	handColor     = "#555555"
	oneColor      = "#CC0000" // the 1× line
	linkColor     = "#B0B0B0"
	bandColor     = "#EEEEEE"
	gridColor     = "#DDDDDD"
)

// The chart's geometry, in pixels, and its type sizes.
const (
	chartW     = 960.0
	chartPad   = 16.0 // the margin around everything
	chartRowH  = 22.0
	titleSize  = 16.0
	labelSize  = 12.0
	valueSize  = 10.0
	labelGap   = 5.0 // between a value label and the marks it labels
	spreadCapH = 7.0
)

// chartPoints are the kinds of point: their legend names, markers and
// colours, in the order of chartPoint's kinds.
var chartPoints = [numPoints]struct {
	name   string
	marker int
	color  string
}{
	{"runtime path", ringMarker, runtimeColor},
	{"compiled (gocuda compile)", dotMarker, compiledColor},
	{bench.HandSerial, squareMarker, handColor},
	{bench.HandParallel, triangleMarker, handColor},
}

// errNoChart is returned when no result has a speedup to draw.
var errNoChart = errors.New("no verified result with a hand-written baseline to chart")

// writeChart draws the results' speedups as an SVG chart to w, with a
// caption naming the machine and the date.
func writeChart(w io.Writer, env benchEnv, results []benchResult) error {
	rows := chartRows(results)
	if len(rows) == 0 {
		return errNoChart
	}
	return drawChart(rows, env).writeSVG(w)
}

// A chartLayout places the chart's rows: a dot plot, one row per variant,
// its speed relative to the best hand-written Go on a logarithmic x axis
// between the decades lo and hi with 1× marked.
type chartLayout struct {
	s      *scene
	rows   []chartRow
	labels []string // the rows' labels, with their notes' marks
	notes  []string // the notes of absent points, numbered from 1
	x0, x1 float64  // the plot area's left and right edges
	lo, hi float64  // the axis's limits, as powers of ten
	top    float64  // the first row's top
}

// drawChart lays out the rows: title, legend, rows, axis, caption, notes.
func drawChart(rows []chartRow, env benchEnv) *scene {
	l := &chartLayout{s: &scene{w: chartW, row: -1}, rows: rows}
	l.markNotes()
	labelW := 0.0
	for _, s := range l.labels {
		labelW = max(labelW, textWidth(s, labelSize, false))
	}
	l.x0, l.x1 = chartPad+labelW+10, chartW-chartPad-16
	l.chooseRange()
	y := chartPad + titleSize
	l.s.text("title", chartPad, y, "gocuda bench: speed relative to the best hand-written Go", titleSize, anchorStart, true, "black")
	y = l.legend(y + 14)
	l.top = y + 8
	y = l.plot()
	y = l.axis(y)
	y = l.paragraph("caption", y+6, "speedup: the time of the faster of handSerial and handParallel ÷ the variant's (log scale; right of 1× is faster). Bars: the spread of the samples, slowest to fastest.")
	y = l.paragraph("machine", y, env.caption())
	for i, n := range l.notes {
		y = l.paragraph("note", y, noteMark(i)+" "+n)
	}
	l.s.h = math.Ceil(y + chartPad)
	return l.s
}

// markNotes numbers the notes of the rows' absent points and appends
// their marks to the rows' labels.
func (l *chartLayout) markNotes() {
	for _, r := range l.rows {
		var marks []int
		for _, n := range r.notes() {
			marks = append(marks, indexOrAppend(&l.notes, n))
		}
		slices.Sort(marks)
		label := r.label
		for _, i := range marks {
			label += noteMark(i)
		}
		l.labels = append(l.labels, label)
	}
}

// indexOrAppend returns the index of s in *list, appending it if absent.
func indexOrAppend(list *[]string, s string) int {
	for i, t := range *list {
		if t == s {
			return i
		}
	}
	*list = append(*list, s)
	return len(*list) - 1
}

// noteMark returns the mark of note i: ¹, ², ³, then *4, *5...
func noteMark(i int) string {
	if marks := []string{"¹", "²", "³"}; i < len(marks) {
		return marks[i]
	}
	return "*" + string(rune('1'+i))
}

// x returns the x coordinate of speedup v.
func (l *chartLayout) x(v float64) float64 {
	return l.x0 + (math.Log10(v)-l.lo)/(l.hi-l.lo)*(l.x1-l.x0)
}

// rowY returns the y coordinate of the middle of row i.
func (l *chartLayout) rowY(i int) float64 { return l.top + (float64(i)+0.5)*chartRowH }

// chooseRange sets the axis's limits to whole decades that hold 1×, every
// point and spread, and every value label.
func (l *chartLayout) chooseRange() {
	lo, hi := 1.0, 1.0
	for _, r := range l.rows {
		for _, p := range r.points {
			for _, v := range []float64{p.speedup, p.lo, p.hi} {
				if v > 0 {
					lo, hi = min(lo, v), max(hi, v)
				}
			}
		}
	}
	l.lo, l.hi = math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	for range 6 { // a decade more on a side whose labels do not fit
		left, right := false, false
		for _, r := range l.rows {
			for _, b := range l.valueLabels(r, 0) {
				left, right = left || b.box.x0 < l.x0, right || b.box.x1 > l.x1
			}
		}
		if !left && !right {
			return
		}
		if left {
			l.lo--
		}
		if right {
			l.hi++
		}
	}
}

// A valueLabel is the text of a point's value and where it goes.
type valueLabel struct {
	text, anchor string
	x            float64
	box          box
}

// valueLabels returns the labels of a data row at y: the leftmost value
// to the left of all of the row's marks and the rightmost to the right of
// them, so that no label lies on a marker or a spread.
func (l *chartLayout) valueLabels(r chartRow, y float64) []valueLabel {
	var vs []float64
	left, right := math.Inf(1), math.Inf(-1)
	for _, p := range r.points {
		if p.speedup > 0 {
			vs = append(vs, p.speedup)
			left, right = min(left, l.x(p.speedup)-markerR), max(right, l.x(p.speedup)+markerR)
		}
		if p.lo > 0 {
			left, right = min(left, l.x(p.lo)-1), max(right, l.x(p.hi)+1)
		}
	}
	if len(vs) == 0 {
		return nil
	}
	lo, hi := slices.Min(vs), slices.Max(vs)
	label := func(v, x float64, anchor string) valueLabel {
		w := textWidth(formatSpeedup(v), valueSize, false)
		x0 := x
		if anchor == anchorEnd {
			x0 -= w
		}
		return valueLabel{formatSpeedup(v), anchor, x, box{x0, y - 0.8*valueSize, x0 + w, y + 0.25*valueSize}}
	}
	labels := []valueLabel{label(hi, right+labelGap, anchorStart)}
	if formatSpeedup(lo) != formatSpeedup(hi) {
		labels = append(labels, label(lo, left-labelGap, anchorEnd))
	}
	return labels
}

// legend draws the legend from y, wrapping its entries, and returns the
// y below it.
func (l *chartLayout) legend(y float64) float64 {
	x := chartPad
	y += labelSize
	next := func(w float64) {
		if x+w > chartW-chartPad {
			x, y = chartPad, y+labelSize+6
		}
	}
	for _, p := range chartPoints {
		w := 2*markerR + 4 + textWidth(p.name, labelSize, false)
		next(w)
		l.s.marker("legend-marker", p.marker, x+markerR, y-labelSize*0.35, p.color)
		l.s.text("legend", x+2*markerR+4, y, p.name, labelSize, anchorStart, false, "black")
		x += w + 18
	}
	entries := []struct{ name, color, dash string }{
		{"1× = as fast as hand-written Go", oneColor, "5 3"},
		{"spread of the samples", handColor, ""},
	}
	for _, e := range entries {
		w := 24 + textWidth(e.name, labelSize, false)
		next(w)
		l.s.line("legend-line", x, y-labelSize*0.35, x+20, y-labelSize*0.35, 1.5, e.color, e.dash)
		l.s.text("legend", x+24, y, e.name, labelSize, anchorStart, false, "black")
		x += w + 18
	}
	return y + 0.25*labelSize
}

// paragraph writes t from y in lines that fit the canvas and returns the
// y below it.
func (l *chartLayout) paragraph(class string, y float64, t string) float64 {
	for _, line := range wrapText(t, valueSize+1, chartW-2*chartPad) {
		y += valueSize + 5
		l.s.text(class, chartPad, y, line, valueSize+1, anchorStart, false, "black")
	}
	return y
}

// axis draws the x axis below the rows from y, its decades labelled as
// speedups ("0.01×", "1×", "10×"), and returns the y below it.
func (l *chartLayout) axis(y float64) float64 {
	l.s.line("axis", l.x0, y, l.x1, y, 1, "black", "")
	for d := l.lo; d <= l.hi; d++ {
		x := l.x(math.Pow(10, d))
		l.s.line("tick", x, y, x, y+5, 1, "black", "")
		l.s.text("tick-label", x, y+5+labelSize, sig(math.Pow(10, d), 1)+"×", labelSize, anchorMiddle, false, "black")
	}
	return y + 5 + labelSize + 0.25*labelSize
}

// plot draws the rows: the groups' bands and titles, the grid, the 1×
// line, and each data row's label, link, spreads, markers and values. It
// returns the y below the last row.
func (l *chartLayout) plot() float64 {
	bottom := l.top + float64(len(l.rows))*chartRowH
	for d := l.lo; d < l.hi; d++ {
		for m := 1.0; m < 10; m++ {
			x := l.x(m * math.Pow(10, d))
			l.s.line("grid", x, l.top, x, bottom, 1, gridColor, "")
		}
	}
	x1 := l.x(1)
	l.s.line("one", x1, l.top, x1, bottom, 1.5, oneColor, "5 3")
	for i, r := range l.rows { // over the grid, which would cross the titles
		if r.header != "" {
			y := l.rowY(i)
			l.s.rect("band", box{chartPad, y - chartRowH/2, chartW - chartPad, y + chartRowH/2}, bandColor)
			l.s.text("header", chartPad+4, y+labelSize*0.35, r.header, labelSize, anchorStart, true, handColor)
		}
	}
	for i, r := range l.rows {
		if r.header == "" {
			l.s.row = i
			l.dataRow(r, l.labels[i], l.rowY(i))
		}
	}
	l.s.row = -1
	return bottom
}

// dataRow draws one data row centred on y.
func (l *chartLayout) dataRow(r chartRow, label string, y float64) {
	l.s.text("label", l.x0-8, y+labelSize*0.35, label, labelSize, anchorEnd, false, "black")
	if rt, c := r.points[runtimePoint].speedup, r.points[compiledPoint].speedup; rt > 0 && c > 0 {
		l.s.line("link", l.x(rt), y, l.x(c), y, 2, linkColor, "")
	}
	for k, p := range r.points {
		if p.lo > 0 {
			color := chartPoints[k].color
			l.s.line("spread", l.x(p.lo), y, l.x(p.hi), y, 1.5, color, "")
			for _, v := range []float64{p.lo, p.hi} {
				l.s.line("spread-cap", l.x(v), y-spreadCapH/2, l.x(v), y+spreadCapH/2, 1.5, color, "")
			}
		}
	}
	for k, p := range r.points {
		if p.speedup > 0 {
			l.s.marker("marker "+strings.Fields(chartPoints[k].name)[0], chartPoints[k].marker, l.x(p.speedup), y, chartPoints[k].color)
		}
	}
	for _, v := range l.valueLabels(r, y+valueSize*0.35) {
		l.s.text("value", v.x, y+valueSize*0.35, v.text, valueSize, v.anchor, false, handColor)
	}
}
