package samplesbooks

import (
	"math"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds substring_from_kernel<IndexIterator> of rapidsai/cudf's
// cpp/src/strings/slice.cu (at 00592916): the substring of characters
// [start, stop) of each string, a warp a string, the warp walking the
// string 32 bytes at a time and counting characters and bytes by
// cg::reduce until it passes stop, then lane 0 stepping to the exact
// bytes. stop comes through an immediately called lambda with an
// init-capture; the IndexIterator is a type parameter (thrust's
// constant_iterator is cudfConstantIndex); a string_index_pair, a
// pointer into the column's bytes and a length, is cudfIndexPair.

// cudfIndexIterator is what substring_from_kernel does with its
// IndexIterator: index it.
type cudfIndexIterator interface {
	at(i int32) int32
}

// cudfConstantIndex is thrust::constant_iterator<size_type>.
type cudfConstantIndex struct{ v int32 }

func (c cudfConstantIndex) at(int32) int32 { return c.v }

// cudfIndexColumn is cudf's indexalator over a column of positions.
type cudfIndexColumn []int32

func (c cudfIndexColumn) at(i int32) int32 { return c[i] }

// cudfIndexPair is string_index_pair: a null string (C's nullptr), or
// size bytes of the column's bytes from offset.
type cudfIndexPair struct {
	null         bool
	offset, size int32
}

// isBeginUTF8Char is cudf's is_begin_utf8_char.
func isBeginUTF8Char(b byte) bool { return b&0xC0 != 0x80 }

// SubstringFromKernel is substring_from_kernel<IndexIterator> of cudf's
// slice.cu: warp str_idx resolves the bytes of characters
// [max(starts[i], 0), stops[i]) of string i (stops[i] < 0: to the end),
// lane 0 writing them, an empty string for an empty or out-of-range
// slice, or null.
//
//gocuda:kernel SubstringFromKernel
func substringFromKernel[II cudfIndexIterator](t *gocuda.Thread, dStrings cudfStrings, starts, stops II, dOutput []cudfIndexPair) {
	idx := int64(t.BlockIdx.X)*int64(t.BlockDim.X) + int64(t.ThreadIdx.X)
	strIdx := int32(idx / 32)
	if strIdx >= dStrings.size() {
		return
	}

	warp := cg.TiledPartition(cg.ThisThreadBlock(t), 32)

	if dStrings.isNull(strIdx) {
		if warp.ThreadRank() == 0 {
			dOutput[strIdx] = cudfIndexPair{null: true}
		}
		return
	}
	dStr := dStrings.element(strIdx)
	if len(dStr) == 0 {
		if warp.ThreadRank() == 0 {
			dOutput[strIdx] = cudfIndexPair{}
		}
		return
	}

	start := max(starts.at(strIdx), 0)
	// The original's lambda with the init-capture stop = stops[str_idx].
	stopC := stops.at(strIdx)
	stop := func() int32 {
		if stopC < 0 {
			return math.MaxInt32
		}
		return stopC
	}()
	end := int32(len(dStr))

	startCounts := [2]int32{0, 0}
	stopCounts := [2]int32{0, 0}

	itr := int32(warp.ThreadRank())

	charCount := int32(0)
	byteCount := int32(0)
	for byteCount < int32(len(dStr)) {
		if charCount <= start {
			startCounts = [2]int32{charCount, byteCount}
		}
		if charCount <= stop {
			stopCounts = [2]int32{charCount, byteCount}
		} else {
			break
		}
		cc := int32(0)
		if itr < end && isBeginUTF8Char(dStr[itr]) {
			cc = 1
		}
		bc := int32(0)
		if itr < end {
			bc = bytesInUTF8Byte(dStr[itr])
		}
		charCount += cg.Reduce(warp, cc, cg.Plus)
		byteCount += cg.Reduce(warp, bc, cg.Plus)
		itr += 32
	}

	warp.Sync()

	if warp.ThreadRank() == 0 {
		if start >= charCount {
			dOutput[strIdx] = cudfIndexPair{}
			return
		}

		// From just below start and stop, step up to them.
		firstByte := startCounts[1]
		if startCounts[0] < start {
			b, _ := bytesToCharacterPosition(dStr[firstByte:], start-startCounts[0])
			firstByte += b
		}

		stop = min(stop, charCount)
		lastByte := stopCounts[1]
		if stopCounts[0] < stop {
			b, _ := bytesToCharacterPosition(dStr[lastByte:], stop-stopCounts[0])
			lastByte += b
		}

		if firstByte < lastByte {
			dOutput[strIdx] = cudfIndexPair{offset: dStrings.offsets[strIdx] + firstByte, size: lastByte - firstByte}
		} else {
			dOutput[strIdx] = cudfIndexPair{}
		}
	}
}
