package samplesbooks

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds find_instance_warp_parallel_fn of rapidsai/cudf's
// cpp/src/strings/search/find_instance.cu (at 282d064d): the character
// position of the instance-th occurrence (from 0) of a target in each
// string of a strings column, a warp a string, each lane testing the
// bytes 32 apart from its own, with cg::reduce (cg::plus and cg::less),
// cg::inclusive_scan and cg::exclusive_scan over the warp to count the
// matches and the characters before them. The column_device_view is a Go
// struct of the column's bytes, offsets and validity; string_view's
// compare is cudfCompare; size_type is int32.

// cudfStrings is the strings column the kernel reads: string i is
// chars[offsets[i]:offsets[i+1]], null where valid is non-nil and false.
type cudfStrings struct {
	chars   []byte
	offsets []int32
	valid   []bool
}

func (c *cudfStrings) size() int32            { return int32(len(c.offsets) - 1) }
func (c *cudfStrings) isNull(i int32) bool    { return c.valid != nil && !c.valid[i] }
func (c *cudfStrings) element(i int32) []byte { return c.chars[c.offsets[i]:c.offsets[i+1]] }
func isUTF8ContinuationChar(b byte) bool      { return b&0xC0 == 0x80 }

// cudfCompare is string_view::compare(data, bytes): the byte-wise
// comparison of target with the bytes of s from its start, negative,
// zero or positive.
func cudfCompare(target, s []byte, bytes int32) int32 {
	n := min(int32(len(target)), bytes)
	for i := int32(0); i < n; i++ {
		if target[i] != s[i] {
			return int32(target[i]) - int32(s[i])
		}
	}
	return int32(len(target)) - bytes
}

// FindInstanceWarpParallelKernel is find_instance_warp_parallel_fn of
// cudf's find_instance.cu: warp str_idx finds, in string str_idx, the
// (instance+1)-th byte position that starts a character and the target
// (overlapping matches count), and lane 0 writes the number of
// characters before it, or -1; warps past the column or on a null string
// return at once.
//
//gocuda:kernel FindInstanceWarpParallelKernel
func findInstanceWarpParallelFn(t *gocuda.Thread, dStrings cudfStrings, dTarget []byte, instance int32, dResults []int32) {
	tid := int64(t.BlockIdx.X)*int64(t.BlockDim.X) + int64(t.ThreadIdx.X)
	strIdx := int32(tid / 32)
	if strIdx >= dStrings.size() || dStrings.isNull(strIdx) {
		return
	}

	warp := cg.TiledPartition(cg.ThisThreadBlock(t), 32)
	laneIdx := int32(warp.ThreadRank())

	dStr := dStrings.element(strIdx)
	end := int32(len(dStr))

	// Each lane compares the target with the string from its own bytes.
	maxPos := int32(len(dStr))
	charPos := maxPos
	charCount := int32(0)
	count := int32(0)
	for itr := laneIdx; itr+int32(len(dTarget)) <= end; itr += 32 {
		isChar := int32(0)
		if !isUTF8ContinuationChar(dStr[itr]) {
			isChar = 1
		}
		found := int32(0)
		if isChar != 0 && cudfCompare(dTarget, dStr[itr:], int32(len(dTarget))) == 0 {
			found = 1
		}
		// The matches in this stretch of the warp, and each lane's count
		// of them up to itself.
		foundCount := cg.Reduce(warp, found, cg.Plus)
		foundScan := cg.InclusiveScan(warp, found, cg.Plus)
		// The characters before each lane in this stretch.
		charsScan := cg.ExclusiveScan(warp, isChar, cg.Plus)
		// The lane of the wanted match offers its position.
		foundPos := charPos
		if foundScan+count == instance+1 {
			foundPos = charsScan
		}
		// Every lane takes the least offer.
		charPos = cg.Reduce(warp, foundPos, cg.Less)
		if charPos < maxPos {
			break // every lane stops
		}
		count += foundCount
		charCount += cg.Reduce(warp, isChar, cg.Plus)
	}

	// Lane 0 writes the position of the match, if one was found.
	if laneIdx == 0 {
		if charPos == maxPos {
			dResults[strIdx] = -1
		} else {
			dResults[strIdx] = charPos + charCount
		}
	}
}
