package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBench runs one kernel's comparison with short samples and checks the
// table, the JSON file and the chart.
func TestBench(t *testing.T) {
	dir := t.TempDir()
	jsonFile, svgFile := filepath.Join(dir, "out.json"), filepath.Join(dir, "out.svg")
	var stdout, stderr bytes.Buffer
	code := run([]string{"bench", "-quick", "-kernel", "saxpy", "-time", "1ms", "-json", jsonFile, "-svg", svgFile}, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, &stdout, &stderr)
	}
	if !strings.Contains(stderr.String(), "[1/1] saxpy n=1048576:") {
		t.Errorf("no progress on stderr:\n%s", &stderr)
	}
	var got struct {
		Results []benchResult `json:"results"`
	}
	data, err := os.ReadFile(jsonFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	variants := map[string]benchResult{}
	for _, r := range got.Results {
		variants[r.Variant] = r
		if r.Kernel != "saxpy" || r.N != 1<<20 || !r.Verified || r.NsPerOp <= 0 || r.Speedup <= 0 || r.Rate <= 0 {
			t.Errorf("result %+v", r)
		}
		if f := rowFields(stdout.String(), "saxpy", r.Variant); len(f) == 0 {
			t.Errorf("no saxpy rows in the table:\n%s", &stdout)
		}
	}
	for _, v := range []string{"perThread", "gridStride", "perThreadCompiled", "gridStrideCompiled", "handSerial", "handParallel"} {
		if _, ok := variants[v]; !ok {
			t.Errorf("no %s result in %s", v, data)
		}
	}
	if s := variants["handParallel"].Speedup; s != 1 {
		t.Errorf("handParallel's speedup over itself = %v", s)
	}
	checkSVG(t, svgFile, len(got.Results))
}

// checkSVG checks that the chart is well-formed XML with a bar per result.
func checkSVG(t *testing.T, name string, results int) {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	bars := 0
	for dec := xml.NewDecoder(f); ; {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("chart is not XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "rect" {
			bars++
		}
	}
	if bars != results {
		t.Errorf("chart has %d bars, want %d", bars, results)
	}
}

func TestBenchUsage(t *testing.T) {
	for _, args := range [][]string{
		{"bench", "-kernel", "bogus"},
		{"bench", "-bogus"},
		{"bench", "extra"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitUsage {
			t.Errorf("gocuda %q: exit %d, want %d; stderr:\n%s", args, code, exitUsage, &stderr)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"help", "bench"}, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "usage: gocuda bench") {
		t.Errorf("gocuda help bench: exit %d, stdout:\n%s", code, &stdout)
	}
}

// TestBenchReportsFailure: a variant that fails its check is a "no" row, a
// FAIL line, and no timing.
func TestBenchReportsFailure(t *testing.T) {
	var out bytes.Buffer
	writeBenchTable(&out, 2, benchOptions{samples: 3}, []benchResult{
		{Kernel: "scan", Variant: "coarsened", N: 8, Error: "element 3 = 2, want 3"},
	})
	if !strings.Contains(out.String(), "scan n=8 coarsened: FAIL: element 3 = 2, want 3") {
		t.Errorf("no failure line:\n%s", &out)
	}
	if f := rowFields(out.String(), "scan", "coarsened"); len(f) == 0 || f[len(f)-1] != "no" {
		t.Errorf("scan row = %q, want verified no", f)
	}
}
