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

// touchedUnits returns the units of size unit that w's lanes touch, in
// order.
func touchedUnits(w *record.WarpAccess, unit int64) []int64 {
	var units []int64
	for _, addr := range w.Addrs {
		if addr >= 0 {
			for u := addr / unit; u <= (addr+int64(w.Size)-1)/unit; u++ {
				units = append(units, u)
			}
		}
	}
	slices.Sort(units)
	return slices.Compact(units)
}

// A unitRow lays out the units a global access touches along the width
// of the warp's lanes.
type unitRow struct {
	units    []int64
	unit     int64
	span, uw float64 // the room of a unit, and its box's width
}

func newUnitRow(units []int64, unit int64) unitRow {
	span := float64(figPitch*32) / float64(len(units))
	return unitRow{units: units, unit: unit, span: span, uw: min(span-4, 220)}
}

// x returns the left edge of unit box i.
func (r unitRow) x(i int) float64 { return figLeft + float64(i)*r.span + (r.span-r.uw)/2 }

// at returns where the middle of size bytes at addr is drawn.
func (r unitRow) at(addr int64, size int) float64 {
	i := slices.Index(r.units, addr/r.unit)
	return r.x(i) + r.uw*(float64(addr-r.units[i]*r.unit)+float64(size)/2)/float64(r.unit)
}

// draw draws the unit boxes with the bytes w asks for filled, gaps
// between units that are not adjacent, and offsets from the first.
func (r unitRow) draw(b *strings.Builder, w *record.WarpAccess) {
	first := r.units[0] * r.unit
	width := r.uw * float64(w.Size) / float64(r.unit)
	for i, u := range r.units {
		x, color := r.x(i), lanePalette[i%len(lanePalette)]
		fmt.Fprintf(b, `<rect class="unit" x="%.0f" y="%d" width="%.0f" height="26"/>`, x, figMemY, r.uw)
		if width < 3 { // too thin to see a word: the unit is filled
			fmt.Fprintf(b, `<rect x="%.0f" y="%d" width="%.0f" height="26" fill="%s" opacity=".75"/>`, x, figMemY, r.uw, color)
		}
		for _, addr := range w.Addrs {
			if width >= 3 && addr >= 0 && addr/r.unit == u {
				fmt.Fprintf(b, `<rect x="%.1f" y="%d" width="%.1f" height="26" fill="%s" opacity=".75"/>`,
					r.at(addr, w.Size)-width/2, figMemY, width, color)
			}
		}
		if i > 0 && r.units[i-1] != u-1 {
			fmt.Fprintf(b, `<text x="%.0f" y="%d" class="fm">⋯</text>`, x-(r.span-r.uw)/2, figMemY+17)
		}
		if len(r.units) <= 8 || i == 0 || i == len(r.units)-1 {
			fmt.Fprintf(b, `<text x="%.0f" y="%d" class="fm">+%d</text>`, x+r.uw/2, figMemY+40, u*r.unit-first)
		}
	}
}

// globalDiagram draws the worst global access of line l on a.
func globalDiagram(a gpu.Arch, l *record.LineProfile, file string) template.HTML {
	w := l.WorstGlobal
	u, unitName := a.GlobalUnit(w.Size)
	unit := int64(u)
	units := touchedUnits(w, unit)
	if len(units) == 0 {
		return ""
	}
	row := newUnitRow(units, unit)
	first := units[0] * unit
	color := func(lane int) string {
		return lanePalette[slices.Index(units, w.Addrs[lane]/unit)%len(lanePalette)]
	}
	var b strings.Builder
	title := fmt.Sprintf("%s:%d — global %s of %d-byte words on %v: %d %s%s of %d B for %d request%s",
		file, l.Line, w.Kind, w.Size, a, w.Transactions, unitName, plural(w.Transactions), unit, w.Requests, plural(w.Requests))
	figStart(&b, figMemY+58, fmt.Sprintf(`data-space="global" data-line="%d" data-transactions="%d" data-units="%d" data-unit="%d"`,
		l.Line, w.Transactions, len(units), unit), title)
	figLanes(&b, w.Addrs, color, func(lane int) string { return fmt.Sprintf("+%d", w.Addrs[lane]-first) })
	row.draw(&b, w)
	useful := 0
	for lane, addr := range w.Addrs {
		if addr >= 0 {
			useful += w.Size
			fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%.1f" y2="%d" stroke="%s"/>`,
				figLaneX(lane)+figBox/2, figLaneY+58, row.at(addr, w.Size), figMemY, color(lane))
		}
	}
	fmt.Fprintf(&b, `</svg><figcaption>The costliest warp-level access of this line: %d bytes asked for, %d %s%s of %d B moved (%s used). Offsets are from the first %s touched.</figcaption></figure>`,
		useful, len(units), unitName, plural(len(units)), unit, fmtPercent(100*float64(useful)/float64(int64(len(units))*unit)), unitName)
	return template.HTML(b.String())
}

