package main

import (
	"fmt"
	"html"
	"html/template"
	"strings"

	"github.com/gocuda/gocuda/gpu"
	"github.com/gocuda/gocuda/probe/record"
)

// The profile page's charts, drawn as inline SVG: the occupancy
// calculator's three graphs, the timing model's bounds, and the table of
// the kernel on other GPUs.

// An occPoint is one point of an occupancy graph.
type occPoint struct{ x, y int }

// occupancyCharts returns the occupancy calculator's graphs for p's most
// launched configuration on p's architecture: active warps per SM against
// threads per block, registers per thread and shared memory per block,
// the others held at the kernel's, with the kernel's point marked.
func occupancyCharts(p *record.KernelProfile) []template.HTML {
	if len(p.Configs) == 0 {
		return nil
	}
	a := archOf(p)
	lim := a.Limits()
	cfg := p.Configs[0]
	threads, regs, smem := cfg.Block[0]*cfg.Block[1]*cfg.Block[2], p.Registers, cfg.StaticShared+cfg.DynamicShared
	warps := func(t, r, s int) int {
		o, err := a.OccupancyMaxActiveBlocksPerMultiprocessor(t, r, s)
		if err != nil {
			return 0
		}
		return o.WarpsPerSM
	}
	var block, reg, shared []occPoint
	for t := 32; t <= lim.MaxThreadsPerBlock; t += 32 {
		block = append(block, occPoint{t, warps(t, regs, smem)})
	}
	for r := 1; r <= lim.MaxRegsPerThread; r++ {
		reg = append(reg, occPoint{r, warps(threads, r, smem)})
	}
	step := max(lim.SmemUnit, lim.MaxSmemPerBlock/192)
	for s := 0; s <= lim.MaxSmemPerBlock; s += step {
		shared = append(shared, occPoint{s, warps(threads, regs, s)})
	}
	return []template.HTML{
		stepChart("block", "threads per block", block, lim.WarpsPerSM, occPoint{threads, warps(threads, regs, smem)}),
		stepChart("registers", "registers per thread", reg, lim.WarpsPerSM, occPoint{regs, warps(threads, regs, smem)}),
		stepChart("shared", "shared memory per block (bytes)", shared, lim.WarpsPerSM, occPoint{smem, warps(threads, regs, smem)}),
	}
}

// stepChart draws points as the occupancy calculator's step graph of
// active warps per SM (up to ymax) against xlabel, with mark circled.
func stepChart(id, xlabel string, pts []occPoint, ymax int, mark occPoint) template.HTML {
	const w, h, x0, y0, pw, ph = 340, 206, 44, 20, 270, 140
	xmax := max(pts[len(pts)-1].x, mark.x, 1)
	px := func(x int) float64 { return x0 + float64(pw)*float64(x)/float64(xmax) }
	py := func(y int) float64 { return y0 + float64(ph) - float64(ph)*float64(y)/float64(max(ymax, 1)) }
	var b strings.Builder
	fmt.Fprintf(&b, `<figure><svg class="chart" data-chart="%s" width="%d" height="%d" viewBox="0 0 %d %d" role="img">`, id, w, h, w, h)
	for _, f := range []float64{0, .25, .5, .75, 1} {
		y := py(int(f * float64(ymax)))
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#e3e7ee"/><text x="%d" y="%.1f" font-size="10" text-anchor="end" fill="#5b6576">%.0f%%</text>`,
			x0, y, x0+pw, y, x0-4, y+3, 100*f)
	}
	for i, f := range []float64{0, .5, 1} {
		x := px(int(f * float64(xmax)))
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" font-size="10" text-anchor="%s" fill="#5b6576">%d</text>`,
			x, y0+ph+13, []string{"start", "middle", "end"}[i], int(f*float64(xmax)))
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11" text-anchor="middle" fill="#1d2430">%s</text>`, x0+pw/2, h-6, html.EscapeString(xlabel))
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#9aa5b6"/>`, x0, y0, pw, ph)
	b.WriteString(`<path fill="none" stroke="#1f6feb" stroke-width="2" d="`)
	for i, p := range pts {
		switch {
		case i == 0:
			fmt.Fprintf(&b, "M%.1f %.1f", px(p.x), py(p.y))
		case p.y != pts[i-1].y:
			fmt.Fprintf(&b, "H%.1fV%.1f", px(p.x), py(p.y))
		case i == len(pts)-1:
			fmt.Fprintf(&b, "H%.1f", px(p.x))
		}
	}
	b.WriteString(`"/>`)
	fmt.Fprintf(&b, `<circle class="mark" data-x="%d" data-y="%d" cx="%.1f" cy="%.1f" r="6" fill="#c62828" stroke="#fff" stroke-width="2"/>`,
		mark.x, mark.y, px(mark.x), py(mark.y))
	fmt.Fprintf(&b, `<text x="%d" y="11" font-size="11" font-weight="600" fill="#c62828">● this kernel: %d → %d warps/SM</text>`,
		x0, mark.x, mark.y)
	b.WriteString(`</svg>`)
	fmt.Fprintf(&b, `<figcaption>Active warps per SM against %s.</figcaption></figure>`, html.EscapeString(xlabel))
	return template.HTML(b.String())
}

