package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"
)

// chartResults are fixed results of three kernels, for the chart's tests:
// matmul with spreads, saxpy with a failed variant and a single sample,
// and scan at a size where bench runs only the coarsened variant's
// runtime path.
func chartResults() []benchResult {
	r := func(kernel string, n int, variant string, ns, speedup float64, base string) benchResult {
		return benchResult{Kernel: kernel, SizeKey: "n", N: n, Variant: variant, Samples: []float64{ns}, MedianNs: ns, Speedup: speedup, Baseline: base, Verified: true}
	}
	spread := func(b benchResult, min, max float64) benchResult {
		b.Samples, b.MinNs, b.MaxNs = []float64{min, b.MedianNs, max}, min, max
		return b
	}
	return []benchResult{
		spread(r("matmul", 256, "tiled", 84e6, 0.036, "handParallel"), 80e6, 90e6),
		spread(r("matmul", 256, "naive", 7.4e6, 0.41, "handParallel"), 7e6, 8e6),
		spread(r("matmul", 256, "tiledCompiled", 6.2e6, 0.49, "handParallel"), 6e6, 6.4e6),
		spread(r("matmul", 256, "naiveCompiled", 7.4e6, 0.41, "handParallel"), 7.3e6, 7.6e6),
		spread(r("matmul", 256, "handSerial", 5.8e6, 0.52, "handParallel"), 5.7e6, 5.9e6),
		spread(r("matmul", 256, "handParallel", 3.04e6, 1, "handParallel"), 3e6, 3.1e6),
		r("saxpy", 1024, "perThread", 6000, 0.1, "handSerial"),
		{Kernel: "saxpy", SizeKey: "n", N: 1024, Variant: "gridStride", Error: "element 3 = 2, want 3"},
		r("saxpy", 1024, "handSerial", 600, 1, "handSerial"),
		r("saxpy", 1024, "handParallel", 1200, 0.5, "handSerial"),
		{Kernel: "scan", SizeKey: "n", N: 8, Variant: "handSerial", Error: "no baseline measured"},
		r("scan", 1<<24, "coarsened", 2e7, 0.5, "handParallel"),
		r("scan", 1<<24, "hillisSteeleCompiled", 4e7, 0.25, "handParallel"),
		r("scan", 1<<24, "coarsenedCompiled", 1e7, 1, "handParallel"),
		r("scan", 1<<24, "handSerial", 2e7, 0.5, "handParallel"),
		r("scan", 1<<24, "handParallel", 1e7, 1, "handParallel"),
	}
}

// chartEnv is a machine with a long name, whose caption is wider than the
// chart.
var chartEnv = benchEnv{CPU: "AMD EPYC 7B13 64-Core Processor, a very long name of a CPU with a second very long name for its marketing", LogicalCPUs: 2, GOMAXPROCS: 2,
	GOOS: "linux", GOARCH: "amd64", GoVersion: "go1.26", Version: "(devel)", Build: "scalar", Date: time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)}

