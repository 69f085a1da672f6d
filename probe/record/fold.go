package record

import "fmt"

// A foldKey identifies the reports of one problem: the same finding
// between the same sites of the same kernel.
type foldKey struct {
	tool, what, kernel, space string
	sameValue                 bool
	sites                     [2]site
}

// A site is where an access of a folded report happened.
type site struct {
	kind, fn, file, expr string
	line                 int
}

func keyOf(r *Report) foldKey {
	k := foldKey{tool: r.Tool, what: r.What, kernel: r.Kernel, space: r.Space, sameValue: r.SameValue}
	for i, a := range r.Accesses {
		if i < len(k.sites) {
			k.sites[i] = site{a.Kind, a.Func, a.File, a.Expr, a.Line}
		}
	}
	return k
}

// Fold folds reports into one per problem: one per kind of finding,
// kernel and pair of sites, whatever the launches, processes, blocks or
// addresses they came from. A folded report keeps the first report's
// example, or the first error's where warnings and errors fold together
// (hazards between warps and within one between the same two lines);
// its Count and Launches are the sums, its Threads and Addresses the
// most of any report folded into it. Reports come out in the order their
// first report came; the inputs are not modified.
func Fold(reports []*Report) []*Report {
	var out []*Report
	byKey := map[foldKey]*Report{}
	for _, r := range reports {
		if r == nil {
			continue
		}
		k := keyOf(r)
		f := byKey[k]
		if f == nil {
			c := *r
			c.Launches = max(c.Launches, 1)
			byKey[k] = &c
			out = append(out, &c)
			continue
		}
		if f.Severity != Error && r.Severity == Error {
			count, threads, addrs, launches := f.Count, f.Threads, f.Addresses, f.Launches
			*f = *r
			f.Count, f.Threads, f.Addresses, f.Launches = count, threads, addrs, launches
		}
		f.Count += r.Count
		f.Threads = max(f.Threads, r.Threads)
		f.Addresses = max(f.Addresses, r.Addresses)
		f.Launches += max(r.Launches, 1)
	}
	return out
}

// Visible returns the reports a person sees by default: all but the
// same-value write-after-write hazards, unless sameValue. It also returns
// how many it left out.
func Visible(reports []*Report, sameValue bool) (shown []*Report, hidden int) {
	for _, r := range reports {
		if r.SameValue && !sameValue {
			hidden++
			continue
		}
		shown = append(shown, r)
	}
	return shown, hidden
}

// Summary returns compute-sanitizer's last line for reports: "ERROR
// SUMMARY: 2 errors, 1 warning".
func Summary(reports []*Report) string {
	errs, warns := 0, 0
	for _, r := range reports {
		if r.Severity == Error {
			errs++
		} else {
			warns++
		}
	}
	return fmt.Sprintf("%sERROR SUMMARY: %d error%s, %d warning%s", prefix, errs, plural(errs), warns, plural(warns))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