// bankWords returns, per bank of a, the distinct words w's lanes ask of
// it, and each lane's word (-1 for none). On 1.x, whose half-warps are
// requests of their own, only the first half-warp's lanes count.
func bankWords(a gpu.Arch, w *record.WarpAccess) (words [][]int64, laneWord []int64) {
	banks := a.SharedBanks()
	words, laneWord = make([][]int64, banks), make([]int64, 32)
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
	return words, laneWord
}

// drawBanks draws each bank as a column of the words asked of it, cell
// pixels each, red where there are several.
func drawBanks(b *strings.Builder, words [][]int64, cell, ways int) {
	for bank, ws := range words {
		x := figLaneX(bank)
		fmt.Fprintf(b, `<text x="%d" y="%d" class="fm">b%d</text>`, x+figBox/2, figMemY-4, bank)
		fmt.Fprintf(b, `<rect class="bank" data-words="%d" x="%d" y="%d" height="%d"/>`, len(ws), x, figMemY, cell*ways)
		fill := "#1f77b4"
		if len(ws) > 1 {
			fill = "#c62828"
		}
		for i := range ws {
			fmt.Fprintf(b, `<rect class="word" x="%d" y="%d" height="%d" fill="%s"/>`, x, figMemY+cell*i, cell, fill)
		}
	}
}

// sharedDiagram draws the worst shared access of line l on a: each bank
// a column of the distinct words asked of it, a column of n words an
// n-way conflict.
func sharedDiagram(a gpu.Arch, l *record.LineProfile, file string) template.HTML {
	w := l.WorstShared
	words, laneWord := bankWords(a, w)
	ways := 1
	for _, ws := range words {
		ways = max(ways, len(ws))
	}
	cell := min(16, 120/ways)
	bankOf := func(lane int) int { return int(laneWord[lane] % int64(len(words))) }
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
	addrs := make([]int64, 32) // the lanes drawn: on 1.x, the first half-warp's
	for lane, word := range laneWord {
		addrs[lane] = w.Addrs[lane]
		if word < 0 {
			addrs[lane] = -1
		}
	}
	figLanes(&b, addrs, color, func(lane int) string { return fmt.Sprintf("[%d]", laneWord[lane]) })
	drawBanks(&b, words, cell, ways)
	for lane, word := range laneWord {
		if word >= 0 {
			bank := bankOf(lane)
			fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s"/>`, figLaneX(lane)+figBox/2, figLaneY+58,
				figLaneX(bank)+figBox/2, figMemY+cell*slices.Index(words[bank], word)+cell/2, color(lane))
		}
	}
	note := ""
	if a.Major == 1 {
		note = " On 1.x each half-warp is its own request: the first is drawn."
	}
	fmt.Fprintf(&b, `</svg><figcaption>The costliest warp-level access of this line. Labels are word indices in the block's shared memory; a bank serves one distinct word per wavefront, so a column of n words is an n-way conflict (one word read by many lanes is a broadcast).%s</figcaption></figure>`, note)
	return template.HTML(b.String())
}
