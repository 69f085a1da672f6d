package main

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"

	stdfont "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The chart's colours: Okabe and Ito's palette, which readers with any
// colour vision tell apart, and greys for the baselines.
var (
	runtimeColor  = color.RGBA{R: 0xE6, G: 0x9F, B: 0x00, A: 0xFF} // orange
	compiledColor = color.RGBA{R: 0x00, G: 0x72, B: 0xB2, A: 0xFF} // blue
	handColor     = color.RGBA{R: 0x55, G: 0x55, B: 0x55, A: 0xFF}
	oneColor      = color.RGBA{R: 0xCC, G: 0x00, B: 0x00, A: 0xFF} // the 1× line
	linkColor     = color.RGBA{R: 0xB0, G: 0xB0, B: 0xB0, A: 0xFF}
	bandColor     = color.RGBA{R: 0xEE, G: 0xEE, B: 0xEE, A: 0xFF}
	gridColor     = color.RGBA{R: 0xDD, G: 0xDD, B: 0xDD, A: 0xFF}
)

// The chart's geometry.
const (
	chartWidth    = 9 * vg.Inch
	chartRowH     = 0.2 * vg.Inch // one row of the chart
	chartExtraH   = 1.6 * vg.Inch // title, axis and caption
	chartCaptionH = 0.45 * vg.Inch
	legendRows    = 6 // rows kept free at the top for the legend
)

// errNoChart is returned when no result has a speedup to draw.
var errNoChart = errors.New("no verified result with a hand-written baseline to chart")

// writeChart draws the results' speedups as a chart in format ("svg" or
// "png") to w, with a caption naming the machine and the date.
func writeChart(w io.Writer, format string, env benchEnv, results []benchResult) error {
	rows := chartRows(results)
	if len(rows) == 0 {
		return errNoChart
	}
	p, err := newChart(rows)
	if err != nil {
		return err
	}
	height := chartRowH*vg.Length(len(rows)+legendRows) + chartExtraH
	var c vg.CanvasWriterTo
	switch format {
	case "png":
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(chartWidth, height), vgimg.UseDPI(144))}
	case "svg":
		c = svgCanvas{vgsvg.New(chartWidth, height)}
	default:
		return fmt.Errorf("chart format %q: want svg or png", format)
	}
	dc := draw.New(c)
	// The caption is drawn here, not as the x axis label: gonum/plot
	// centres a label on a log axis at the mean of its limits, far right.
	p.Draw(draw.Crop(dc, 0, 0, chartCaptionH, 0))
	sty := text.Style{Color: color.Black, Font: chartFont(10, false), XAlign: draw.XCenter, YAlign: draw.YTop, Handler: p.TextHandler}
	caption := "speedup: the time of the faster of handSerial and handParallel ÷ the variant's (log scale; right of 1× is faster)\n" + env.caption()
	dc.FillText(sty, vg.Point{X: dc.Center().X, Y: dc.Min.Y + chartCaptionH - vg.Points(4)}, caption)
	_, err = c.WriteTo(w)
	return err
}

// newChart lays out the rows as a dot plot: one row per variant, its
// speed relative to the best hand-written Go on a logarithmic x axis with
// 1× marked, the runtime path and the compiled kernel as two markers
// joined by a line, grouped under a header per kernel and size.
func newChart(rows []chartRow) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "gocuda bench: speed relative to the best hand-written Go"
	p.Title.TextStyle.Font = chartFont(14, true)
	p.Title.Padding = 6
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = speedupTicks{}
	p.Y.Tick.Marker = rowTicks(rows)
	p.X.Tick.Label.Font = chartFont(10, false)
	p.Y.Tick.Label.Font = chartFont(10, false)
	p.Y.Min, p.Y.Max = -float64(len(rows))+0.5, legendRows-0.5

	grid := plotter.NewGrid()
	grid.Vertical.Color, grid.Horizontal.Color = gridColor, gridColor
	p.Add(&chartDecor{rows: rows, bands: true}, grid)

	one, err := plotter.NewLine(plotter.XYs{{X: 1, Y: p.Y.Min}, {X: 1, Y: p.Y.Max}})
	if err != nil {
		return nil, err
	}
	one.Color, one.Width, one.Dashes = oneColor, vg.Points(1.5), []vg.Length{vg.Points(5), vg.Points(3)}
	p.Add(one, &chartDecor{rows: rows, links: true})

	marks := []struct {
		name  string
		value func(chartRow) float64
		shape draw.GlyphDrawer
		color color.Color
	}{
		{"runtime path", func(r chartRow) float64 { return r.runtime }, ringGlyph{}, runtimeColor},
		{"compiled (gocuda compile)", func(r chartRow) float64 { return r.compiled }, draw.CircleGlyph{}, compiledColor},
		{"handSerial", func(r chartRow) float64 { return r.serial }, draw.BoxGlyph{}, handColor},
		{"handParallel", func(r chartRow) float64 { return r.parallel }, draw.PyramidGlyph{}, handColor},
	}
	for _, m := range marks {
		s, err := plotter.NewScatter(rowPoints(rows, m.value))
		if err != nil {
			return nil, err
		}
		s.GlyphStyle = draw.GlyphStyle{Color: m.color, Radius: vg.Points(4), Shape: m.shape}
		p.Add(s)
		p.Legend.Add(m.name, s)
	}
	p.Legend.Add("1× = as fast as hand-written Go", one)
	// Top left: the slow end of the axis, above the first group, is empty.
	p.Legend.Top, p.Legend.Left, p.Legend.TextStyle.Font = true, true, chartFont(10, false)
	p.Legend.XOffs, p.Legend.YOffs = vg.Points(10), -vg.Points(4)
	p.Add(&chartDecor{rows: rows, values: true})
	p.X.Min, p.X.Max = speedupRange(rows)
	return p, nil
}

