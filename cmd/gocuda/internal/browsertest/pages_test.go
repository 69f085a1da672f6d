package browsertest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// profileGPUs are the presets the profile page compares, the first its
// own.
var profileGPUs = []string{"H100 SXM5", "Tesla V100", "GeForce 8800 GTX"}

// TestPages runs gocuda profile -html and gocuda check -html on the
// library's lesson kernels and the checker's corpus of real mistakes,
// loads both pages in Chromium, and checks every card, heat line,
// diagram, graph and report against the JSON the same runs wrote.
func TestPages(t *testing.T) {
	b := newBrowser(t)
	dir := t.TempDir()
	profHTML, profJSON := filepath.Join(dir, "profile.html"), filepath.Join(dir, "profile.json")
	if code := gocuda(t, root, 0, "profile", "-html", profHTML, "-json", "-o", profJSON, "-gpu", "gh100,gv100,g80",
		"./kernels", "--", "-run", "^(TestLesson.*|TestTranspose)$"); code != 0 {
		t.Fatalf("gocuda profile exited %d", code)
	}
	checkHTML, checkJSON := filepath.Join(dir, "check.html"), filepath.Join(dir, "check.json")
	if code := gocuda(t, root, 1, "check", "-html", checkHTML, "-json", "-o", checkJSON, "./cmd/gocuda/testdata/corpus",
		"--", "-run", "^(TestReduceSinglePassNoFence|TestSoftmaxReuse|TestRotateTile)$"); code != 1 {
		t.Fatalf("gocuda check exited %d, want 1: the corpus's mistakes are reports", code)
	}

	t.Run("profile", func(t *testing.T) {
		b.load(t, profHTML, `body[data-ready="yes"]`)
		var profiles []map[string]any
		readJSON(t, profJSON, &profiles)
		page := evalJS[[]pageKernel](t, b, extractProfile)
		checkProfilePage(t, page, profiles)
		checkInteraction(t, b)
		b.screenshot(t, "", filepath.Join(dir, "profile.png"))
		b.clean(t)
		if *docShots {
			writeDocShots(t, b, profileShots)
		}
	})
	t.Run("check", func(t *testing.T) {
		b.load(t, checkHTML, `p[data-summary]`)
		var reports []map[string]any
		readJSON(t, checkJSON, &reports)
		page := evalJS[[]pageReport](t, b, extractCheck)
		checkCheckPage(t, page, reports)
		b.screenshot(t, "", filepath.Join(dir, "check.png"))
		b.clean(t)
		if *docShots {
			writeDocShots(t, b, checkShots)
		}
	})
	for _, name := range []string{"profile.png", "check.png"} {
		if fi, err := os.Stat(filepath.Join(dir, name)); err != nil || fi.Size() < 10_000 {
			t.Errorf("screenshot %s: %v, %d bytes", name, err, fi.Size())
		}
	}
}

// readJSON decodes the file at path into v.
func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// A docShot is a screenshot of a tutorial: an element of a page.
type docShot struct{ selector, file string }

// The tutorials' screenshots, regenerated with -docshots.
var (
	profileShots = []docShot{
		{`section[data-kernel="kernels.MatMulNaiveKernel"] .cards`, "matmul-naive-card.png"},
		{`section[data-kernel="kernels.MatMulTiledKernel"] .src`, "matmul-tiled-source.png"},
		{`section[data-kernel="kernels.MatMulTiledKernel"] table.presets`, "matmul-tiled-gpus.png"},
		{`section[data-kernel="kernels.ReduceInterleavedKernel"] figure:has(svg.warp[data-space="shared"])`, "reduction-interleaved-banks.png"},
		{`section[data-kernel="kernels.ReduceInterleavedKernel"] .cards`, "reduction-interleaved-card.png"},
		{`section[data-kernel="kernels.TransposeNaiveKernel"] figure:has(svg.warp[data-space="global"])`, "transpose-naive-coalescing.png"},
		{`section[data-kernel="kernels.TransposeTiledKernel"] figure:has(svg.warp[data-space="shared"])`, "transpose-tiled-banks.png"},
		{`section[data-kernel="kernels.TransposePaddedKernel"] figure:has(svg.warp[data-space="shared"])`, "transpose-padded-banks.png"},
		{`section[data-kernel="kernels.MatMulTiledKernel"] .figs:has(svg.chart)`, "profile-occupancy.png"},
	}
	checkShots = []docShot{{`section.report`, "check-report.png"}}
)

// writeDocShots writes shots into docs/tutorials/images.
func writeDocShots(t *testing.T, b *browser, shots []docShot) {
	dir := filepath.Join(root, "docs", "tutorials", "images")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, s := range shots {
		b.screenshot(t, s.selector, filepath.Join(dir, s.file))
	}
}

// interact is the script that colours the tiled transpose's source by
// its shared loads and clicks its first line with metrics: it returns
// the lines coloured, the lines with shared loads, whether the line's
// metrics show, and how many there are against how many the line has.
const interact = `(() => {
	const s = document.querySelector('section.kernel[data-kernel="kernels.TransposeTiledKernel"]');
	const sel = s.querySelector("select.metric");
	sel.value = "shared_load_transactions";
	sel.dispatchEvent(new Event("change"));
	const rows = Array.from(s.querySelectorAll("tr[data-m]"));
	const hot = rows.filter(r => r.querySelector("td.code").style.background !== "").length;
	const want = rows.filter(r => (JSON.parse(r.dataset.m).shared_load_transactions || 0) > 0).length;
	rows[0].click();
	const tip = document.getElementById("tip");
	return [hot, want, tip.style.display === "block" ? 1 : 0, tip.querySelectorAll("tr").length,
		Object.keys(JSON.parse(rows[0].dataset.m)).length];
})()`

// checkInteraction checks that choosing the heat's metric recolours the
// source and that clicking a line shows its metrics.
func checkInteraction(t *testing.T, b *browser) {
	t.Helper()
	got := evalJS[[]int](t, b, interact)
	if got[0] != got[1] || got[1] == 0 {
		t.Errorf("heat by shared_load_transactions colours %d lines, %d have shared loads", got[0], got[1])
	}
	if got[2] != 1 || got[3] != got[4] {
		t.Errorf("clicking a line: metrics shown %v, %d rows for its %d metrics", got[2] == 1, got[3], got[4])
	}
}
