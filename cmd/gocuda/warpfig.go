package main

import (
	"fmt"
	"html"
	"html/template"
	"slices"
	"strings"

	"github.com/gocuda/gocuda/gpu"
	"github.com/gocuda/gocuda/probe/record"
)

// The warp access diagrams of the profile page, as CUDA courses draw
// them: a warp's 32 lanes above, what they touch below (the segments,
// lines or sectors of global memory, the banks of shared memory), a line
// from each lane to its bytes.

// lanePalette colours lanes by the unit (or bank row) they touch.
var lanePalette = []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf"}

// Geometry of a diagram: lanes' boxes, and where the memory row starts.
const (
	figLeft  = 24
	figPitch = 27 // a lane's (and a bank's) width, gap included
	figBox   = 24
	figLaneY = 24
	figMemY  = 150
)

// warpDiagrams returns the diagrams of the worst warp accesses of p's
// costliest global and shared lines.
func warpDiagrams(p *record.KernelProfile, root string) []template.HTML {
	var figs []template.HTML
	a := archOf(p)
	if l := costliestLine(p, func(l record.LineProfile) *record.WarpAccess { return l.WorstGlobal },
		func(l record.LineProfile) int { return l.GldTransactions + l.GstTransactions }); l != nil {
		figs = append(figs, globalDiagram(a, l, relPath(root, l.File)))
	}
	if l := costliestLine(p, func(l record.LineProfile) *record.WarpAccess { return l.WorstShared },
		func(l record.LineProfile) int { return l.SharedLdTransactions + l.SharedStTransactions }); l != nil {
		figs = append(figs, sharedDiagram(a, l, relPath(root, l.File)))
	}
	return figs
}

// costliestLine returns the line of p whose worst access (by worst) is
// costliest per request, then a load rather than a store (a tile is read
// across the way it was written), then the line with the most
// transactions (by total); nil if no line has such an access.
func costliestLine(p *record.KernelProfile, worst func(record.LineProfile) *record.WarpAccess, total func(record.LineProfile) int) *record.LineProfile {
	key := func(l record.LineProfile) [3]int {
		w := worst(l)
		load := 0
		if strings.HasPrefix(w.Kind, "load") {
			load = 1
		}
		return [3]int{w.Transactions * 1000 / max(w.Requests, 1), load, total(l)}
	}
	var best *record.LineProfile
	var bestKey [3]int
	for i := range p.Lines {
		l := &p.Lines[i]
		if worst(*l) == nil {
			continue
		}
		if k := key(*l); best == nil || slices.Compare(k[:], bestKey[:]) > 0 {
			best, bestKey = l, k
		}
	}
	return best
}

// globalUnit returns the unit a diagram of global accesses on a draws,
// and its name: the sector, line or segment of GPU-MODELS.md §1.1.
func globalUnit(a gpu.Arch, size int) (int64, string) {
	switch {
	case a.Major >= 5:
		return 32, "sector"
	case a.Major >= 2:
		return 128, "line"
	case a.Minor <= 1:
		return int64(max(64, 16*size)), "segment"
	case size == 1:
		return 32, "segment"
	case size == 2:
		return 64, "segment"
	}
	return 128, "segment"
}

// figLaneX is the left edge of lane (or bank) i.
func figLaneX(i int) int { return figLeft + figPitch*i }

// figStart opens a diagram's SVG with its title and data attributes.
func figStart(b *strings.Builder, height int, attrs, title string) {
	w := figLeft*2 + figPitch*32
	fmt.Fprintf(b, `<figure><svg class="warp" width="%d" height="%d" viewBox="0 0 %d %d" role="img" %s>`, w, height, w, height, attrs)
	fmt.Fprintf(b, `<text x="%d" y="14" class="ft">%s</text>`, figLeft, html.EscapeString(title))
}

