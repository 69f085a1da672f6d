// warp_conformance.cu asks a real GPU for its answers to the conformance
// cases of gocuda's warp collectives (shuffles, votes, matches and
// reductions), and prints them in the line format that the package's golden
// test reads (gocuda/warp_golden_test.go).
//
// Build and run it on a machine with an NVIDIA GPU of compute capability 7.0
// or later and the CUDA toolkit, and keep its output beside it as
// warp_golden.txt:
//
//	cd gocuda/testdata
//	nvcc -O2 -arch=native -o warp_conformance warp_conformance.cu
//	./warp_conformance > warp_golden.txt
//
// __match_*_sync needs compute capability 7.0 and __reduce_*_sync 8.0; on a
// 7.x GPU the reduce_* cases are left out (a '#' line says so).
//
// Each case is one launch <<<1, threads>>>: the lanes in mask call the
// collective, the others return at once, so a mask never names a lane that
// does not call. No case is one whose result CUDA leaves undefined: the
// program checks (and exits with status 2 otherwise) that no shuffle reads a
// lane outside its mask, by the PTX ISA's shfl.sync. __activemask is left
// out: its result depends on convergence, which no GPU promises. Shuffle
// deltas 33 and 0xffffffff are probes: the Programming Guide does not say
// what they do; PTX uses the low 5 bits of the lane operand.
//
// Output: one line per case,
//
//	op threads mask width arg kind seed : r0 r1 ... r(threads-1)
//
// every number in lowercase hex without a prefix (threads 20 is 32 lanes,
// 14 is 20; arg is its 32-bit two's complement, ffffffff for -1). ri is lane
// i's result as bits: 8 digits for 32-bit results, 16 for 64-bit ones, 0 or
// 1 for any and all, "mask/pred" for match_all, and "-" for a lane outside
// mask. width and arg only matter to shuffles (others print 20 and 0).
// Lines starting with '#' are comments; the first ones name the device and
// the toolkit.
//
// Lane values are value32/value64(kind, seed, lane) below, which the Go test
// reimplements bit for bit; predicates are value32 & 1.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <initializer_list>
#include <vector>

// How a result prints: 0/1, 32 bits, 64 bits, or match_all's mask/pred.
enum Fmt { FMT_BOOL, FMT_B32, FMT_B64, FMT_PAIR };

// The operations and how their results print. Names are CUDA's without the
// leading underscores and _sync; a 32 or 64 suffix names the value type
// (unsigned or unsigned long long), s32/u32 int or unsigned.
#define OPS(X)                      \
	X(shfl32, FMT_B32)              \
	X(shfl_up32, FMT_B32)           \
	X(shfl_down32, FMT_B32)         \
	X(shfl_xor32, FMT_B32)          \
	X(shfl64, FMT_B64)              \
	X(shfl_up64, FMT_B64)           \
	X(shfl_down64, FMT_B64)         \
	X(shfl_xor64, FMT_B64)          \
	X(any, FMT_BOOL)                \
	X(all, FMT_BOOL)                \
	X(ballot, FMT_B32)              \
	X(match_any32, FMT_B32)         \
	X(match_any64, FMT_B32)         \
	X(match_all32, FMT_PAIR)        \
	X(match_all64, FMT_PAIR)        \
	X(reduce_add_s32, FMT_B32)      \
	X(reduce_add_u32, FMT_B32)      \
	X(reduce_min_s32, FMT_B32)      \
	X(reduce_min_u32, FMT_B32)      \
	X(reduce_max_s32, FMT_B32)      \
	X(reduce_max_u32, FMT_B32)      \
	X(reduce_and, FMT_B32)          \
	X(reduce_or, FMT_B32)           \
	X(reduce_xor, FMT_B32)

enum Op {
#define ENUM(name, fmt) OP_##name,
	OPS(ENUM)
#undef ENUM
	NUM_OPS
};