// timingBars draws the timing model's account of p's longest launch: the
// predicted time beside the DRAM and issue bounds, and MWP beside CWP
// and the active warps.
func timingBars(p *record.KernelProfile) template.HTML {
	t := p.Timing
	var b strings.Builder
	b.WriteString(`<figure><svg class="timing" width="660" height="132" viewBox="0 0 660 132" role="img">`)
	bars := func(x int, title string, rows []struct {
		label, text string
		v           float64
		hot         bool
	}) {
		most := 0.0
		for _, r := range rows {
			most = max(most, r.v)
		}
		fmt.Fprintf(&b, `<text x="%d" y="14" font-size="12" font-weight="600" fill="#14213d">%s</text>`, x, title)
		for i, r := range rows {
			y := 24 + 34*i
			wd := 0.0
			if most > 0 {
				wd = 170 * r.v / most
			}
			color := "#8fb3e8"
			if r.hot {
				color = "#c62828"
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11" fill="#5b6576">%s</text><rect x="%d" y="%d" width="%.1f" height="14" fill="%s"/><text x="%.1f" y="%d" font-size="11" fill="#1d2430">%s</text>`,
				x, y+11, r.label, x+110, y, max(wd, 1), color, float64(x+114)+wd, y+11, r.text)
		}
	}
	type row = struct {
		label, text string
		v           float64
		hot         bool
	}
	bars(0, "Time of the longest launch", []row{
		{"predicted", fmtNanos(t.LaunchNS), t.LaunchNS, true},
		{"DRAM bound", fmtNanos(t.DRAMNS), t.DRAMNS, false},
		{"issue bound", fmtNanos(t.IssueNS), t.IssueNS, false},
	})
	bars(340, "Hong & Kim: warps per SM", []row{
		{"MWP (memory)", sig3(t.MWP), t.MWP, t.MWP < t.CWP},
		{"CWP (compute)", sig3(t.CWP), t.CWP, t.CWP <= t.MWP},
		{"active warps", sig3(t.Warps), t.Warps, false},
	})
	b.WriteString(`</svg><figcaption>The smaller of MWP and CWP names what the warps wait for; the bounds are the roofline's.</figcaption></figure>`)
	return template.HTML(b.String())
}

// presetTable returns the table of the same kernel's profiles ps on
// several GPUs, the page's own first.
func presetTable(ps []*record.KernelProfile) template.HTML {
	var b strings.Builder
	b.WriteString(`<table class="presets"><tr><th></th>`)
	for i, p := range ps {
		class := ""
		if i == 0 {
			class = ` class="chosen"`
		}
		name := p.GPU
		if g, err := gpu.LookupGPU(p.GPU); err == nil {
			name = g.Name
		}
		fmt.Fprintf(&b, `<th%s>%s<br>%s</th>`, class, html.EscapeString(name), html.EscapeString(p.Arch))
	}
	b.WriteString(`</tr>`)
	row := func(label, path string, text func(p *record.KernelProfile) string) {
		fmt.Fprintf(&b, `<tr><td>%s</td>`, label)
		for _, p := range ps {
			fmt.Fprintf(&b, `<td data-gpu="%s" data-metric="%s">%s</td>`, html.EscapeString(p.GPU), path, html.EscapeString(text(p)))
		}
		b.WriteString(`</tr>`)
	}
	occ := func(p *record.KernelProfile) record.Occupancy {
		if len(p.Configs) == 0 {
			return record.Occupancy{}
		}
		return p.Configs[0].Occupancy
	}
	timing := func(p *record.KernelProfile) record.Timing {
		if p.Timing == nil {
			return record.Timing{}
		}
		return *p.Timing
	}
	row("predicted time", "predicted_ns", func(p *record.KernelProfile) string { return fmtNanos(p.PredictedNS) })
	row("bound by", "bottleneck", func(p *record.KernelProfile) string { return p.Bottleneck })
	row("occupancy", "configs.0.occupancy.theoretical_occupancy", func(p *record.KernelProfile) string { return fmtPercent(100 * occ(p).Fraction) })
	row("limited by", "configs.0.occupancy.limit", func(p *record.KernelProfile) string { return occ(p).Limit })
	row("MWP", "timing.mwp", func(p *record.KernelProfile) string { return sig3(timing(p).MWP) })
	row("CWP", "timing.cwp", func(p *record.KernelProfile) string { return sig3(timing(p).CWP) })
	row("gld_transactions/request", "metrics.gld_transactions_per_request", func(p *record.KernelProfile) string {
		return sig3(p.Metrics.GldTransactionsPerRequest)
	})
	row("gst_transactions/request", "metrics.gst_transactions_per_request", func(p *record.KernelProfile) string {
		return sig3(p.Metrics.GstTransactionsPerRequest)
	})
	row("shared_ld_bank_conflict", "total.shared_ld_bank_conflict", func(p *record.KernelProfile) string {
		return fmtCount(p.Total.SharedLdConflicts)
	})
	b.WriteString(`</table>`)
	return template.HTML(b.String())
}
