package mem

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// CopyFromHost2D copies a width-by-height region from host memory into the
// array's top-left corner, as a host-to-device cudaMemcpy2D does. Row y of
// the region is src[y*srcPitch : y*srcPitch+width]. Unlike cudaMemcpy2D,
// which counts in bytes, srcPitch, width and height count elements and rows;
// a tightly packed host image has srcPitch == width.
//
// A srcPitch smaller than width returns an error wrapping
// gocuda.ErrInvalidPitchValue; a negative size, a region wider or taller
// than the array, or one reaching past the end of src returns one wrapping
// gocuda.ErrInvalidValue. Nothing is copied on error; an empty region
// copies nothing.
func (p *Pitched[T]) CopyFromHost2D(src []T, srcPitch, width, height int) error {
	if err := settle("Pitched.CopyFromHost2D", p.device()); err != nil {
		return err
	}
	const op = "Pitched.CopyFromHost2D"
	if err := p.acquire(op, write); err != nil {
		return err
	}
	defer p.a.release(write)
	if err := p.checkHost2D(op, "source", len(src), srcPitch, width, height); err != nil {
		return err
	}
	if width == 0 {
		return nil // the host rows may not exist
	}
	for y := range height {
		copy(p.data[y*p.pitchElem:][:width], src[y*srcPitch:][:width])
		probeWrote(p.data[y*p.pitchElem:][:width])
	}
	return nil
}

// CopyToHost2D copies the width-by-height region at the array's top-left
// corner into host memory, as a device-to-host cudaMemcpy2D does: row y
// goes to dst[y*dstPitch : y*dstPitch+width]. Pitches and sizes count
// elements; errors are as for CopyFromHost2D. The elements of dst between
// rows are left as they were.
func (p *Pitched[T]) CopyToHost2D(dst []T, dstPitch, width, height int) error {
	if err := settle("Pitched.CopyToHost2D", p.device()); err != nil {
		return err
	}
	const op = "Pitched.CopyToHost2D"
	if err := p.acquire(op, read); err != nil {
		return err
	}
	defer p.a.release(read)
	if err := p.checkHost2D(op, "destination", len(dst), dstPitch, width, height); err != nil {
		return err
	}
	if width == 0 {
		return nil // the host rows may not exist
	}
	for y := range height {
		copy(dst[y*dstPitch:][:width], p.data[y*p.pitchElem:][:width])
	}
	return nil
}

// Copy2D copies the width-by-height region at the top-left corner of src to
// the top-left corner of dst, a device-to-device cudaMemcpy2D (or
// cudaMemcpy2DPeer between devices). The region must fit in both arrays,
// else the error wraps gocuda.ErrInvalidValue; dst and src may be the same
// array, which copies nothing.
func Copy2D[T any](dst, src *Pitched[T], width, height int) error {
	if err := settle("mem.Copy2D", dst.device(), src.device()); err != nil {
		return err
	}
	const op = "mem.Copy2D"
	if dst == nil || src == nil {
		return nilBuffer(op)
	}
	if err := acquireCopy(op, &dst.a, &src.a); err != nil {
		return err
	}
	defer releaseCopy(&dst.a, &src.a)
	if err := checkRegion(op, width, height, min(dst.width, src.width), min(dst.height, src.height)); err != nil {
		return err
	}
	if width == 0 {
		return nil
	}
	for y := range height {
		copy(dst.data[y*dst.pitchElem:][:width], src.data[y*src.pitchElem:][:width])
		probeWrote(dst.data[y*dst.pitchElem:][:width])
	}
	return nil
}

// checkHost2D checks a 2D copy between the array and a host slice of n
// elements with rows pitch elements apart.
func (p *Pitched[T]) checkHost2D(op, what string, n, pitch, width, height int) error {
	if pitch < 0 {
		return fmt.Errorf("%w: %s: %s pitch %d", gocuda.ErrInvalidValue, op, what, pitch)
	}
	if pitch < width {
		return fmt.Errorf("%w: %s: %s pitch %d is smaller than the width %d",
			gocuda.ErrInvalidPitchValue, op, what, pitch, width)
	}
	if err := checkRegion(op, width, height, p.width, p.height); err != nil {
		return err
	}
	if width > 0 && height > 0 && (n < width || (n-width)/pitch < height-1) {
		return fmt.Errorf("%w: %s: a %d-by-%d region with pitch %d reaches past the %d elements of the %s",
			gocuda.ErrInvalidValue, op, width, height, pitch, n, what)
	}
	return nil
}

// checkRegion checks that a width-by-height region fits in maxW by maxH.
func checkRegion(op string, width, height, maxW, maxH int) error {
	if width < 0 || height < 0 || width > maxW || height > maxH {
		return fmt.Errorf("%w: %s: a %d-by-%d region does not fit in %d by %d",
			gocuda.ErrInvalidValue, op, width, height, maxW, maxH)
	}
	return nil
}
