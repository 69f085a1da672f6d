package main

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// values returns the value of every line of out labelled label, one per
// device.
func values(out, label string) []string {
	var vs []string
	for line := range strings.Lines(out) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), label+":"); ok {
			vs = append(vs, strings.TrimSpace(v))
		}
	}
	return vs
}

func TestRunDeviceQuery(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stdout []string          // substrings of stdout
		values map[string]string // label: a value one device shows
		stderr string            // substring of stderr; "" means empty
	}{
		{
			args:   []string{"devicequery"},
			stdout: []string{"gocuda device(s)", "Result = PASS"},
			values: map[string]string{
				"Emulated CUDA compute capability":             "9.0",
				"Multiprocessors (worker goroutines)":          fmt.Sprint(gocuda.Default().Workers()),
				"Warp size":                                    "32",
				"Maximum number of threads per block":          "1024",
				"Maximum number of threads per multiprocessor": "2048",
				"Max dimension size of a thread block (x,y,z)": "(1024, 1024, 64)",
				"Max dimension size of a grid size (x,y,z)":    "(2147483647, 65535, 65535)",
				"Total amount of shared memory per block":      "49152 bytes",
				"Maximum shared memory per block (opt-in)":     "232448 bytes",
				"Total amount of constant memory":              "65536 bytes",
			},
		},
		{
			args: []string{"devicequery", "-workers", "3", "-mem", "512MiB"},
			values: map[string]string{
				"Multiprocessors (worker goroutines)": "3",
				"Total amount of global memory":       "512 MBytes (536870912 bytes)",
			},
		},
		{
			args:   []string{"devicequery", "-mem", "1048576"},
			values: map[string]string{"Total amount of global memory": "1 MBytes (1048576 bytes)"},
		},
		{args: []string{"devicequery", "-h"}, stderr: "usage: gocuda devicequery"},
		{args: []string{"help", "devicequery"}, stdout: []string{"usage: gocuda devicequery", "-workers"}},
		{args: []string{"devicequery", "-workers", "-1"}, code: exitUsage, stderr: "negative"},
		{args: []string{"devicequery", "-workers", "x"}, code: exitUsage, stderr: "invalid value"},
		{args: []string{"devicequery", "-mem", "x"}, code: exitUsage, stderr: "not a byte count"},
		{args: []string{"devicequery", "-mem", "-5"}, code: exitUsage, stderr: "negative"},
		{args: []string{"devicequery", "-mem", "9000000TiB"}, code: exitUsage, stderr: "too large"},
		{args: []string{"devicequery", "extra"}, code: exitUsage, stderr: `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		before := gocuda.DeviceCount() // the table started the default device
		var stdout, stderr bytes.Buffer
		if code := run(tt.args, &stdout, &stderr); code != tt.code {
			t.Errorf("gocuda %q: exit %d, want %d; stderr:\n%s", tt.args, code, tt.code, &stderr)
		}
		for _, want := range tt.stdout {
			if !strings.Contains(stdout.String(), want) {
				t.Errorf("gocuda %q: stdout lacks %q:\n%s", tt.args, want, &stdout)
			}
		}
		for label, want := range tt.values {
			if got := values(stdout.String(), label); !slices.Contains(got, want) {
				t.Errorf("gocuda %q: %s = %q, want a device with %q", tt.args, label, got, want)
			}
		}
		checkStream(t, tt.args, "stderr", stderr.String(), tt.stderr)
		if n := gocuda.DeviceCount(); n != before {
			t.Errorf("gocuda %q left %d devices open, want %d", tt.args, n, before)
		}
	}
}

// TestDeviceQueryDevices prints two devices, and none.
func TestDeviceQueryDevices(t *testing.T) {
	var devs []*gocuda.Device
	for _, workers := range []int{1, 2} {
		d, err := gocuda.NewDevice(gocuda.WithWorkers(workers), gocuda.WithGlobalMem(int64(workers)<<30))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		devs = append(devs, d)
	}
	var out bytes.Buffer
	if !deviceQuery(&out, devs) {
		t.Error("deviceQuery of two devices reported failure")
	}
	s := out.String()
	name := devs[0].Properties().Name
	for _, want := range []string{
		"Detected 2 gocuda device(s)\n",
		fmt.Sprintf("\nDevice %d: %q\n", devs[0].Ordinal(), name),
		fmt.Sprintf("\nDevice %d: %q\n", devs[1].Ordinal(), name),
		"NumDevs = 2\nResult = PASS\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	if got := values(s, "Multiprocessors (worker goroutines)"); !slices.Equal(got, []string{"1", "2"}) {
		t.Errorf("multiprocessors = %q, want [1 2]", got)
	}
	if got := values(s, "Total amount of global memory"); !slices.Equal(got, []string{
		"1024 MBytes (1073741824 bytes)", "2048 MBytes (2147483648 bytes)"}) {
		t.Errorf("global memory = %q", got)
	}
	if got := values(s, "CPU SIMD features"); len(got) != 2 || got[0] != simdFeatures(devs[0].Properties().CPU) {
		t.Errorf("SIMD features = %q", got)
	}

	out.Reset()
	if deviceQuery(&out, nil) || !strings.Contains(out.String(), "Result = FAIL") {
		t.Errorf("deviceQuery of no devices:\n%s", &out)
	}
}

func TestByteSize(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64
		err  bool
	}{
		{"0", 0, false},
		{"4096", 4096, false},
		{"1KiB", 1 << 10, false},
		{"512MiB", 512 << 20, false},
		{"2GiB", 2 << 30, false},
		{"3TiB", 3 << 40, false},
		{"8388607TiB", 8388607 << 40, false},
		{"8388608TiB", 0, true},
		{"", 0, true},
		{"MiB", 0, true},
		{"1.5GiB", 0, true},
		{"1GB", 0, true},
		{"-1", 0, true},
	} {
		var b byteSize
		err := b.Set(tt.in)
		if (err != nil) != tt.err || int64(b) != tt.want {
			t.Errorf("Set(%q) = %d, %v; want %d, error %v", tt.in, b, err, tt.want, tt.err)
		}
	}
}

func TestFormat(t *testing.T) {
	for _, tt := range []struct{ got, want string }{
		{formatSize(0), "unknown"},
		{formatSize(48 << 10), "48 KiB"},
		{formatSize(2 << 20), "2 MiB"},
		{formatSize(1000), "1000 bytes"},
		{formatClock(0), "unknown (cpuid cannot tell)"},
		{formatClock(3_500_000), "3500 MHz (3.50 GHz)"},
		{formatCount(0), "unknown"},
		{formatCount(8), "8"},
		{vendor(""), "unknown vendor"},
		{simdFeatures(gocuda.CPUInfo{}), "none"},
		{simdFeatures(gocuda.CPUInfo{AVX2: true, NEON: true, SVE: true}), "AVX2 NEON SVE"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
