package probe

import (
	"bufio"
	"bytes"
	"encoding/json"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// checked runs f with the checker installed and a two-worker device, and
// returns the records it wrote.
func checked(t *testing.T, f func(dev *gocuda.Device)) []Record {
	t.Helper()
	var buf bytes.Buffer
	dev, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	if err != nil {
		t.Fatal(err)
	}
	uninstall := install(newChecker(), &buf)
	func() {
		defer uninstall()
		defer dev.Close()
		f(dev)
	}()
	var recs []Record
	sc := bufio.NewScanner(&buf)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("record %q: %v", sc.Text(), err)
		}
		recs = append(recs, r)
	}
	return recs
}

// reportsOf returns the reports among recs.
func reportsOf(recs []Record) []*Report {
	var out []*Report
	for _, r := range recs {
		if r.Report != nil {
			out = append(out, r.Report)
		}
	}
	return out
}

// checkReports runs f as checked does and returns its reports, without
// their counts of distinct threads and addresses and of launches, which
// TestReportCounts asserts.
func checkReports(t *testing.T, f func(dev *gocuda.Device)) []*Report {
	t.Helper()
	rs := reportsOf(checked(t, f))
	for _, r := range rs {
		r.Threads, r.Addresses, r.Launches = 0, 0, 0
	}
	return rs
}

// sitesOf registers a kernel's site table, every site in function fn of
// file fn+".go".
func sitesOf(fn string, table ...Site) []Site {
	for i := range table {
		table[i].Func, table[i].File = fn, fn+".go"
	}
	return Register(table)
}

// at is the Access of thread in block at site.
func at(kind string, s *Site, thread, block [3]int) Access {
	return Access{Kind: kind, Thread: thread, Block: block, Func: s.Func, File: s.File, Line: s.Line, Expr: s.Expr}
}

// x is a thread or block index (x,0,0).
func x(i int) [3]int { return [3]int{i, 0, 0} }

// launch1D launches kernel over grid blocks of block threads on dev.
func launch1D(dev *gocuda.Device, grid, block int, kernel func(*gocuda.Thread)) error {
	return dev.Launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: block}}, kernel)
}
