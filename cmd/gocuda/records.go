package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/gocuda/gocuda/probe/record"
)

// readRecords reads the file the instrumented processes appended their
// records to: JSON objects, one a line.
func readRecords(path string) ([]record.Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return decodeRecords(f)
}

// decodeRecords decodes the records of r.
func decodeRecords(r io.Reader) ([]record.Record, error) {
	var records []record.Record
	dec := json.NewDecoder(r)
	for {
		var rec record.Record
		err := dec.Decode(&rec)
		if errors.Is(err, io.EOF) {
			return records, nil
		}
		if err != nil {
			return records, fmt.Errorf("reading the probe's record %d: %w", len(records)+1, err)
		}
		records = append(records, rec)
	}
}

// reports returns the reports among records folded into one per problem
// (record.Fold), then the leaks record.Leaks draws from the whole run.
func reports(records []record.Record) []*record.Report {
	var rs []*record.Report
	for _, r := range records {
		if r.Report != nil {
			rs = append(rs, r.Report)
		}
	}
	return append(record.Fold(rs), record.Leaks(records)...)
}

// profiles returns the kernel profiles among records.
func profiles(records []record.Record) []*record.KernelProfile {
	var ps []*record.KernelProfile
	for _, r := range records {
		if r.Profile != nil {
			ps = append(ps, r.Profile)
		}
	}
	return ps
}

// writeUnprobedNote tells w of the launches among records that ran their
// kernel's compiled form, proved race-free, and of those kernels: check
// had no probe there, and found what the compiled form reports itself.
func writeUnprobedNote(w io.Writer, records []record.Record) {
	launches := map[string]int{}
	for _, r := range records {
		if r.Unprobed != nil {
			launches[r.Unprobed.Kernel]++
		}
	}
	if len(launches) == 0 {
		return
	}
	kernels := slices.Sorted(maps.Keys(launches))
	n := 0
	for _, k := range kernels {
		n += launches[k]
	}
	fmt.Fprintf(w, "gocuda: %d launch%s of %d kernel%s proved race-free ran compiled, unprobed: %s\n",
		n, map[bool]string{true: "", false: "es"}[n == 1], len(kernels), plural(len(kernels)), strings.Join(kernels, ", "))
}
