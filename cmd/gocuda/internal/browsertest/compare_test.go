package browsertest

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// What the page shows, as extracted by its DOM.
type (
	pageKernel struct {
		Kernel, GPU, Arch string
		Cards, Presets    []pageValue
		Lines             []pageLine
		Warps             []pageWarp
		Charts            []pageChart
		Heat              int // lines with a heat colour
	}
	pageValue struct{ GPU, Path, Text string }
	pageLine  struct {
		Line  int
		Where string
		M     map[string]float64
	}
	pageWarp struct {
		Space                          string
		Line, Transactions, Units, Way int
		Lanes                          []int64
		Banks                          []int
	}
	pageChart struct {
		Chart string
		X, Y  int
	}
)

// extractProfile is the script that reads a profile page's figures.
const extractProfile = `Array.from(document.querySelectorAll("section.kernel")).map(s => ({
	Kernel: s.dataset.kernel, GPU: s.dataset.gpu, Arch: s.dataset.arch,
	Cards: Array.from(s.querySelectorAll(".card [data-metric]")).map(e => ({GPU: "", Path: e.dataset.metric, Text: e.textContent})),
	Presets: Array.from(s.querySelectorAll("table.presets td[data-metric]")).map(e => ({GPU: e.dataset.gpu, Path: e.dataset.metric, Text: e.textContent})),
	Lines: Array.from(s.querySelectorAll("tr[data-m]")).map(e => ({Line: +e.dataset.line, Where: e.dataset.where, M: JSON.parse(e.dataset.m)})),
	Heat: Array.from(s.querySelectorAll("tr[data-m] td.code")).filter(e => e.style.background !== "").length,
	Warps: Array.from(s.querySelectorAll("svg.warp")).map(e => ({Space: e.dataset.space, Line: +e.dataset.line,
		Transactions: +e.dataset.transactions, Units: +(e.dataset.units || 0), Way: +(e.dataset.ways || 0),
		Lanes: Array.from(e.querySelectorAll("rect.lane")).map(r => +r.dataset.addr),
		Banks: Array.from(e.querySelectorAll("rect.bank")).map(r => +r.dataset.words)})),
	Charts: Array.from(s.querySelectorAll("svg.chart")).map(e => ({Chart: e.dataset.chart,
		X: +e.querySelector(".mark").dataset.x, Y: +e.querySelector(".mark").dataset.y}))
}))`

