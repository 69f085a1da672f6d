package main

import (
	"encoding/json"
	"io"
)

// A benchReport is everything a bench run found, as -json writes it.
type benchReport struct {
	Command   string        `json:"command"`
	Env       benchEnv      `json:"env"`
	Quick     bool          `json:"quick"`
	Count     int           `json:"count"`       // samples per variant
	WarmUpNs  int64         `json:"warmup_ns"`   // warm-up per variant
	MinTimeNs int64         `json:"min_time_ns"` // least duration of a sample
	Results   []benchResult `json:"results"`
}

// writeJSON writes r as indented JSON.
func (r benchReport) writeJSON(w io.Writer) error {
	if r.Results == nil {
		r.Results = []benchResult{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