// figLanes draws the lane boxes, each coloured by color(lane) ("" for
// an inactive lane), with its address below.
func figLanes(b *strings.Builder, addrs []int64, color func(int) string, label func(int) string) {
	for lane, addr := range addrs {
		x := figLaneX(lane)
		fill, text := "#eceff3", "#9aa5b6"
		if addr >= 0 {
			fill, text = color(lane), "#fff"
		}
		fmt.Fprintf(b, `<rect class="lane" data-addr="%d" x="%d" y="%d" fill="%s"/>`, addr, x, figLaneY, fill)
		fmt.Fprintf(b, `<text x="%d" y="%d" class="fl" fill="%s">%d</text>`, x+figBox/2, figLaneY+14, text, lane)
		if addr >= 0 {
			fmt.Fprintf(b, `<text transform="translate(%d %d)rotate(-90)" class="fa">%s</text>`,
				x+figBox/2+3, figLaneY+24, html.EscapeString(label(lane)))
		}
	}
}

// globalDiagram draws the worst global access of line l on a.
func globalDiagram(a gpu.Arch, l *record.LineProfile, file string) template.HTML {
	w := l.WorstGlobal
	unit, unitName := globalUnit(a, w.Size)
	var units []int64
	for _, addr := range w.Addrs {
		if addr >= 0 {
			for u := addr / unit; u <= (addr+int64(w.Size)-1)/unit; u++ {
				units = append(units, u)
			}
		}
	}
	slices.Sort(units)
	units = slices.Compact(units)
	if len(units) == 0 {
		return ""
	}
	first := units[0] * unit
	span := float64(figPitch*32) / float64(len(units))
	uw := min(span-4, 220)
	ux := func(i int) float64 { return figLeft + float64(i)*span + (span-uw)/2 }
	color := func(lane int) string {
		return lanePalette[slices.Index(units, w.Addrs[lane]/unit)%len(lanePalette)]
	}
	var b strings.Builder
	title := fmt.Sprintf("%s:%d — global %s of %d-byte words on %v: %d %s%s of %d B for %d request%s",
		file, l.Line, w.Kind, w.Size, a, w.Transactions, unitName, plural(w.Transactions), unit, w.Requests, plural(w.Requests))
	figStart(&b, figMemY+58, fmt.Sprintf(`data-space="global" data-line="%d" data-transactions="%d" data-units="%d" data-unit="%d"`,
		l.Line, w.Transactions, len(units), unit), title)
	figLanes(&b, w.Addrs, color, func(lane int) string { return fmt.Sprintf("+%d", w.Addrs[lane]-first) })
	for i, u := range units {
		x := ux(i)
		fmt.Fprintf(&b, `<rect class="unit" x="%.0f" y="%d" width="%.0f" height="26"/>`, x, figMemY, uw)
		thin := uw*float64(w.Size)/float64(unit) < 3
		if thin {
			fmt.Fprintf(&b, `<rect x="%.0f" y="%d" width="%.0f" height="26" fill="%s" opacity=".75"/>`, x, figMemY, uw, lanePalette[i%len(lanePalette)])
		}
		for _, addr := range w.Addrs {
			if !thin && addr >= 0 && addr/unit == u {
				off := float64(addr-u*unit) / float64(unit)
				fmt.Fprintf(&b, `<rect x="%.1f" y="%d" width="%.1f" height="26" fill="%s" opacity=".75"/>`,
					x+off*uw, figMemY, max(uw*float64(w.Size)/float64(unit), 1), lanePalette[i%len(lanePalette)])
			}
		}
		if i > 0 && units[i-1] != u-1 {
			fmt.Fprintf(&b, `<text x="%.0f" y="%d" class="fm">⋯</text>`, x-(span-uw)/2, figMemY+17)
		}
		if len(units) <= 8 || i == 0 || i == len(units)-1 {
			fmt.Fprintf(&b, `<text x="%.0f" y="%d" class="fm">+%d</text>`, x+uw/2, figMemY+40, u*unit-first)
		}
	}
	for lane, addr := range w.Addrs {
		if addr < 0 {
			continue
		}
		i := slices.Index(units, addr/unit)
		x := ux(i) + uw*(float64(addr-units[i]*unit)+float64(w.Size)/2)/float64(unit)
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%.1f" y2="%d" stroke="%s"/>`,
			figLaneX(lane)+figBox/2, figLaneY+58, x, figMemY, color(lane))
	}
	useful := 0
	for _, addr := range w.Addrs {
		if addr >= 0 {
			useful += w.Size
		}
	}
	fmt.Fprintf(&b, `</svg><figcaption>The costliest warp-level access of this line: %d bytes asked for, %d %s%s of %d B moved (%s used). Offsets are from the first %s touched.</figcaption></figure>`,
		useful, len(units), unitName, plural(len(units)), unit, fmtPercent(100*float64(useful)/float64(int64(len(units))*unit)), unitName)
	return template.HTML(b.String())
}