func TestChartRows(t *testing.T) {
	got := chartRows(chartResults())
	pt := func(s float64) chartPoint { return chartPoint{speedup: s, samples: 1} }
	spread := func(s, lo, hi float64) chartPoint { return chartPoint{speedup: s, lo: lo, hi: hi, samples: 3} }
	bad, slow := chartPoint{note: noteNotValid}, chartPoint{note: noteTooSlow}
	want := []chartRow{
		{header: "matmul  n=256   (1× = handParallel, 3.04 ms)"},
		{label: "tiled", points: [numPoints]chartPoint{spread(0.036, 3.04/90, 3.04/80), spread(0.49, 3.04/6.4, 3.04/6), {}, {}}},
		{label: "naive", points: [numPoints]chartPoint{spread(0.41, 3.04/8, 3.04/7), spread(0.41, 3.04/7.6, 3.04/7.3), {}, {}}},
		{label: "hand-written Go", points: [numPoints]chartPoint{{}, {}, spread(0.52, 3.04/5.9, 3.04/5.7), spread(1, 3.04/3.1, 3.04/3)}},
		{header: "saxpy  n=1024   (1× = handSerial, 600 ns)"},
		{label: "perThread", points: [numPoints]chartPoint{pt(0.1), {note: "compiled kernel not run"}, {}, {}}},
		{label: "gridStride", points: [numPoints]chartPoint{bad, {note: "compiled kernel not run"}, {}, {}}},
		{label: "hand-written Go", points: [numPoints]chartPoint{{}, {}, pt(1), pt(0.5)}},
		{header: "scan  n=16777216   (1× = handParallel, 10.0 ms)"},
		{label: "coarsened", points: [numPoints]chartPoint{pt(0.5), pt(1), {}, {}}},
		{label: "hillisSteele", points: [numPoints]chartPoint{slow, pt(0.25), {}, {}}},
		{label: "hand-written Go", points: [numPoints]chartPoint{{}, {}, pt(0.5), pt(1)}},
	}
	for i := range got {
		for k := range got[i].points { // the spreads are quotients: compare them within rounding
			g, w := &got[i].points[k], &want[min(i, len(want)-1)].points[k]
			if near(g.lo, w.lo, 1e-12) && near(g.hi, w.hi, 1e-12) {
				g.lo, g.hi = w.lo, w.hi
			}
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("chartRows =\n%+v\nwant\n%+v", got, want)
	}
}

// TestChartLayout checks the fixes of issue 81: every shape lies on the
// canvas (the machine line no longer starts left of it), no value label
// lies on a marker or a spread, every point with more than one sample has
// its spread, and every absent point has a note saying why.
func TestChartLayout(t *testing.T) {
	rows := chartRows(chartResults())
	s := drawChart(rows, chartEnv)
	canvas := box{0, 0, s.w, s.h}
	byClass := map[string][]shape{}
	for _, sh := range s.shapes {
		byClass[strings.Fields(sh.class)[0]] = append(byClass[strings.Fields(sh.class)[0]], sh)
		if !sh.box.within(canvas) {
			t.Errorf("%s %q at %+v is off the %gx%g canvas", sh.class, sh.text, sh.box, s.w, s.h)
		}
	}
	for _, v := range byClass["value"] {
		for _, m := range append(byClass["marker"], byClass["spread-cap"]...) {
			if v.box.overlaps(m.box) {
				t.Errorf("row %d: value label %q at %+v overlaps %s at %+v", v.row, v.text, v.box, m.class, m.box)
			}
		}
	}
	for i, r := range rows {
		spreads, want := 0, 0
		for _, sh := range byClass["spread"] {
			if sh.row == i {
				spreads++
			}
		}
		for _, p := range r.points {
			if p.samples > 1 {
				want++
			}
		}
		if spreads != want {
			t.Errorf("row %d (%s): %d spreads, want %d", i, r.label, spreads, want)
		}
		checkNotes(t, i, r, byClass)
	}
	if len(byClass["machine"]) < 2 {
		t.Errorf("the machine's caption, wider than the chart, is not wrapped: %+v", byClass["machine"])
	}
}

// checkNotes checks that data row i's label carries the mark of the note
// of each of its absent points, and that the note is below the chart.
func checkNotes(t *testing.T, i int, r chartRow, byClass map[string][]shape) {
	t.Helper()
	var label string
	for _, sh := range byClass["label"] {
		if sh.row == i {
			label = sh.text
		}
	}
	for _, n := range r.notes() {
		found := false
		for _, sh := range byClass["note"] {
			mark, text, _ := strings.Cut(sh.text, " ")
			if text == n {
				found = true
				if !strings.HasSuffix(label, mark) && !strings.Contains(label, mark) {
					t.Errorf("row %d: label %q lacks the mark %s of its note %q", i, label, mark, n)
				}
			}
		}
		if !found {
			t.Errorf("row %d (%s): no note %q", i, r.label, n)
		}
	}
	if r.header == "" && len(r.notes()) == 0 && label != r.label {
		t.Errorf("row %d: label %q, want %q", i, label, r.label)
	}
}

// TestChartSVG writes the chart and checks that it is well-formed XML
// naming the variants, and that there is no chart of no speedups.
func TestChartSVG(t *testing.T) {
	var buf bytes.Buffer
	if err := writeChart(&buf, chartEnv, chartResults()); err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, buf.Bytes())
	for _, want := range []string{"tiled", "gridStride¹²", "hillisSteele³", "³ " + noteTooSlow, "scan  n=16777216   (1× = handParallel, 10.0 ms)", "0.0360×"} {
		if !strings.Contains(strings.Join(texts, "\n"), want) {
			t.Errorf("chart lacks %q; its texts: %q", want, texts)
		}
	}
	if err := writeChart(&buf, chartEnv, chartResults()[7:8]); err != errNoChart {
		t.Errorf("writeChart of no speedups: %v, want %v", err, errNoChart)
	}
}

// overlaps reports whether b and c share more than an edge.
func (b box) overlaps(c box) bool {
	return b.x0 < c.x1 && c.x0 < b.x1 && b.y0 < c.y1 && c.y0 < b.y1
}

// within reports whether b lies inside c.
func (b box) within(c box) bool {
	return b.x0 >= c.x0 && b.x1 <= c.x1 && b.y0 >= c.y0 && b.y1 <= c.y1
}

// TestWrapText checks the breaking of captions into lines.
func TestWrapText(t *testing.T) {
	for _, c := range []struct {
		text  string
		width float64
		want  []string
	}{
		{"one two three", 1000, []string{"one two three"}},
		{"one two three", textWidth("one two", 10, false), []string{"one two", "three"}},
		{"one two three", 1, []string{"one", "two", "three"}},
		{"", 100, []string{""}},
	} {
		if got := wrapText(c.text, 10, c.width); !reflect.DeepEqual(got, c.want) {
			t.Errorf("wrapText(%q, %g) = %q, want %q", c.text, c.width, got, c.want)
		}
	}
	if w := textWidth("0123456789", 10, false); math.Abs(w-1.15*55.6) > 1e-9 {
		t.Errorf("textWidth of ten digits at 10px = %g, want 1.15 × 55.6 (Helvetica's 556 units each)", w)
	}
}

// svgTexts parses an SVG document and returns its texts.
func svgTexts(t *testing.T, data []byte) []string {
	t.Helper()
	var texts []string
	for dec := xml.NewDecoder(bytes.NewReader(data)); ; {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("chart is not XML: %v", err)
		}
		if cd, ok := tok.(xml.CharData); ok && len(bytes.TrimSpace(cd)) > 0 {
			texts = append(texts, string(cd))
		}
	}
	return texts
}
