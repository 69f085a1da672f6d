package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/gocuda/gocuda/probe"
)

// readRecords reads the file the instrumented processes appended their
// records to: JSON objects, one a line.
func readRecords(path string) ([]probe.Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return decodeRecords(f)
}

// decodeRecords decodes the records of r.
func decodeRecords(r io.Reader) ([]probe.Record, error) {
	var records []probe.Record
	dec := json.NewDecoder(r)
	for {
		var rec probe.Record
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

// reports returns the reports among records, then those probe.Finish
// draws from the whole run.
func reports(records []probe.Record) []*probe.Report {
	var rs []*probe.Report
	for _, r := range records {
		if r.Report != nil {
			rs = append(rs, r.Report)
		}
	}
	return append(rs, probe.Finish(records)...)
}

// profiles returns the kernel profiles among records.
func profiles(records []probe.Record) []*probe.KernelProfile {
	var ps []*probe.KernelProfile
	for _, r := range records {
		if r.Profile != nil {
			ps = append(ps, r.Profile)
		}
	}
	return ps
}
