package ptxpack

// EncodeRaw is encodeRaw, for tests of packs Encode would not write.
var EncodeRaw = encodeRaw
