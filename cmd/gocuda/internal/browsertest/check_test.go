package browsertest

import (
	"fmt"
	"strings"
	"testing"
)

// A pageReport is a report's section of the check page.
type pageReport struct {
	Fields   map[string]string
	Accesses []map[string]string
	Marked   int // source lines marked as an access's
}

// extractCheck is the script that reads a check page's reports.
const extractCheck = `Array.from(document.querySelectorAll("section.report")).map(s => ({
	Fields: Object.fromEntries(Array.from(s.querySelectorAll(":scope > h2 [data-field], :scope > table.facts:not(.accesses) [data-field]")).map(e => [e.dataset.field, e.textContent])),
	Accesses: Array.from(s.querySelectorAll("tr[data-access]")).map(r => Object.fromEntries(Array.from(r.querySelectorAll("[data-field]")).map(e => [e.dataset.field, e.textContent]))),
	Marked: s.querySelectorAll("tr.mark, tr.mark2").length
}))`

// checkCheckPage checks each report's section against the JSON reports
// the page shows (those not hidden as same-value hazards).
func checkCheckPage(t *testing.T, page []pageReport, reports []map[string]any) {
	var want []map[string]any
	for _, r := range reports {
		if r["same_value"] != true {
			want = append(want, r)
		}
	}
	if len(page) != len(want) || len(page) < 3 {
		t.Fatalf("%d reports on the page, %d in the JSON", len(page), len(want))
	}
	for i, r := range want {
		got := page[i]
		for _, f := range []string{"tool", "severity", "what", "kernel", "space", "offset", "size", "count", "threads", "addresses", "launches", "detail"} {
			v, ok := r[f]
			if !ok {
				if _, shown := got.Fields[f]; shown && f != "offset" {
					t.Errorf("report %d: the page shows %s, the JSON has none", i, f)
				}
				continue
			}
			if s := fmt.Sprint(v); got.Fields[f] != s {
				t.Errorf("report %d: %s is %q on the page, %q in the JSON", i, f, got.Fields[f], s)
			}
		}
		accesses := r["accesses"].([]any)
		if len(got.Accesses) != len(accesses) {
			t.Fatalf("report %d: %d accesses on the page, %d in the JSON", i, len(got.Accesses), len(accesses))
		}
		for j, a := range accesses {
			a := a.(map[string]any)
			g := got.Accesses[j]
			th, bl := a["thread"].([]any), a["block"].([]any)
			if g["kind"] != a["kind"] || g["thread"] != fmt.Sprintf("(%v,%v,%v)", th...) || g["block"] != fmt.Sprintf("(%v,%v,%v)", bl...) ||
				!strings.HasSuffix(g["line"], fmt.Sprintf(":%v", a["line"])) || !strings.HasSuffix(a["file"].(string), strings.Split(g["line"], ":")[0]) {
				t.Errorf("report %d access %d: page %v, JSON %v", i, j, g, a)
			}
		}
		if got.Marked == 0 {
			t.Errorf("report %d: no source line marked", i)
		}
	}
}
