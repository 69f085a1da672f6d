package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"reflect"
	"testing"
	"time"

	"gonum.org/v1/plot/vg"
)

// chartResults are fixed results of two kernels, for the chart's tests.
func chartResults() []benchResult {
	r := func(kernel string, n int, variant string, ns, speedup float64, base string) benchResult {
		return benchResult{Kernel: kernel, SizeKey: "n", N: n, Variant: variant, MedianNs: ns, Speedup: speedup, Baseline: base, Verified: true}
	}
	return []benchResult{
		r("matmul", 256, "tiled", 84e6, 0.036, "handParallel"),
		r("matmul", 256, "naive", 7.4e6, 0.41, "handParallel"),
		r("matmul", 256, "tiledCompiled", 6.2e6, 0.49, "handParallel"),
		r("matmul", 256, "naiveCompiled", 7.4e6, 0.41, "handParallel"),
		r("matmul", 256, "handSerial", 5.8e6, 0.52, "handParallel"),
		r("matmul", 256, "handParallel", 3.04e6, 1, "handParallel"),
		r("saxpy", 1024, "perThread", 6000, 0.1, "handSerial"),
		{Kernel: "saxpy", SizeKey: "n", N: 1024, Variant: "gridStride", Error: "element 3 = 2, want 3"},
		r("saxpy", 1024, "handSerial", 600, 1, "handSerial"),
		r("saxpy", 1024, "handParallel", 1200, 0.5, "handSerial"),
		{Kernel: "scan", SizeKey: "n", N: 8, Variant: "handSerial", Error: "no baseline measured"},
	}
}

func TestChartRows(t *testing.T) {
	got := chartRows(chartResults())
	want := []chartRow{
		{header: "matmul  n=256   (1× = handParallel, 3.04 ms)"},
		{label: "tiled", runtime: 0.036, compiled: 0.49},
		{label: "naive", runtime: 0.41, compiled: 0.41},
		{label: "hand-written Go", serial: 0.52, parallel: 1},
		{header: "saxpy  n=1024   (1× = handSerial, 600 ns)"},
		{label: "perThread", runtime: 0.1},
		{label: "hand-written Go", serial: 1, parallel: 0.5},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("chartRows =\n%+v\nwant\n%+v", got, want)
	}
	lo, hi := speedupRange(got)
	if lo != 0.001 || hi != 10 {
		t.Errorf("speedupRange = %v, %v; want 0.001, 10", lo, hi)
	}
}

// TestChartPNG renders the chart of fixed results to PNG and checks that
// the image decodes, has the size asked for and is not blank: the markers
// of both paths, the baselines and the 1× line are all drawn in their
// colours.
func TestChartPNG(t *testing.T) {
	var buf bytes.Buffer
	env := benchEnv{CPU: "Test CPU", LogicalCPUs: 2, GOMAXPROCS: 2, GOOS: "linux", GOARCH: "amd64", GoVersion: "go1.26", Version: "(devel)", Date: time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)}
	if err := writeChart(&buf, "png", env, chartResults()); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	rows := len(chartRows(chartResults()))
	height := float64(chartRowH*vg.Length(rows+legendRows)+chartExtraH) / 72 * 144
	if b := img.Bounds(); b.Dx() != int(float64(chartWidth)/72*144) || b.Dy() != int(height+0.5) && b.Dy() != int(height) {
		t.Errorf("image %v, want %v×%v pixels", b, float64(chartWidth)/72*144, height)
	}
	colors := colorCounts(img)
	if len(colors) < 8 {
		t.Errorf("%d distinct colours: blank?", len(colors))
	}
	for name, c := range map[string]color.RGBA{"runtime": runtimeColor, "compiled": compiledColor, "hand-written": handColor, "1×": oneColor} {
		if colors[c] < 20 {
			t.Errorf("%d pixels of the %s colour %v", colors[c], name, c)
		}
	}
	if err := writeChart(&buf, "gif", env, chartResults()); err == nil {
		t.Error("writeChart to gif: no error")
	}
	if err := writeChart(&buf, "png", env, chartResults()[7:8]); err != errNoChart {
		t.Errorf("writeChart of no speedups: %v, want %v", err, errNoChart)
	}
}

// colorCounts counts the pixels of each colour in img.
func colorCounts(img image.Image) map[color.RGBA]int {
	counts := map[color.RGBA]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			counts[color.RGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(bl >> 8), A: uint8(a >> 8)}]++
		}
	}
	return counts
}

// checkPNG checks that a chart file decodes and is not blank.
func checkPNG(t *testing.T, name string) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if colors := colorCounts(img); colors[compiledColor] == 0 || colors[runtimeColor] == 0 {
		t.Errorf("chart %s lacks the markers' colours", name)
	}
}
