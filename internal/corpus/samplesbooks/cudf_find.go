package samplesbooks

import (
	"math"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the warp-per-string kernels of rapidsai/cudf's
// cpp/src/strings/search/find.cu (at 00592916): finder_warp_parallel_fn
// <TargetIterator, forward>, find and rfind of a target between two
// character positions, whose end byte is an immediately called lambda
// with an init-capture and whose result is a cg::reduce with cg::less or
// cg::greater, and contains_warp_parallel_fn, by warp.any. The template's
// TargetIterator is a type parameter with the one method the kernel calls
// (thrust's constant_iterator is cudfConstantTarget), forward an
// argument; bytes_to_character_position and characters_in_string are
// cudf's helpers of strings/detail/utilities.cuh.

// cudfTargetIterator is what finder_warp_parallel_fn does with its
// TargetIterator: index it.
type cudfTargetIterator interface {
	at(i int32) []byte
}

// cudfConstantTarget is thrust::constant_iterator of one target.
type cudfConstantTarget struct{ target []byte }

func (c cudfConstantTarget) at(int32) []byte { return c.target }

// bytesInUTF8Byte is cudf's bytes_in_utf8_byte: the width of the
// character a byte begins, 0 for a continuation byte.
func bytesInUTF8Byte(b byte) int32 {
	switch {
	case b < 0x80:
		return 1
	case b < 0xC0:
		return 0
	case b < 0xE0:
		return 2
	case b < 0xF0:
		return 3
	}
	return 4
}

// bytesToCharacterPosition is cudf's bytes_to_character_position: the
// bytes of the first pos characters of s, and what is left of pos if s
// is shorter.
func bytesToCharacterPosition(s []byte, pos int32) (int32, int32) {
	bytes := int32(0)
	for ptr := 0; pos > 0 && ptr < len(s); ptr++ {
		width := bytesInUTF8Byte(s[ptr])
		if width != 0 {
			pos--
		}
		bytes += width
	}
	return bytes, pos
}

// charactersInString is cudf's characters_in_string: the characters
// beginning in the first n bytes of s.
func charactersInString(s []byte, n int32) int32 {
	chars := int32(0)
	for _, b := range s[:n] {
		if !isUTF8ContinuationChar(b) {
			chars++
		}
	}
	return chars
}

// FinderWarpParallelKernel is finder_warp_parallel_fn<TargetIterator,
// forward> of cudf's find.cu: warp str_idx looks for its target in string
// str_idx between character positions start and stop (stop < 0: to the
// end), each lane from its own bytes 32 apart; lane 0 writes the
// character position of the first (forward) or last match, or -1.
//
//gocuda:kernel FinderWarpParallelKernel
func finderWarpParallelFn[TI cudfTargetIterator](t *gocuda.Thread, forward bool, dStrings cudfStrings, dTargets TI, start, stop int32, dResults []int32) {
	warp := cg.TiledPartition(cg.ThisThreadBlock(t), 32)
	laneIdx := int32(warp.ThreadRank())

	tid := int64(t.BlockIdx.X)*int64(t.BlockDim.X) + int64(t.ThreadIdx.X)
	strIdx := int32(tid / 32)
	if strIdx >= dStrings.size() || dStrings.isNull(strIdx) {
		return
	}

	dStr := dStrings.element(strIdx)
	dTarget := dTargets.at(strIdx)

	begin, leftOver := bytesToCharacterPosition(dStr, start)
	startCharPos := start - leftOver // the character position of begin

	// The original's immediately called lambda, capturing d_str, start and
	// stop, and begin by an init-capture, all by value.
	dStrC, startC, stopC, beginC := dStr, start, stop, begin
	end := func() int32 {
		if stopC < 0 {
			return int32(len(dStrC))
		}
		if stopC <= startC {
			return beginC
		}
		// Count from begin rather than from the string's start.
		b, _ := bytesToCharacterPosition(dStrC[beginC:], stopC-startC)
		return beginC + b
	}()

	// Each lane compares the target with the string from its own bytes.
	position := int32(-1)
	if forward {
		position = math.MaxInt32
	}
	for itr := begin + laneIdx; itr+int32(len(dTarget)) <= end; itr += 32 {
		if cudfCompare(dTarget, dStr[itr:], int32(len(dTarget))) == 0 {
			position = itr
			if forward {
				break
			}
		}
	}

	// find keeps the least position, rfind the greatest.
	var result int32
	if forward {
		result = cg.Reduce(warp, position, cg.Less)
	} else {
		result = cg.Reduce(warp, position, cg.Greater)
	}

	if laneIdx == 0 {
		// Turn MaxInt32 into -1 and the byte position into characters.
		if result < math.MaxInt32 && result >= begin {
			dResults[strIdx] = startCharPos + charactersInString(dStr[begin:], result-begin)
		} else {
			dResults[strIdx] = -1
		}
	}
}

// ContainsWarpParallelKernel is contains_warp_parallel_fn of cudf's
// find.cu: warp str_idx reports whether string str_idx contains the
// target, each lane testing 4 consecutive starting bytes of every 128 and
// stopping at its first match, the warp's answer by warp.any.
//
//gocuda:kernel ContainsWarpParallelKernel
func containsWarpParallelFn(t *gocuda.Thread, dStrings cudfStrings, dTarget []byte, dResults []bool) {
	idx := int64(t.BlockIdx.X)*int64(t.BlockDim.X) + int64(t.ThreadIdx.X)

	strIdx := int32(idx / 32)
	if strIdx >= dStrings.size() {
		return
	}

	warp := cg.TiledPartition(cg.ThisThreadBlock(t), 32)
	laneIdx := int32(warp.ThreadRank())

	if dStrings.isNull(strIdx) {
		return
	}
	dStr := dStrings.element(strIdx)
	const bytesPerWarp = 4
	found := false
	for i := laneIdx * bytesPerWarp; !found && i+int32(len(dTarget)) <= int32(len(dStr)); i += 32 * bytesPerWarp {
		// Does the target match here?
		for j := int32(0); !found && j < bytesPerWarp; j++ {
			if i+j+int32(len(dTarget)) <= int32(len(dStr)) &&
				cudfCompare(dTarget, dStr[i+j:], int32(len(dTarget))) == 0 {
				found = true
			}
		}
	}

	result := warp.Any(found)
	if laneIdx == 0 {
		dResults[strIdx] = result
	}
}
