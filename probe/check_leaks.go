package probe

import "fmt"

// memcheck's leak check: a process has no exit hook, so the checker writes
// a MemoryEvent for every allocation and free, and Finish, run by the
// command over every process's records, reports the allocations never
// freed.

// A MemoryEvent is an allocation or a free of package mem, as a Record.
type MemoryEvent struct {
	Op      string `json:"op"`      // "alloc" or "free"
	Process string `json:"process"` // the process, unique across a run's processes
	ID      uint64 `json:"id"`      // the allocation, unique in its process
	Size    int    `json:"size,omitempty"`
	Addr    uint64 `json:"addr,omitempty"`
	What    string `json:"what,omitempty"` // the allocating call, such as "mem.Malloc"
	// Func, File and Line are the program's call that allocated or freed.
	Func string `json:"func,omitempty"`
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
}

// Finish returns the findings that need the whole run's records: one
// memcheck report per allocation never freed by the end of its process, in
// the order of the records. The command calls it once the tests have run.
func Finish(records []Record) []*Report {
	type key struct {
		process string
		id      uint64
	}
	live := map[key]*MemoryEvent{}
	var order []key
	for _, r := range records {
		ev := r.Memory
		if ev == nil {
			continue
		}
		k := key{ev.Process, ev.ID}
		switch ev.Op {
		case "alloc":
			live[k] = ev
			order = append(order, k)
		case "free":
			delete(live, k)
		}
	}
	var leaks []*Report
	for _, k := range order {
		if ev := live[k]; ev != nil {
			leaks = append(leaks, leak(ev))
		}
	}
	return leaks
}

// leak is the report of the allocation ev never freed.
func leak(ev *MemoryEvent) *Report {
	return &Report{
		Tool: "memcheck", Severity: "ERROR", Space: spaceGlobal.String(), Size: ev.Size, Addr: ev.Addr,
		What:     fmt.Sprintf("Leaked %d bytes at %#x", ev.Size, ev.Addr),
		Accesses: []Access{{Kind: "alloc", Func: ev.Func, File: ev.File, Line: ev.Line}},
		Detail:   fmt.Sprintf("allocated by %s and never freed", ev.What),
		Count:    1,
	}
}