struct OpInfo {
	const char *name;
	Fmt fmt;
};

static const OpInfo opInfo[] = {
#define INFO(name, fmt) {#name, fmt},
	OPS(INFO)
#undef INFO
};

// Value kinds: bits is 64 random bits per lane; small is 0..3 (in the high
// half for 64-bit values, so a match that compares only the low half is
// caught), so that matches find groups; float is special float32/float64
// bit patterns, so shuffles are seen to move bits exactly; same gives every
// lane lane 0's bits value.
enum Kind { KIND_bits, KIND_small, KIND_float, KIND_same, NUM_KINDS };
static const char *kindName[NUM_KINDS] = {"bits", "small", "float", "same"};

struct Case {
	int op, threads;
	unsigned mask;
	int width, arg, kind;
	unsigned seed;
};

// splitmix64 mixes x: one step of the splitmix64 generator from state x.
__device__ unsigned long long splitmix64(unsigned long long x)
{
	unsigned long long z = x + 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

// laneBits is the bits value of lane: splitmix64(seed*64 + lane), lane 0's
// for kind same.
__device__ unsigned long long laneBits(int kind, unsigned seed, int lane)
{
	return splitmix64((unsigned long long)seed * 64 + (kind == KIND_same ? 0 : lane));
}

// value32 is lane's 32-bit value.
__device__ unsigned value32(int kind, unsigned seed, int lane)
{
	// NaNs with payloads (quiet, negative, signalling), -0, +0, +-Inf, the
	// smallest subnormal, the largest subnormal (negative), 1, the largest
	// finite and the smallest normal float32.
	const unsigned f32[12] = {
		0x7fc00001u, 0xffc12345u, 0x7f800001u, 0x80000000u, 0x00000000u, 0x7f800000u,
		0xff800000u, 0x00000001u, 0x807fffffu, 0x3f800000u, 0x7f7fffffu, 0x00800000u,
	};
	switch (kind) {
	case KIND_small: return (unsigned)(laneBits(kind, seed, lane) % 4);
	case KIND_float: return f32[(seed + (unsigned)lane) % 12];
	default: return (unsigned)laneBits(kind, seed, lane);
	}
}

// value64 is lane's 64-bit value.
__device__ unsigned long long value64(int kind, unsigned seed, int lane)
{
	// The float64 counterparts of value32's table.
	const unsigned long long f64[12] = {
		0x7ff8000000000001ULL, 0xfff8000000012345ULL, 0x7ff0000000000001ULL,
		0x8000000000000000ULL, 0x0000000000000000ULL, 0x7ff0000000000000ULL,
		0xfff0000000000000ULL, 0x0000000000000001ULL, 0x800fffffffffffffULL,
		0x3ff0000000000000ULL, 0x7fefffffffffffffULL, 0x0010000000000000ULL,
	};
	switch (kind) {
	case KIND_small: return (laneBits(kind, seed, lane) % 4) << 32;
	case KIND_float: return f64[(seed + (unsigned)lane) % 12];
	default: return laneBits(kind, seed, lane);
	}
}

// shuffle runs the shuffle op on T. delta is unsigned in CUDA; srcLane and
// laneMask are int.
template <typename T>
__device__ T shuffle(int op, unsigned mask, T v, int arg, int width)
{
	switch (op) {
	case OP_shfl32:
	case OP_shfl64: return __shfl_sync(mask, v, arg, width);
	case OP_shfl_up32:
	case OP_shfl_up64: return __shfl_up_sync(mask, v, (unsigned)arg, width);
	case OP_shfl_down32:
	case OP_shfl_down64: return __shfl_down_sync(mask, v, (unsigned)arg, width);
	default: return __shfl_xor_sync(mask, v, arg, width);
	}
}

// shuffle32 and shuffle64 shuffle lane's value, as float or double for kind
// float so that the floating-point overloads are the ones tested.
__device__ unsigned long long shuffle32(const Case &k, int lane)
{
	unsigned v = value32(k.kind, k.seed, lane);
	if (k.kind == KIND_float)
		return __float_as_uint(shuffle(k.op, k.mask, __uint_as_float(v), k.arg, k.width));
	return shuffle(k.op, k.mask, v, k.arg, k.width);
}

__device__ unsigned long long shuffle64(const Case &k, int lane)
{
	unsigned long long v = value64(k.kind, k.seed, lane);
	if (k.kind == KIND_float)
		return (unsigned long long)__double_as_longlong(
			shuffle(k.op, k.mask, __longlong_as_double((long long)v), k.arg, k.width));
	return shuffle(k.op, k.mask, v, k.arg, k.width);
}

// eval is lane's result of case k, as bits (match_all: pred << 32 | mask).
__device__ unsigned long long eval(const Case &k, int lane)
{
	unsigned m = k.mask, v = value32(k.kind, k.seed, lane);
	unsigned long long w = value64(k.kind, k.seed, lane);
	switch (k.op) {
	case OP_shfl32:
	case OP_shfl_up32:
	case OP_shfl_down32:
	case OP_shfl_xor32: return shuffle32(k, lane);
	case OP_shfl64:
	case OP_shfl_up64:
	case OP_shfl_down64:
	case OP_shfl_xor64: return shuffle64(k, lane);
	case OP_any: return __any_sync(m, v & 1) != 0;
	case OP_all: return __all_sync(m, v & 1) != 0;
	case OP_ballot: return __ballot_sync(m, v & 1);
#if __CUDA_ARCH__ >= 700
	case OP_match_any32: return __match_any_sync(m, v);
	case OP_match_any64: return __match_any_sync(m, w);
	case OP_match_all32: {
		int pred;
		unsigned r = __match_all_sync(m, v, &pred);
		return (unsigned long long)(pred != 0) << 32 | r;
	}
	case OP_match_all64: {
		int pred;
		unsigned r = __match_all_sync(m, w, &pred);
		return (unsigned long long)(pred != 0) << 32 | r;
	}
#endif
#if __CUDA_ARCH__ >= 800
	case OP_reduce_add_s32: return (unsigned)__reduce_add_sync(m, (int)v);
	case OP_reduce_add_u32: return __reduce_add_sync(m, v);
	case OP_reduce_min_s32: return (unsigned)__reduce_min_sync(m, (int)v);
	case OP_reduce_min_u32: return __reduce_min_sync(m, v);
	case OP_reduce_max_s32: return (unsigned)__reduce_max_sync(m, (int)v);
	case OP_reduce_max_u32: return __reduce_max_sync(m, v);
	case OP_reduce_and: return __reduce_and_sync(m, v);
	case OP_reduce_or: return __reduce_or_sync(m, v);
	case OP_reduce_xor: return __reduce_xor_sync(m, v);
#endif
	}
	return 0;
}

// run evaluates case k in a block of k.threads (at most 32) threads: the
// lanes outside k.mask return without calling.
__global__ void run(Case k, unsigned long long *out)
{
	int lane = threadIdx.x;
	if (!(k.mask >> lane & 1))
		return;
	out[lane] = eval(k, lane);
}

static bool isShuffle(int op) { return op <= OP_shfl_xor64; }
static bool isReduce(int op) { return op >= OP_reduce_add_s32; }

// source is the lane whose value lane reads in shuffle case k, by the PTX
// ISA's shfl.sync: the low 5 bits of arg count; a source past the end of
// lane's segment (or before its start, for up) reads lane's own value.
static int source(const Case &k, int lane)
{
	int b = k.arg & 31, start = lane & ~(k.width - 1), end = start + k.width - 1, j;
	switch (k.op) {
	case OP_shfl_up32:
	case OP_shfl_up64: j = lane - b; return j >= start ? j : lane;
	case OP_shfl_down32:
	case OP_shfl_down64: j = lane + b; return j <= end ? j : lane;
	case OP_shfl_xor32:
	case OP_shfl_xor64: j = lane ^ b; return j <= end ? j : lane;
	default: return start | (b & (k.width - 1));
	}
}

// isDefined reports whether CUDA defines case k's results: the mask names
// only lanes that call, and no shuffle reads a lane outside the mask.
static bool isDefined(const Case &k)
{
	bool pow2 = k.width >= 1 && k.width <= 32 && (k.width & (k.width - 1)) == 0;
	if (k.threads < 1 || k.threads > 32 || !pow2 || k.mask == 0)
		return false;
	unsigned exist = k.threads == 32 ? 0xffffffffu : (1u << k.threads) - 1;
	if ((k.mask & ~exist) != 0)
		return false;
	for (int lane = 0; lane < 32 && isShuffle(k.op); lane++)
		if (k.mask >> lane & 1 && !(k.mask >> source(k, lane) & 1))
			return false;
	return true;
}

static std::vector<Case> cases;
static unsigned nextSeed = 1;

// add adds a case with the next seed; addSeeded one with the given seed.
static void addSeeded(int op, int threads, unsigned mask, int width, int arg, int kind, unsigned seed)
{
	Case k = {op, threads, mask, width, arg, kind, seed};
	if (!isDefined(k)) {
		fprintf(stderr, "warp_conformance: case %d (%s %d %08x %d %d) is not defined by CUDA\n",
			(int)cases.size(), opInfo[op].name, threads, mask, width, arg);
		exit(2);
	}
	cases.push_back(k);
}
static void add(int op, int threads, unsigned mask, int width, int arg, int kind)
{
	addSeeded(op, threads, mask, width, arg, kind, nextSeed++);
}

static const unsigned FULL = 0xffffffffu;

// splitmix64(SAME_ODD*64) is odd and splitmix64(SAME_EVEN*64) even: kind
// same with these seeds makes every predicate true or every one false.
static const unsigned SAME_ODD = 1, SAME_EVEN = 2;

// addShuffles: full warps, every width, with srcLane, delta and laneMask in
// and out of range. delta 33 and 0xffffffff probe what the Programming Guide
// leaves unsaid (PTX uses the low 5 bits: 1 and 31); laneMask >= width reads
// earlier segments and keeps the caller's value for later ones.
static void addShuffles()
{
	const int widths[] = {1, 2, 4, 8, 16, 32};
	const int srcLanes[] = {0, 1, 5, 31, 33, 45, -1};
	const int deltas[] = {0, 1, 2, 7, 16, 31, 32, 33, -1};
	const int laneMasks[] = {0, 1, 2, 3, 8, 16, 31, -1};
	for (int w : widths) {
		for (int s : srcLanes)
			add(OP_shfl32, 32, FULL, w, s, KIND_bits);
		for (int d : deltas) {
			add(OP_shfl_up32, 32, FULL, w, d, KIND_bits);
			add(OP_shfl_down32, 32, FULL, w, d, KIND_bits);
		}
		for (int x : laneMasks)
			add(OP_shfl_xor32, 32, FULL, w, x, KIND_bits);
	}
	// 64-bit values: CUDA moves them as two 32-bit halves.
	for (int w : {2, 16, 32}) {
		for (int s : {1, 33, -1})
			add(OP_shfl64, 32, FULL, w, s, KIND_bits);
		for (int d : {1, 16, 33}) {
			add(OP_shfl_up64, 32, FULL, w, d, KIND_bits);
			add(OP_shfl_down64, 32, FULL, w, d, KIND_bits);
		}
		for (int x : {1, 16, 31})
			add(OP_shfl_xor64, 32, FULL, w, x, KIND_bits);
	}
	// NaN payloads, -0 and subnormals, through the float and double overloads.
	for (int w : {8, 32}) {
		add(OP_shfl32, 32, FULL, w, 7, KIND_float);
		add(OP_shfl64, 32, FULL, w, 7, KIND_float);
		add(OP_shfl_up32, 32, FULL, w, 1, KIND_float);
		add(OP_shfl_up64, 32, FULL, w, 1, KIND_float);
		add(OP_shfl_down32, 32, FULL, w, 3, KIND_float);
		add(OP_shfl_down64, 32, FULL, w, 3, KIND_float);
		add(OP_shfl_xor32, 32, FULL, w, 1, KIND_float);
		add(OP_shfl_xor64, 32, FULL, w, 1, KIND_float);
	}
}

// addPartialShuffles: partial masks whose segments are whole or whose
// sources stay inside the mask, and partial warps (20 and 7 threads).
static void addPartialShuffles()
{
	const struct {
		int op, threads;
		unsigned mask;
		int width, arg;
	} c[] = {
		{OP_shfl32, 32, 0x0000ffffu, 16, 3}, {OP_shfl32, 32, 0x0000ffffu, 16, -1},
		{OP_shfl_up32, 32, 0x0000ffffu, 16, 1}, {OP_shfl_down32, 32, 0x0000ffffu, 16, 15},
		{OP_shfl_xor32, 32, 0x0000ffffu, 16, 1}, {OP_shfl_xor32, 32, 0x0000ffffu, 16, 16},
		{OP_shfl_xor32, 32, 0x0000ffffu, 16, 31}, {OP_shfl32, 32, 0x0000ffffu, 32, 9},
		{OP_shfl_up32, 32, 0x0000ffffu, 32, 4}, {OP_shfl32, 32, 0xffff0000u, 32, 20},
		{OP_shfl_down32, 32, 0xffff0000u, 32, 3}, {OP_shfl_xor32, 32, 0xffff0000u, 32, 5},
		{OP_shfl32, 32, 0x00ff00ffu, 8, 5}, {OP_shfl32, 32, 0x00ff00ffu, 8, 13},
		{OP_shfl_up32, 32, 0x00ff00ffu, 8, 2}, {OP_shfl_down32, 32, 0x00ff00ffu, 8, 3},
		{OP_shfl_xor32, 32, 0x00ff00ffu, 8, 3}, {OP_shfl_xor32, 32, 0x00ff00ffu, 8, 8},
		{OP_shfl_xor32, 32, 0x00ff00ffu, 8, 16}, {OP_shfl32, 32, 0xf0f0f0f0u, 4, 2},
		{OP_shfl_up32, 32, 0xf0f0f0f0u, 4, 1}, {OP_shfl_down32, 32, 0xf0f0f0f0u, 4, 1},
		{OP_shfl_xor32, 32, 0xf0f0f0f0u, 4, 1}, {OP_shfl_xor32, 32, 0xf0f0f0f0u, 4, 3},
		{OP_shfl_xor32, 32, 0xf0f0f0f0u, 4, 8}, {OP_shfl_xor32, 32, 0xf0f0f0f0u, 4, 16},
		{OP_shfl_xor32, 32, 0xf0f0f0f0u, 4, 24}, {OP_shfl_xor64, 32, 0x00ff00ffu, 8, 16},
		{OP_shfl64, 32, 0xf0f0f0f0u, 4, -1}, {OP_shfl_down64, 32, 0x0000ffffu, 16, 1},
		{OP_shfl32, 20, 0x000fffffu, 4, 3}, {OP_shfl32, 20, 0x000fffffu, 4, -1},
		{OP_shfl_up32, 20, 0x000fffffu, 4, 1}, {OP_shfl_down32, 20, 0x000fffffu, 4, 2},
		{OP_shfl_xor32, 20, 0x000fffffu, 4, 1}, {OP_shfl_xor32, 20, 0x000fffffu, 4, 4},
		{OP_shfl_xor32, 20, 0x000fffffu, 4, 12}, {OP_shfl32, 20, 0x000fffffu, 32, 7},
		{OP_shfl32, 20, 0x000fffffu, 32, 19}, {OP_shfl_up32, 20, 0x000fffffu, 8, 3},
		{OP_shfl_up32, 20, 0x000fffffu, 32, 5}, {OP_shfl64, 20, 0x000fffffu, 4, 2},
		{OP_shfl_up64, 20, 0x000fffffu, 32, 5}, {OP_shfl_xor64, 20, 0x000fffffu, 4, 12},
		{OP_shfl32, 20, 0x000f0f0fu, 4, 1}, {OP_shfl_xor32, 20, 0x000f0f0fu, 4, 8},
		{OP_shfl32, 7, 0x7fu, 32, 6}, {OP_shfl_up32, 7, 0x7fu, 32, 2},
		{OP_shfl32, 7, 0x7fu, 2, 0}, {OP_shfl_xor32, 7, 0x7fu, 1, 1},
		{OP_shfl_xor32, 7, 0x7fu, 1, 3}, {OP_shfl_down32, 7, 0x7fu, 1, 1},
	};
	for (const auto &k : c)
		add(k.op, k.threads, k.mask, k.width, k.arg, KIND_bits);
}

// A group is the block size, mask, value kind and seed (0: the next seed)
// the votes, matches and reductions run on.
struct Group {
	int threads;
	unsigned mask;
	int kind;
	unsigned seed;
};

// addGroups adds a case of each op in ops for each group.
static void addGroups(std::initializer_list<int> ops, std::initializer_list<Group> groups)
{
	for (const Group &g : groups)
		for (int op : ops) {
			if (g.seed != 0)
				addSeeded(op, g.threads, g.mask, 32, 0, g.kind, g.seed);
			else
				add(op, g.threads, g.mask, 32, 0, g.kind);
		}
}

static void buildCases()
{
	addShuffles();
	addPartialShuffles();
	addGroups({OP_any, OP_all, OP_ballot}, {
		{32, FULL, KIND_bits, 0}, {32, FULL, KIND_same, SAME_ODD}, {32, FULL, KIND_same, SAME_EVEN},
		{32, 0x0000ffffu, KIND_bits, 0}, {32, 0x00ff00ffu, KIND_small, 0}, {32, 0xf0f0f0f0u, KIND_bits, 0},
		{32, 0x80000001u, KIND_bits, 0}, {32, 0x12345678u, KIND_bits, 0}, {32, 0x00000100u, KIND_bits, 0},
		{20, 0x000fffffu, KIND_bits, 0}, {20, 0x000fffffu, KIND_same, SAME_ODD}, {20, 0x000a5a5au, KIND_bits, 0},
		{7, 0x7fu, KIND_bits, 0}, {7, 0x55u, KIND_same, SAME_ODD},
	});
	addGroups({OP_match_any32, OP_match_any64, OP_match_all32, OP_match_all64}, {
		{32, FULL, KIND_small, 0}, {32, FULL, KIND_bits, 0}, {32, FULL, KIND_same, SAME_EVEN},
		{32, FULL, KIND_float, 0}, {32, 0x00ff00ffu, KIND_small, 0}, {32, 0xf0f0f0f0u, KIND_same, SAME_ODD},
		{32, 0x80000001u, KIND_small, 0}, {20, 0x000fffffu, KIND_small, 0}, {20, 0x000fffffu, KIND_same, SAME_ODD},
		{20, 0x000a5a5au, KIND_small, 0}, {7, 0x7fu, KIND_small, 0}, {7, 0x7fu, KIND_same, SAME_EVEN},
	});
	addGroups({OP_reduce_add_s32, OP_reduce_add_u32, OP_reduce_min_s32, OP_reduce_min_u32, OP_reduce_max_s32,
			  OP_reduce_max_u32, OP_reduce_and, OP_reduce_or, OP_reduce_xor},
		{
			{32, FULL, KIND_bits, 0}, {32, FULL, KIND_small, 0}, {32, FULL, KIND_float, 0},
			{32, FULL, KIND_same, SAME_ODD}, {32, 0x0000ffffu, KIND_bits, 0}, {32, 0xf0f0f0f0u, KIND_bits, 0},
			{32, 0x80000001u, KIND_bits, 0}, {32, 0x00000100u, KIND_bits, 0}, {20, 0x000fffffu, KIND_bits, 0},
			{20, 0x000a5a5au, KIND_bits, 0}, {7, 0x7fu, KIND_bits, 0}, {7, 0x7fu, KIND_float, 0},
		});
}

static void check(cudaError_t err, const char *what)
{
	if (err != cudaSuccess) {
		fprintf(stderr, "warp_conformance: %s: %s\n", what, cudaGetErrorString(err));
		exit(1);
	}
}

// printCase prints case k's line from the lanes' results r.
static void printCase(const Case &k, const unsigned long long *r)
{
	printf("%s %x %08x %x %x %s %x :", opInfo[k.op].name, (unsigned)k.threads, k.mask, (unsigned)k.width,
		(unsigned)k.arg, kindName[k.kind], k.seed);
	for (int lane = 0; lane < k.threads; lane++) {
		if (!(k.mask >> lane & 1)) {
			printf(" -");
			continue;
		}
		switch (opInfo[k.op].fmt) {
		case FMT_BOOL: printf(" %llx", r[lane]); break;
		case FMT_B32: printf(" %08llx", r[lane]); break;
		case FMT_B64: printf(" %016llx", r[lane]); break;
		case FMT_PAIR: printf(" %08llx/%llx", r[lane] & 0xffffffffULL, r[lane] >> 32); break;
		}
	}
	printf("\n");
}

int main()
{
	buildCases();

	int dev = 0, runtime = 0, driver = 0;
	cudaDeviceProp prop;
	check(cudaGetDevice(&dev), "cudaGetDevice");
	check(cudaGetDeviceProperties(&prop, dev), "cudaGetDeviceProperties");
	check(cudaRuntimeGetVersion(&runtime), "cudaRuntimeGetVersion");
	check(cudaDriverGetVersion(&driver), "cudaDriverGetVersion");
	if (prop.major < 7) {
		fprintf(stderr, "warp_conformance: %s has compute capability %d.%d; the *_sync collectives as "
			"tested need 7.0 or later\n", prop.name, prop.major, prop.minor);
		return 1;
	}
	bool reduce = prop.major >= 8;
	int n = 0;
	for (const Case &k : cases)
		n += reduce || !isReduce(k.op);

	unsigned long long *dout;
	check(cudaMalloc(&dout, 32 * sizeof(unsigned long long)), "cudaMalloc");
	printf("# gocuda warp collectives conformance: golden vectors from real hardware\n");
	printf("# device: %s (compute capability %d.%d)\n", prop.name, prop.major, prop.minor);
	printf("# CUDA runtime %d, driver %d\n", runtime, driver);
	printf("# cases: %d\n", n);
	if (!reduce)
		printf("# reduce_* cases left out: __reduce_*_sync needs compute capability 8.0\n");
	for (const Case &k : cases) {
		if (!reduce && isReduce(k.op))
			continue;
		unsigned long long r[32] = {0};
		check(cudaMemset(dout, 0, 32 * sizeof(unsigned long long)), "cudaMemset");
		run<<<1, k.threads>>>(k, dout);
		check(cudaGetLastError(), "launch");
		check(cudaMemcpy(r, dout, 32 * sizeof(unsigned long long), cudaMemcpyDeviceToHost), "cudaMemcpy");
		printCase(k, r);
	}
	check(cudaFree(dout), "cudaFree");
	return 0;
}