// lookup returns the value at the dotted path in v (indices for arrays).
func lookup(v any, path string) (any, bool) {
	for key := range strings.SplitSeq(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[key]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(key)
			if err != nil || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

var number = regexp.MustCompile(`-?[0-9][0-9,]*(\.[0-9]+)?`)

// shown returns the number text shows, in the JSON's units: times in
// nanoseconds, percentages as fractions where the JSON has fractions.
func shown(path, text string) (float64, error) {
	m := number.FindString(text)
	if m == "" {
		return 0, fmt.Errorf("no number in %q", text)
	}
	x, err := strconv.ParseFloat(strings.ReplaceAll(m, ",", ""), 64)
	if err != nil {
		return 0, err
	}
	switch {
	case strings.HasSuffix(text, " ms"):
		x *= 1e6
	case strings.HasSuffix(text, " µs"):
		x *= 1e3
	case strings.HasSuffix(text, "%") && (strings.HasSuffix(path, "occupancy") || strings.HasSuffix(path, "_share")):
		x /= 100
	}
	return x, nil
}

// same reports whether the page's text for path agrees with the JSON
// value want, to the page's three significant digits.
func same(path, text string, want any) error {
	switch w := want.(type) {
	case string:
		if text != w {
			return fmt.Errorf("shows %q, JSON has %q", text, w)
		}
	case []any:
		nums := number.FindAllString(text, -1)
		if len(nums) != len(w) {
			return fmt.Errorf("shows %q, JSON has %v", text, w)
		}
		for i, n := range nums {
			if f, _ := strconv.ParseFloat(n, 64); f != w[i].(float64) {
				return fmt.Errorf("shows %q, JSON has %v", text, w)
			}
		}
	case float64:
		got, err := shown(path, text)
		if err != nil {
			return err
		}
		if math.Abs(got-w) > 0.006*math.Abs(w)+0.006 {
			return fmt.Errorf("shows %q (%g), JSON has %g", text, got, w)
		}
	default:
		return fmt.Errorf("JSON value %v of type %T", want, want)
	}
	return nil
}

// checkValues checks the page's values against profile p.
func checkValues(t *testing.T, kernel string, vs []pageValue, p map[string]any) {
	t.Helper()
	for _, v := range vs {
		want, ok := lookup(p, v.Path)
		if !ok {
			if v.Path == "bottleneck" || strings.HasPrefix(v.Path, "timing.") || v.Path == "predicted_ns" {
				want = map[bool]any{true: "", false: 0.0}[v.Path == "bottleneck"] // omitted: zero
			} else {
				t.Errorf("%s: the page shows %s, which the JSON lacks", kernel, v.Path)
				continue
			}
		}
		if err := same(v.Path, v.Text, want); err != nil {
			t.Errorf("%s on %s: %s: %v", kernel, v.GPU, v.Path, err)
		}
	}
}

// profileOf returns the JSON profile of kernel on gpu.
func profileOf(profiles []map[string]any, kernel, gpu string) map[string]any {
	for _, p := range profiles {
		if p["kernel"] == kernel && p["gpu"] == gpu {
			return p
		}
	}
	return nil
}

// checkProfilePage checks each kernel section of a profile page against
// the JSON profiles of the same run.
func checkProfilePage(t *testing.T, page []pageKernel, profiles []map[string]any) {
	var want []string
	for _, p := range profiles {
		if p["gpu"] == profileGPUs[0] {
			want = append(want, p["kernel"].(string))
		}
	}
	var got []string
	for _, k := range page {
		got = append(got, k.Kernel)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) || len(got) < 5 {
		t.Fatalf("the page's kernels %v, the JSON's on the %s %v", got, profileGPUs[0], want)
	}
	diagrams := 0
	for _, k := range page {
		p := profileOf(profiles, k.Kernel, profileGPUs[0])
		if len(k.Cards) < 20 {
			t.Errorf("%s: %d values on the cards", k.Kernel, len(k.Cards))
		}
		checkValues(t, k.Kernel, k.Cards, p)
		if len(k.Presets) != 9*len(profileGPUs) {
			t.Errorf("%s: %d cells in the table of GPUs, want %d", k.Kernel, len(k.Presets), 9*len(profileGPUs))
		}
		for _, v := range k.Presets {
			checkValues(t, k.Kernel, []pageValue{v}, profileOf(profiles, k.Kernel, v.GPU))
		}
		checkLines(t, k, p)
		checkCharts(t, k, p)
		checkWarps(t, k, p)
		diagrams += len(k.Warps)
	}
	if diagrams < 4 {
		t.Errorf("%d warp diagrams on the page: the transposes and reductions have global and shared ones", diagrams)
	}
}

// checkLines checks that every line of the profile has its heat row with
// its counts.
func checkLines(t *testing.T, k pageKernel, p map[string]any) {
	t.Helper()
	lines, _ := p["lines"].([]any)
	if len(k.Lines) != len(lines) {
		t.Errorf("%s: %d lines with metrics on the page, %d in the JSON", k.Kernel, len(k.Lines), len(lines))
	}
	hot := 0
	for _, l := range lines {
		l := l.(map[string]any)
		row := -1
		for i, r := range k.Lines {
			if float64(r.Line) == l["line"].(float64) && strings.Contains(l["file"].(string), strings.Split(r.Where, ":")[0]) {
				row = i
			}
		}
		if row < 0 {
			t.Errorf("%s: line %v of %v not on the page", k.Kernel, l["line"], l["file"])
			continue
		}
		for name, v := range l {
			if f, ok := v.(float64); ok && name != "line" && f != k.Lines[row].M[name] {
				t.Errorf("%s line %v: %s is %v on the page, %v in the JSON", k.Kernel, l["line"], name, k.Lines[row].M[name], f)
			}
		}
		if k.Lines[row].M["transactions"] > 0 {
			hot++
		}
	}
	if k.Heat != hot {
		t.Errorf("%s: %d lines coloured, %d with transactions", k.Kernel, k.Heat, hot)
	}
}

// checkCharts checks the occupancy graphs' marked points.
func checkCharts(t *testing.T, k pageKernel, p map[string]any) {
	t.Helper()
	num := func(path string) int {
		v, _ := lookup(p, path)
		f, _ := v.(float64)
		return int(f)
	}
	if len(k.Charts) != 3 {
		t.Fatalf("%s: %d occupancy graphs, want 3", k.Kernel, len(k.Charts))
	}
	warps := num("configs.0.occupancy.active_warps_per_sm")
	x := map[string]int{
		"block":     num("configs.0.block.0") * num("configs.0.block.1") * num("configs.0.block.2"),
		"registers": num("registers_per_thread"),
		"shared":    num("configs.0.static_shared_bytes") + num("configs.0.dynamic_shared_bytes"),
	}
	for _, c := range k.Charts {
		if c.X != x[c.Chart] || c.Y != warps {
			t.Errorf("%s: the %s graph marks (%d, %d warps), the JSON has (%d, %d)", k.Kernel, c.Chart, c.X, c.Y, x[c.Chart], warps)
		}
	}
}

// checkWarps checks each warp diagram against its line's worst access.
func checkWarps(t *testing.T, k pageKernel, p map[string]any) {
	t.Helper()
	for _, w := range k.Warps {
		var access map[string]any
		for _, l := range p["lines"].([]any) {
			if l := l.(map[string]any); int(l["line"].(float64)) == w.Line {
				access, _ = l["worst_"+w.Space].(map[string]any)
			}
		}
		if access == nil {
			t.Errorf("%s: a %s diagram of line %d, which has no worst_%s", k.Kernel, w.Space, w.Line, w.Space)
			continue
		}
		if float64(w.Transactions) != access["transactions"].(float64) {
			t.Errorf("%s line %d: %d transactions drawn, JSON %v", k.Kernel, w.Line, w.Transactions, access["transactions"])
		}
		addrs := access["addrs"].([]any)
		if len(w.Lanes) != 32 || len(addrs) != 32 {
			t.Fatalf("%s line %d: %d lanes drawn, %d in the JSON", k.Kernel, w.Line, len(w.Lanes), len(addrs))
		}
		for i, a := range addrs {
			if float64(w.Lanes[i]) != a.(float64) && !(k.Arch == "sm_10" && i >= 16) {
				t.Errorf("%s line %d lane %d: address %d drawn, %v in the JSON", k.Kernel, w.Line, i, w.Lanes[i], a)
			}
		}
		modern := k.Arch >= "sm_50"
		switch {
		case w.Space == "global" && modern && w.Units != w.Transactions:
			t.Errorf("%s line %d: %d sectors drawn for %d transactions", k.Kernel, w.Line, w.Units, w.Transactions)
		case w.Space == "shared" && modern && access["size"].(float64) == 4 && w.Way != w.Transactions:
			t.Errorf("%s line %d: a %d-way conflict drawn for %d wavefronts", k.Kernel, w.Line, w.Way, w.Transactions)
		case w.Space == "shared" && len(w.Banks) != 32 && modern:
			t.Errorf("%s line %d: %d banks drawn", k.Kernel, w.Line, len(w.Banks))
		}
	}
}
