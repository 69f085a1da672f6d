package ptxpack

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// Width is the length of an encoded pack's lines, but its last: a
// multiple of 4, so that every line is whole base64 quanta.
const Width = 96

// magic is a pack's first line, which names the format's version.
const magic = "gocuda ptx pack 1\n"

// ErrCorrupt is the error of a pack that does not decode: not base64,
// not zlib, a checksum that does not match, or a header that does not
// describe what follows.
var ErrCorrupt = errors.New("ptxpack: corrupt pack")

// A Module is a PTX module and the name of its entry.
type Module struct {
	Entry string
	Text  string
}

// Encode returns the pack of modules: deterministic (the same modules in
// the same order give the same bytes), each line Width characters and a
// newline, the last shorter. An entry must be a non-empty name without
// spaces or newlines, and appear once.
func Encode(modules []Module) (string, error) {
	var raw bytes.Buffer
	raw.WriteString(magic)
	seen := map[string]bool{}
	for _, m := range modules {
		if m.Entry == "" || strings.ContainsAny(m.Entry, " \n") || seen[m.Entry] {
			return "", fmt.Errorf("ptxpack: bad or repeated entry %q", m.Entry)
		}
		seen[m.Entry] = true
		fmt.Fprintf(&raw, "%s %d\n", m.Entry, len(m.Text))
	}
	raw.WriteString("\n")
	for _, m := range modules {
		raw.WriteString(m.Text)
	}
	return encodeRaw(raw.Bytes())
}

// encodeRaw returns raw, a decompressed pack, compressed and encoded.
func encodeRaw(raw []byte) (string, error) {
	var z bytes.Buffer
	zw, err := zlib.NewWriterLevel(&z, zlib.BestCompression) // a fixed level: the same bytes every time
	if err != nil {
		return "", err
	}
	zw.Write(raw) // a bytes.Buffer does not fail
	if err := zw.Close(); err != nil {
		return "", err
	}
	b64 := base64.StdEncoding.EncodeToString(z.Bytes())
	var out strings.Builder
	for len(b64) > Width {
		out.WriteString(b64[:Width] + "\n")
		b64 = b64[Width:]
	}
	out.WriteString(b64 + "\n")
	return out.String(), nil
}

// Decode returns the modules of the pack encoded, in the order Encode
// was given them, or an error wrapping ErrCorrupt. Line breaks anywhere
// in encoded are ignored.
func Decode(encoded string) ([]Module, error) {
	z, err := base64.StdEncoding.DecodeString(encoded) // skips \r and \n
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	zr, err := zlib.NewReader(bytes.NewReader(z))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	raw, err := io.ReadAll(zr) // zlib checks the checksum at the end
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return split(string(raw))
}

// split returns the modules of a decompressed pack.
func split(raw string) ([]Module, error) {
	rest, ok := strings.CutPrefix(raw, magic)
	if !ok {
		return nil, fmt.Errorf("%w: not a pack of this version", ErrCorrupt)
	}
	head, body, ok := strings.Cut(rest, "\n\n")
	if strings.HasPrefix(rest, "\n") {
		head, body, ok = "", rest[1:], true // no modules
	}
	if !ok {
		return nil, fmt.Errorf("%w: no end of header", ErrCorrupt)
	}
	var out []Module
	for line := range strings.SplitSeq(head, "\n") {
		if line == "" {
			continue
		}
		entry, size, _ := strings.Cut(line, " ")
		n, err := strconv.Atoi(size)
		if entry == "" || err != nil || n < 0 || n > len(body) {
			return nil, fmt.Errorf("%w: bad header line %q", ErrCorrupt, line)
		}
		out = append(out, Module{Entry: entry, Text: body[:n]})
		body = body[n:]
	}
	if body != "" {
		return nil, fmt.Errorf("%w: %d bytes past the modules", ErrCorrupt, len(body))
	}
	return out, nil
}

// A Pack is an encoded pack whose modules are decompressed the first time
// one is asked for, once: a program that never launches on a GPU never
// pays for it. The zero Pack holds no modules (Text fails). A Pack is
// safe for concurrent use by multiple goroutines; the first call of Text
// decompresses, and every call returns after that has finished. A Pack
// must not be copied after first use.
type Pack struct {
	encoded string
	once    sync.Once
	texts   map[string]string
	err     error
}

// New returns the Pack of encoded (Encode's result) without decoding it.
func New(encoded string) *Pack { return &Pack{encoded: encoded} }

// Text returns the module of the pack whose entry is entry, decompressing
// the pack first if no call has yet. A pack that does not decode gives
// every call the same error, wrapping ErrCorrupt.
func (p *Pack) Text(entry string) (string, error) {
	p.once.Do(p.decode)
	if p.err != nil {
		return "", p.err
	}
	t, ok := p.texts[entry]
	if !ok {
		return "", fmt.Errorf("ptxpack: no module %q in the pack", entry)
	}
	return t, nil
}

// decode decompresses the pack into texts, or sets err.
func (p *Pack) decode() {
	ms, err := Decode(p.encoded)
	if err != nil {
		p.err = err
		return
	}
	p.texts = make(map[string]string, len(ms))
	for _, m := range ms {
		p.texts[m.Entry] = m.Text
	}
}
