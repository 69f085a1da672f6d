package main

import (
	"fmt"
	"html"
	"html/template"
	"io"
	"slices"
	"strings"

	"github.com/gocuda/gocuda/probe/record"
)

// The web page of gocuda check -html: a section per report with its
// facts, the threads and blocks involved, the accesses in the order they
// happened, and the source lines around them with the accesses marked.

// checkContext is how many lines of source a report shows around each
// of its accesses.
const checkContext = 3

// A checkPage is the check page's data.
type checkPage struct {
	Title, Subtitle, Summary, Hidden string
	CSS                              template.CSS
	Reports                          []reportView
}

// A reportView is one report's section.
type reportView struct {
	Index   int
	R       *record.Report
	Alloc   string
	Figure  template.HTML
	Files   map[string]string // an access's file to the path shown
	Sources []sourceView      // a row's M is its class: the access it holds
}

// writeCheckHTML writes the reports rs (hidden more not shown) as a web
// page to w, with paths relative to root.
func writeCheckHTML(w io.Writer, rs []*record.Report, hidden int, root string) error {
	css, _, err := pageAssets()
	if err != nil {
		return err
	}
	page := &checkPage{Title: "gocuda check", CSS: css, Summary: record.Summary(rs),
		Subtitle: fmt.Sprintf("%d report%s: racecheck, synccheck, memcheck and initcheck, as compute-sanitizer names them", len(rs), plural(len(rs)))}
	if hidden > 0 {
		page.Hidden = fmt.Sprintf("%d same-value write-after-write hazard%s not shown (-same-value shows them).", hidden, plural(hidden))
	}
	src := sourceCache{}
	for i, r := range rs {
		page.Reports = append(page.Reports, newReportView(i, r, src, root))
	}
	t, err := pageTemplate("check.html")
	if err != nil {
		return err
	}
	return t.Execute(w, page)
}

// newReportView returns the section of report r, the i-th.
func newReportView(i int, r *record.Report, src sourceCache, root string) reportView {
	v := reportView{Index: i, R: r, Files: map[string]string{}, Figure: accessFigure(r)}
	if a := r.Alloc; a != nil {
		v.Alloc = fmt.Sprintf("%d bytes from %s", a.Size, a.What)
		if a.File != "" {
			v.Alloc += fmt.Sprintf(" at %s:%d", relPath(root, a.File), a.Line)
		}
	}
	marks := map[string]map[int][]int{} // file, line: the accesses there
	var files []string
	for j, a := range r.Accesses {
		v.Files[a.File] = relPath(root, a.File)
		if marks[a.File] == nil {
			marks[a.File] = map[int][]int{}
			files = append(files, a.File)
		}
		marks[a.File][a.Line] = append(marks[a.File][a.Line], j)
	}
	for _, file := range files {
		f := src.get(file)
		var lines []int
		for l := range marks[file] {
			for n := max(1, l-checkContext); n <= l+checkContext && n <= len(f.lines); n++ {
				lines = append(lines, n)
			}
		}
		slices.Sort(lines)
		sv := sourceView{File: v.Files[file]}
		prev := 0
		for _, n := range slices.Compact(lines) {
			if prev > 0 && n > prev+1 {
				sv.Rows = append(sv.Rows, sourceRow{Code: "⋯"})
			}
			prev = n
			row := sourceRow{Line: n, Code: f.line(n)}
			if js := marks[file][n]; len(js) > 0 {
				row.M = "mark"
				if js[0] > 0 {
					row.M = "mark2"
				}
				var who []string
				for _, j := range js {
					a := r.Accesses[j]
					who = append(who, fmt.Sprintf("#%d %s by thread (%d,%d,%d)", j, a.Kind, a.Thread[0], a.Thread[1], a.Thread[2]))
				}
				row.Where = strings.Join(who, "; ")
			}
			sv.Rows = append(sv.Rows, row)
		}
		v.Sources = append(v.Sources, sv)
	}
	return v
}

// accessFigure draws r's accesses as a timeline: a row per access, the
// thread and block that made it, at the line it made it from, in the
// order they happened, an arrow between a hazard's two.
func accessFigure(r *record.Report) template.HTML {
	if len(r.Accesses) == 0 {
		return ""
	}
	const rowH, w = 46, 760
	var b strings.Builder
	h := rowH*len(r.Accesses) + 10
	fmt.Fprintf(&b, `<figure><svg class="accesses" width="%d" height="%d" viewBox="0 0 %d %d" role="img">`, w, h, w, h)
	colors := []string{"#ef6c00", "#1f6feb"}
	for i, a := range r.Accesses {
		y := 6 + rowH*i
		c := colors[min(i, 1)]
		fmt.Fprintf(&b, `<rect x="4" y="%d" width="300" height="34" rx="6" fill="%s"/>`, y, c)
		fmt.Fprintf(&b, `<text x="14" y="%d" font-size="13" font-weight="600" fill="#fff">thread (%d,%d,%d) of block (%d,%d,%d)</text>`,
			y+22, a.Thread[0], a.Thread[1], a.Thread[2], a.Block[0], a.Block[1], a.Block[2])
		fmt.Fprintf(&b, `<text x="330" y="%d" font-size="13" fill="#1d2430"><tspan font-weight="600">%s</tspan> at line %d: %s</text>`,
			y+22, html.EscapeString(a.Kind), a.Line, html.EscapeString(a.Expr))
		if i > 0 {
			fmt.Fprintf(&b, `<path d="M312 %d C 322 %d, 322 %d, 312 %d" fill="none" stroke="#c62828" stroke-width="2" marker-end="url(#arrow)"/>`,
				y-rowH+17, y-rowH+17, y+17, y+17)
		}
	}
	b.WriteString(`<defs><marker id="arrow" markerWidth="8" markerHeight="8" refX="6" refY="4" orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="#c62828"/></marker></defs>`)
	caption := "The access, by the thread that made it."
	if len(r.Accesses) > 1 {
		caption = "The two accesses in the order they happened, with no barrier (or fence) between them that orders them."
	}
	fmt.Fprintf(&b, `</svg><figcaption>%s</figcaption></figure>`, caption)
	return template.HTML(b.String())
}
