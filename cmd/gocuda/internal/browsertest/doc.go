// Package browsertest loads the web pages of gocuda profile -html and
// gocuda check -html in headless Chromium (through chromedp) and checks
// them against the JSON output of the same run. It is a module of its
// own so that chromedp never enters the gocuda module's dependencies.
//
// Its tests skip where no Chromium can be found (Debian's chromium
// package; GOCUDA_CHROMIUM names another binary). With -docshots they
// also regenerate the tutorials' screenshots:
//
//	cd cmd/gocuda/internal/browsertest && go test -run TestPages -docshots
package browsertest
