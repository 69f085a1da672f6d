package main

import (
	"bytes"
	"testing"
)

func TestSig(t *testing.T) {
	tests := []struct {
		v      float64
		digits int
		want   string
	}{
		{0, 3, "0"},
		{1, 3, "1.00"},
		{0.0123456, 3, "0.0123"},
		{0.000184, 3, "0.000184"},
		{12.34, 3, "12.3"},
		{123456, 3, "123456"},
		{9.996, 3, "10.0"},
		{99.96, 3, "100"},
		{-0.5, 2, "-0.50"},
		{0.001, 1, "0.001"},
	}
	for _, tt := range tests {
		if got := sig(tt.v, tt.digits); got != tt.want {
			t.Errorf("sig(%v, %d) = %q, want %q", tt.v, tt.digits, got, tt.want)
		}
	}
}

func TestFormats(t *testing.T) {
	tests := []struct{ got, want string }{
		{formatTime(0.5), "0.500 ns"},
		{formatTime(486), "486 ns"},
		{formatTime(999.96), "1.00 µs"},
		{formatTime(486e3), "486 µs"},
		{formatTime(1.33e6), "1.33 ms"},
		{formatTime(11.6e9), "11.6 s"},
		{formatRate(0.00535, "GB/s"), "0.00535 GB/s"},
		{formatRate(424.4, "GFLOP/s"), "424 GFLOP/s"},
		{formatSpeedup(0.000184), "0.000184×"},
		{formatSpeedup(1), "1.00×"},
		{formatPercent(0.004), "0.4%"},
		{formatPercent(0.123), "12%"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// TestWriteTable: text left-aligned, numbers right-aligned, widths in
// runes, no trailing spaces.
func TestWriteTable(t *testing.T) {
	var b bytes.Buffer
	cols := []column{{"name", false}, {"time", true}, {"x", false}}
	rows := [][]string{{"a", "1.23 µs", "yes"}, {"longer", "486 ms", ""}}
	if err := writeTable(&b, cols, rows); err != nil {
		t.Fatal(err)
	}
	want := "" +
		"name       time  x\n" +
		"a       1.23 µs  yes\n" +
		"longer   486 ms\n"
	if b.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", b.String(), want)
	}
}
