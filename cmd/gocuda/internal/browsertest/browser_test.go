package browsertest

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

var docShots = flag.Bool("docshots", false, "write the tutorials' screenshots to docs/tutorials/images")

// root is the gocuda module's directory.
const root = "../../../.."

// chromium returns the browser to drive, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("GOCUDA_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium found: install Debian's chromium package (apt-get install -y chromium) or set GOCUDA_CHROMIUM")
	return ""
}

// tool builds the gocuda command once into dir.
var tool = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "gocuda-browsertest-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "gocuda")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/gocuda")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/gocuda: %v\n%s", err, out)
	}
	return bin, nil
})

// gocuda runs the command with args in dir and returns its exit status;
// its output is logged if the status is not want.
func gocuda(t *testing.T, dir string, want int, args ...string) int {
	t.Helper()
	bin, err := tool()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	code := 0
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("gocuda %s: %v\n%s", strings.Join(args, " "), err, &out)
	}
	if code != want {
		t.Logf("gocuda %s: exit status %d:\n%s", strings.Join(args, " "), code, &out)
	}
	return code
}

// A browser is a headless Chromium tab that records the page's console
// errors and every request the page makes.
type browser struct {
	ctx      context.Context
	mu       sync.Mutex
	requests []string
	errors   []string
}

// newBrowser starts Chromium with the flags that keep it off the
// network, and a fresh profile.
func newBrowser(t *testing.T) *browser {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true), chromedp.WindowSize(1300, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	b := &browser{ctx: ctx}
	err := chromedp.Listen(ctx, b.listen)
	if err == nil {
		_, err = chromedp.Call(ctx, network.Enable, network.EnableParams{})
	}
	if err == nil {
		_, err = chromedp.Call(ctx, runtime.Enable, cdp.Empty{})
	}
	if err == nil {
		_, err = chromedp.Call(ctx, cdplog.Enable, cdp.Empty{})
	}
	if err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return b
}

// listen records requests and errors.
func (b *browser) listen(ev any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch e := ev.(type) {
	case *network.EventRequestWillBeSent:
		b.requests = append(b.requests, e.Request.URL)
	case *runtime.EventConsoleAPICalled:
		if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeAssert {
			b.errors = append(b.errors, fmt.Sprintf("console.%s: %d arguments", e.Type, len(e.Args)))
		}
	case *runtime.EventExceptionThrown:
		b.errors = append(b.errors, fmt.Sprintf("exception: %s at %s:%d", e.ExceptionDetails.Text, e.ExceptionDetails.URL, e.ExceptionDetails.LineNumber))
	case *cdplog.EventEntryAdded:
		if e.Entry.Level == cdplog.EntryLevelError {
			b.errors = append(b.errors, "log: "+e.Entry.Text+" "+e.Entry.URL)
		}
	}
}

// load opens the page at path, waits for its script to have run (if it
// has one) and returns how long that took.
func (b *browser) load(t *testing.T, path, ready string) time.Duration {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(b.ctx, time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+abs), chromedp.WaitReady(chromedp.CSS(ready))); err != nil {
		t.Fatalf("loading %s: %v", path, err)
	}
	return time.Since(start)
}

// clean fails t if the page made a request off the local file or wrote
// an error to the console.
func (b *browser) clean(t *testing.T) {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, u := range b.requests {
		if !strings.HasPrefix(u, "file://") && !strings.HasPrefix(u, "data:") {
			t.Errorf("the page requested %s: it must need nothing from the network", u)
		}
	}
	for _, e := range b.errors {
		t.Errorf("console error: %s", e)
	}
	if len(b.requests) == 0 {
		t.Errorf("no request seen at all: the network listener is not working")
	}
}

// evalJS evaluates the JavaScript expression js in b's page.
func evalJS[T any](t *testing.T, b *browser, js string) T {
	t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluating in the page: %v", err)
	}
	return v
}

// screenshot writes a PNG of the element sel (the whole page for "")
// to path, made smaller.
func (b *browser) screenshot(t *testing.T, sel, path string) {
	t.Helper()
	// The page skips drawing sections off screen (content-visibility):
	// a screenshot wants them drawn.
	evalJS[bool](t, b, `(() => { const s = document.createElement("style");
		s.textContent = "section { content-visibility: visible !important; }";
		document.head.appendChild(s); return true; })()`)
	var buf []byte
	var err error
	if sel == "" {
		buf, err = chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	} else {
		buf, err = chromedp.Run(b.ctx, chromedp.Screenshot(chromedp.CSS(sel), chromedp.NodeVisible))
	}
	if err != nil {
		t.Fatalf("screenshot of %q: %v", sel, err)
	}
	small, err := shrinkPNG(buf)
	if err != nil {
		t.Fatalf("screenshot of %q: %v", sel, err)
	}
	if err := os.WriteFile(path, small, 0o644); err != nil {
		t.Fatal(err)
	}
}
