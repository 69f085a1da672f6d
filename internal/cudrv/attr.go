package cudrv

// A DeviceAttribute selects a property for Context.Attribute; its values are
// cuda.h's CUdevice_attribute.
type DeviceAttribute int

// The device attributes this package names; any other CUdevice_attribute
// value may be converted and passed as well.
const (
	AttrMaxThreadsPerBlock               DeviceAttribute = 1  // CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK
	AttrMaxBlockDimX                     DeviceAttribute = 2  // CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X
	AttrMaxBlockDimY                     DeviceAttribute = 3  // CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y
	AttrMaxBlockDimZ                     DeviceAttribute = 4  // CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z
	AttrMaxGridDimX                      DeviceAttribute = 5  // CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X
	AttrMaxGridDimY                      DeviceAttribute = 6  // CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y
	AttrMaxGridDimZ                      DeviceAttribute = 7  // CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z
	AttrMaxSharedMemoryPerBlock          DeviceAttribute = 8  // CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, bytes
	AttrTotalConstantMemory              DeviceAttribute = 9  // CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY, bytes
	AttrWarpSize                         DeviceAttribute = 10 // CU_DEVICE_ATTRIBUTE_WARP_SIZE
	AttrMaxRegistersPerBlock             DeviceAttribute = 12 // CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK
	AttrClockRate                        DeviceAttribute = 13 // CU_DEVICE_ATTRIBUTE_CLOCK_RATE, kHz
	AttrMultiprocessorCount              DeviceAttribute = 16 // CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT
	AttrMemoryClockRate                  DeviceAttribute = 36 // CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, kHz
	AttrGlobalMemoryBusWidth             DeviceAttribute = 37 // CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, bits
	AttrL2CacheSize                      DeviceAttribute = 38 // CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, bytes
	AttrMaxThreadsPerMultiprocessor      DeviceAttribute = 39 // CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR
	AttrComputeCapabilityMajor           DeviceAttribute = 75 // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR
	AttrComputeCapabilityMinor           DeviceAttribute = 76 // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR
	AttrMaxSharedMemoryPerMultiprocessor DeviceAttribute = 81 // CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, bytes
	AttrMaxRegistersPerMultiprocessor    DeviceAttribute = 82 // CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR
	AttrMaxSharedMemoryPerBlockOptin     DeviceAttribute = 97 // CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, bytes
)

// A FuncAttribute selects a property for Function.Attribute; its values are
// cuda.h's CUfunction_attribute.
type FuncAttribute int

// The function attributes this package names.
const (
	FuncMaxThreadsPerBlock        FuncAttribute = 0 // CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK
	FuncSharedSizeBytes           FuncAttribute = 1 // CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, static shared memory
	FuncConstSizeBytes            FuncAttribute = 2 // CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES
	FuncLocalSizeBytes            FuncAttribute = 3 // CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, per thread
	FuncNumRegs                   FuncAttribute = 4 // CU_FUNC_ATTRIBUTE_NUM_REGS, per thread
	FuncPTXVersion                FuncAttribute = 5 // CU_FUNC_ATTRIBUTE_PTX_VERSION, major*10+minor
	FuncBinaryVersion             FuncAttribute = 6 // CU_FUNC_ATTRIBUTE_BINARY_VERSION, major*10+minor
	FuncMaxDynamicSharedSizeBytes FuncAttribute = 8 // CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
)