// rowY is the y coordinate of row i: rows go down from 0.
func rowY(i int) float64 { return -float64(i) }

// rowPoints returns the points of one kind of marker: value(row) at each
// row that has one.
func rowPoints(rows []chartRow, value func(chartRow) float64) plotter.XYs {
	var xys plotter.XYs
	for i, r := range rows {
		if v := value(r); v > 0 {
			xys = append(xys, plotter.XY{X: v, Y: rowY(i)})
		}
	}
	return xys
}

// rowTicks labels each data row with its variant.
func rowTicks(rows []chartRow) plot.ConstantTicks {
	var ticks plot.ConstantTicks
	for i, r := range rows {
		if r.header == "" {
			ticks = append(ticks, plot.Tick{Value: rowY(i), Label: r.label})
		}
	}
	return ticks
}

// speedupRange returns x axis limits that hold every speedup and 1× with
// room for the value labels: whole decades, at least 0.1 to 10.
func speedupRange(rows []chartRow) (lo, hi float64) {
	lo, hi = 1, 1
	for _, r := range rows {
		for _, v := range []float64{r.runtime, r.compiled, r.serial, r.parallel} {
			if v > 0 {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	return math.Pow(10, math.Floor(math.Log10(lo/4))), math.Pow(10, math.Ceil(math.Log10(hi*4)))
}

// speedupTicks marks each decade of the log axis, labelled as a speedup
// ("0.01×", "1×", "10×"), with unlabelled ticks at 2 to 9 times each.
type speedupTicks struct{}

// Ticks implements plot.Ticker.
func (speedupTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for d := math.Floor(math.Log10(lo)); d <= math.Ceil(math.Log10(hi)); d++ {
		v := math.Pow(10, d)
		ticks = append(ticks, plot.Tick{Value: v, Label: sig(v, 1) + "×"})
		for m := 2.0; m < 10; m++ {
			ticks = append(ticks, plot.Tick{Value: m * v})
		}
	}
	return ticks
}

// svgCanvas is an SVG canvas whose text falls back to Arial or Helvetica,
// which have Liberation Sans's metrics, and then to any sans-serif face,
// on a machine without Liberation Sans: vgsvg names only the font it
// measured, and a viewer lacking it would set the labels in its default
// serif face, wider than the layout allows.
type svgCanvas struct{ *vgsvg.Canvas }

// WriteTo writes the SVG document with the fallback fonts.
func (c svgCanvas) WriteTo(w io.Writer) (int64, error) {
	var buf bytes.Buffer
	if _, err := c.Canvas.WriteTo(&buf); err != nil {
		return 0, err
	}
	out := bytes.ReplaceAll(buf.Bytes(), []byte("font-family:Liberation Sans;"), []byte("font-family:'Liberation Sans',Arial,Helvetica,sans-serif;"))
	n, err := w.Write(out)
	return int64(n), err
}

// chartFont returns the chart's typeface, Liberation Sans, at size
// points, bold or not.
func chartFont(size vg.Length, bold bool) font.Font {
	f := font.Font{Typeface: "Liberation", Variant: "Sans", Size: size}
	if bold {
		f.Weight = stdfont.WeightBold
	}
	return f
}
