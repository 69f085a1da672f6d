package main

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"regexp"
	"slices"
	"strings"

	"github.com/gocuda/gocuda/gpu"
	"github.com/gocuda/gocuda/probe/record"
)

// The web page of gocuda profile -html: per kernel, a summary card, the
// source with per-line heat, warp access diagrams of the costliest lines,
// the occupancy calculator's graphs, and the kernel on the other -gpu
// presets. Every figure is computed here and drawn as inline SVG.

// heatMetrics are the metrics the page can colour the source by, the
// first by default: a line's memory transactions of every kind.
var heatMetrics = []string{"transactions", "gld_transactions", "gst_transactions", "shared_load_transactions",
	"shared_store_transactions", "bank_conflicts", "divergent_branch", "inst_executed", "thread_inst_executed"}

// A profilePage is the profile page's data.
type profilePage struct {
	Title, Subtitle string
	CSS             template.CSS
	JS              template.JS
	Metrics         []string
	Kernels         []*kernelView
}

// A kernelView is one kernel's section of the page.
type kernelView struct {
	ID, Name             string
	P                    *record.KernelProfile
	Occupancy, Predicted string // for the table of contents
	Cards                []card
	Timing               template.HTML
	Sources              []sourceView
	Diagrams             []template.HTML
	OccCharts            []template.HTML
	Presets              template.HTML
}

// A card is a summary card: a headline figure and labelled values.
type card struct {
	Title, Big, BigNote, BigClass, Why string
	Items                              []cardItem
}

// A cardItem is one value of a card; Path is where it is in the kernel's
// JSON (record.KernelProfile), for the page's tests.
type cardItem struct{ Label, Text, Path, Class string }

// A sourceView is a file's functions that hold a kernel's lines.
type sourceView struct {
	File string
	Rows []sourceRow
}

// A sourceRow is one line of source; M is its metrics as JSON, if the
// profile has the line.
type sourceRow struct {
	Line     int
	Code     template.HTML
	M, Where string
}

// writeProfileHTML writes the profiles ps as a web page to w: the
// kernels on the GPU named first in gpus (every profile if gpus is
// empty), each beside its profiles on the others. Paths are shown
// relative to root.
func writeProfileHTML(w io.Writer, ps []*record.KernelProfile, gpus []string, root string) error {
	page, err := newProfilePage(record.MergeProfiles(ps), gpus, root)
	if err != nil {
		return err
	}
	t, err := pageTemplate("profile.html")
	if err != nil {
		return err
	}
	return t.Execute(w, page)
}

// newProfilePage returns the page of the merged profiles ps.
func newProfilePage(ps []*record.KernelProfile, gpus []string, root string) (*profilePage, error) {
	css, js, err := pageAssets()
	if err != nil {
		return nil, err
	}
	page := &profilePage{Title: "gocuda profile", CSS: css, JS: js, Metrics: heatMetrics}
	src := sourceCache{}
	for i, p := range ps {
		if len(gpus) > 0 && p.GPU != gpus[0] {
			continue
		}
		var others []*record.KernelProfile
		for _, g := range gpus[min(1, len(gpus)):] {
			if j := slices.IndexFunc(ps, func(q *record.KernelProfile) bool { return q.Kernel == p.Kernel && q.GPU == g }); j >= 0 {
				others = append(others, ps[j])
			}
		}
		page.Kernels = append(page.Kernels, newKernelView(i, p, others, src, root))
	}
	page.Subtitle = profileSubtitle(page.Kernels, gpus)
	return page, nil
}

// profileSubtitle says what the page shows.
func profileSubtitle(ks []*kernelView, gpus []string) string {
	s := fmt.Sprintf("%d kernel%s", len(ks), plural(len(ks)))
	if len(ks) > 0 {
		p := ks[0].P
		s += fmt.Sprintf(" on %s, %d registers per thread assumed", p.Arch, p.Registers)
		if p.GPU != "" {
			s += ", times predicted for the " + p.GPU
		}
	}
	if len(gpus) > 1 {
		s += "; compared with " + strings.Join(gpus[1:], ", ")
	}
	return s
}

