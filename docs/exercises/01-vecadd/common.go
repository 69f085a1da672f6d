package vecadd

// BlockSize is the number of threads per block.
const BlockSize = 256
