package probe

import "github.com/gocuda/gocuda/probe/record"

// The record types, by the short names the tests use.
type (
	Record        = record.Record
	Report        = record.Report
	Access        = record.Access
	KernelProfile = record.KernelProfile
	LineProfile   = record.LineProfile
	Counts        = record.Counts
	Occupancy     = record.Occupancy
	MemoryEvent   = record.MemoryEvent
)