var nonWord = regexp.MustCompile(`[^A-Za-z0-9]+`)

// newKernelView returns the section of kernel profile p, the i-th.
func newKernelView(i int, p *record.KernelProfile, others []*record.KernelProfile, src sourceCache, root string) *kernelView {
	k := &kernelView{ID: fmt.Sprintf("k%d-%s", i, nonWord.ReplaceAllString(p.Kernel, "-")), Name: p.Kernel, P: p,
		Occupancy: "–", Predicted: "–"}
	if len(p.Configs) > 0 && p.Configs[0].Occupancy.Error == "" {
		k.Occupancy = fmtPercent(100 * p.Configs[0].Occupancy.Fraction)
	}
	if p.Timing != nil {
		k.Predicted = fmtNanos(p.PredictedNS)
		k.Timing = timingBars(p)
	}
	k.Cards = []card{occupancyCard(p), timeCard(p), divergenceCard(p), memoryCard(p)}
	k.Sources = kernelSources(p, src, root)
	k.Diagrams = warpDiagrams(p, root)
	k.OccCharts = occupancyCharts(p)
	if len(others) > 0 {
		k.Presets = presetTable(append([]*record.KernelProfile{p}, others...))
	}
	return k
}

// lineCost is a line's memory transactions of every kind, as the text
// summary ranks lines.
func lineCost(c record.Counts) int {
	return c.GldTransactions + c.GstTransactions + c.SharedLdTransactions + c.SharedStTransactions +
		c.LocalLdTransactions + c.LocalStTransactions + c.SharedAtomOperations + c.GlobalAtomOperations
}

// lineMetrics returns l's non-zero counts and metrics by their JSON
// names, with the heat's totals, as a JSON object.
func lineMetrics(l record.LineProfile) string {
	m := map[string]float64{}
	for _, v := range []any{l.Counts, l.Metrics} {
		b, _ := json.Marshal(v)
		_ = json.Unmarshal(b, &m)
	}
	m["transactions"] = float64(lineCost(l.Counts))
	m["bank_conflicts"] = float64(l.SharedLdConflicts + l.SharedStConflicts)
	for k, v := range m {
		if v == 0 {
			delete(m, k)
		}
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// kernelSources returns the functions holding p's lines, file by file,
// each line with its metrics.
func kernelSources(p *record.KernelProfile, src sourceCache, root string) []sourceView {
	var views []sourceView
	byFile := map[string]map[int]record.LineProfile{}
	var files []string
	for _, l := range p.Lines {
		if byFile[l.File] == nil {
			byFile[l.File] = map[int]record.LineProfile{}
			files = append(files, l.File)
		}
		byFile[l.File][l.Line] = l
	}
	for _, file := range files {
		f, lines := src.get(file), byFile[file]
		var extents [][2]int
		for n := range lines {
			extents = append(extents, f.extent(n))
		}
		slices.SortFunc(extents, func(a, b [2]int) int { return a[0] - b[0] })
		extents = slices.Compact(extents)
		v := sourceView{File: relPath(root, file)}
		shown := map[int]bool{}
		for _, e := range extents {
			for n := e[0]; n <= e[1]; n++ {
				if shown[n] {
					continue
				}
				shown[n] = true
				row := sourceRow{Line: n, Code: f.line(n)}
				if l, ok := lines[n]; ok {
					row.M, row.Where = lineMetrics(l), fmt.Sprintf("%s:%d (%s)", v.File, n, l.Func)
				}
				v.Rows = append(v.Rows, row)
			}
		}
		views = append(views, v)
	}
	return views
}

// archOf parses p's architecture, sm_90 if it cannot.
func archOf(p *record.KernelProfile) gpu.Arch {
	a, err := gpu.ParseArch(p.Arch)
	if err != nil {
		return gpu.Arch{Major: 9}
	}
	return a
}