// sharedDiagram draws the worst shared access of line l on a: each bank
// a column of the distinct words asked of it, a column of n words an
// n-way conflict.
func sharedDiagram(a gpu.Arch, l *record.LineProfile, file string) template.HTML {
	w := l.WorstShared
	banks := 32
	if a.Major == 1 {
		banks = 16
	}
	words := make([][]int64, banks) // per bank, the distinct words asked of it
	laneWord := make([]int64, 32)
	for lane, addr := range w.Addrs {
		if addr < 0 || a.Major == 1 && lane >= 16 {
			laneWord[lane] = -1
			continue
		}
		word := addr / 4
		laneWord[lane] = word
		bank := int(word % int64(banks))
		if !slices.Contains(words[bank], word) {
			words[bank] = append(words[bank], word)
		}
	}
	ways := 1
	for _, ws := range words {
		ways = max(ways, len(ws))
	}
	cell := min(16, 120/ways)
	bankOf := func(lane int) int { return int(laneWord[lane] % int64(banks)) }
	color := func(lane int) string {
		if len(words[bankOf(lane)]) > 1 {
			return "#c62828"
		}
		return "#1f77b4"
	}
	var b strings.Builder
	title := fmt.Sprintf("%s:%d — shared %s on %v: %d wavefront%s where %d would do (%d-way bank conflict)",
		file, l.Line, w.Kind, a, w.Transactions, plural(w.Transactions), max(w.Ideal, 1), ways)
	figStart(&b, figMemY+cell*ways+40, fmt.Sprintf(`data-space="shared" data-line="%d" data-transactions="%d" data-ways="%d"`,
		l.Line, w.Transactions, ways), title)
	addrs := slices.Clone(w.Addrs)
	if a.Major == 1 {
		for lane := 16; lane < 32; lane++ {
			addrs[lane] = -1
		}
	}
	figLanes(&b, addrs, color, func(lane int) string { return fmt.Sprintf("[%d]", laneWord[lane]) })
	for bank := range banks {
		x := figLaneX(bank)
		fmt.Fprintf(&b, `<text x="%d" y="%d" class="fm">b%d</text>`, x+figBox/2, figMemY-4, bank)
		fmt.Fprintf(&b, `<rect class="bank" data-words="%d" x="%d" y="%d" height="%d"/>`,
			len(words[bank]), x, figMemY, cell*ways)
		for i := range words[bank] {
			fill := "#1f77b4"
			if len(words[bank]) > 1 {
				fill = "#c62828"
			}
			fmt.Fprintf(&b, `<rect class="word" x="%d" y="%d" height="%d" fill="%s"/>`, x, figMemY+cell*i, cell, fill)
		}
	}
	for lane, word := range laneWord {
		if word < 0 {
			continue
		}
		bank := bankOf(lane)
		row := slices.Index(words[bank], word)
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s"/>`,
			figLaneX(lane)+figBox/2, figLaneY+58, figLaneX(bank)+figBox/2, figMemY+cell*row+cell/2, color(lane))
	}
	note := ""
	if a.Major == 1 {
		note = " On 1.x each half-warp is its own request: the first is drawn."
	}
	fmt.Fprintf(&b, `</svg><figcaption>The costliest warp-level access of this line. Labels are word indices in the block's shared memory; a bank serves one distinct word per wavefront, so a column of n words is an n-way conflict (one word read by many lanes is a broadcast).%s</figcaption></figure>`, note)
	return template.HTML(b.String())
}
