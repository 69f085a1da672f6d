package brighten

// Tile is the width and the height of a block: 16×16 threads.
const Tile = 16
