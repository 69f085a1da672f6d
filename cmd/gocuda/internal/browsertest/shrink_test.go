package browsertest

import (
	"bytes"
	"cmp"
	"image"
	"image/color"
	"image/png"
	"maps"
	"slices"
)

// shrinkPNG re-encodes a screenshot with a palette of its 256 commonest
// colours and the best compression: the pages' flat colours lose nothing
// a reader sees, and the tutorials' PNGs stay small.
func shrinkPNG(b []byte) ([]byte, error) {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	r := img.Bounds()
	counts := map[color.RGBA]int{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			counts[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
		}
	}
	common := slices.SortedFunc(maps.Keys(counts), func(a, b color.RGBA) int { return cmp.Compare(counts[b], counts[a]) })
	pal := make(color.Palette, 0, 256)
	for _, c := range common[:min(len(common), 256)] {
		pal = append(pal, c)
	}
	p := image.NewPaletted(r, pal)
	index := map[color.RGBA]uint8{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			i, ok := index[c]
			if !ok {
				i = uint8(pal.Index(c))
				index[c] = i
			}
			p.SetColorIndex(x, y, i)
		}
	}
	var out bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&out, p); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
