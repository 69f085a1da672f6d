package record

import "fmt"

// memcheck's leak check: a process has no exit hook, so the checker writes
// a MemoryEvent for every allocation and free, and Leaks, run by the
// command over every process's records, reports the allocations never
// freed.

// Leaks returns the findings that need the whole run's records: one
// memcheck report per place in the program that allocated memory some of
// which was never freed by the end of its process, with the bytes and
// allocations leaked there, in the order of the first leaked allocation's
// record.
func Leaks(records []Record) []*Report {
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
	type place struct {
		what, fn, file string
		line           int
	}
	type leaked struct {
		first       *MemoryEvent
		bytes, held int
	}
	var places []place
	byPlace := map[place]*leaked{}
	for _, k := range order {
		ev := live[k]
		if ev == nil {
			continue
		}
		p := place{ev.What, ev.Func, ev.File, ev.Line}
		l := byPlace[p]
		if l == nil {
			l = &leaked{first: ev}
			byPlace[p] = l
			places = append(places, p)
		}
		l.bytes += ev.Size
		l.held++
	}
	var leaks []*Report
	for _, p := range places {
		l := byPlace[p]
		leaks = append(leaks, leak(l.first, l.bytes, l.held))
	}
	return leaks
}

// leak is the report of n allocations of bytes in all made where ev was,
// never freed.
func leak(ev *MemoryEvent, bytes, n int) *Report {
	what := fmt.Sprintf("Leaked %d bytes at %#x", bytes, ev.Addr)
	detail := fmt.Sprintf("allocated by %s and never freed", ev.What)
	if n > 1 {
		what = fmt.Sprintf("Leaked %d bytes in %d allocations", bytes, n)
		detail = fmt.Sprintf("allocated by %s here and never freed; the first at %#x", ev.What, ev.Addr)
	}
	return &Report{
		Tool: "memcheck", Severity: Error, Space: "__global__", Size: bytes, Addr: ev.Addr,
		What:     what,
		Accesses: []Access{{Kind: "alloc", Func: ev.Func, File: ev.File, Line: ev.Line}},
		Detail:   detail,
		Count:    n,
	}
}
