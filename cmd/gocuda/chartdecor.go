package main

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A chartDecor draws the parts of the speedup chart that gonum/plot's
// plotters do not: behind the data, a shaded band with the title of each
// group (bands); the line joining a variant's runtime-path and compiled
// markers (links); and beside the markers, their values (values). Each is
// a separate layer so that it is drawn in its place among the others.
type chartDecor struct {
	rows                 []chartRow
	bands, links, values bool
}

// Plot implements plot.Plotter.
func (d *chartDecor) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	half := (trY(0) - trY(1)) / 2 // half a row
	for i, r := range d.rows {
		y := trY(rowY(i))
		switch {
		case d.bands && r.header != "":
			c.FillPolygon(bandColor, []vg.Point{{X: c.Min.X, Y: y - half}, {X: c.Max.X, Y: y - half}, {X: c.Max.X, Y: y + half}, {X: c.Min.X, Y: y + half}})
			sty := text.Style{Color: handColor, Font: chartFont(10, true), XAlign: draw.XLeft, YAlign: draw.YCenter, Handler: p.TextHandler}
			c.FillText(sty, vg.Point{X: c.Min.X + vg.Points(4), Y: y}, r.header)
		case d.links && r.runtime > 0 && r.compiled > 0:
			c.StrokeLine2(draw.LineStyle{Color: linkColor, Width: vg.Points(2)}, trX(r.runtime), y, trX(r.compiled), y)
		case d.values && r.header == "":
			d.drawValues(&c, p, trX, y, r)
		}
	}
}

// drawValues writes a data row's values beside its markers: the leftmost
// value to the left of its marker and the others to the right, so that
// two markers close together do not have their labels on top of each
// other.
func (d *chartDecor) drawValues(c *draw.Canvas, p *plot.Plot, trX func(float64) vg.Length, y vg.Length, r chartRow) {
	var vs []float64
	for _, v := range []float64{r.runtime, r.compiled, r.serial, r.parallel} {
		if v > 0 {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		return
	}
	lo, hi := vs[0], vs[0]
	for _, v := range vs {
		lo, hi = min(lo, v), max(hi, v)
	}
	sty := text.Style{Color: handColor, Font: chartFont(8, false), YAlign: draw.YCenter, Handler: p.TextHandler}
	gap := vg.Points(7)
	if lo != hi {
		left := sty
		left.XAlign = draw.XRight
		c.FillText(left, vg.Point{X: trX(lo) - gap, Y: y}, formatSpeedup(lo))
	}
	sty.XAlign = draw.XLeft
	c.FillText(sty, vg.Point{X: trX(hi) + gap, Y: y}, formatSpeedup(hi))
}

// ringGlyph is an open circle with a line heavy enough to read at a
// glance; draw.RingGlyph's half-point line is faint beside filled markers.
type ringGlyph struct{}

// DrawGlyph implements draw.GlyphDrawer.
func (ringGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(2)})
	var p vg.Path
	p.Move(vg.Point{X: pt.X + sty.Radius, Y: pt.Y})
	p.Arc(pt, sty.Radius, 0, 2*math.Pi)
	p.Close()
	c.Stroke(p)
}
