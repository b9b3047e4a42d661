package pdb

// Component codes.
//
// On boards of at most 16 cells a Builder keeps, for every rank and each of
// its (at most 8) components, a 2-bit code in st: 00 not reached, 11 closed
// (reached in an earlier layer and expanded), and 01 and 10 for the current
// layer and the next one, which swap roles every layer (the current layer of
// cost c has code 1 + c%2). A step reads the current layer's codes in rank
// order, turns them into 11 as it expands them, and writes the other code at
// the successors not yet reached; when it ends no current code is left and
// the next layer's code becomes the current one. One 64-bit word holds the
// 32 codes of four ranks (rank 4w in the low quarter of word w); a
// component's code is at bit 16*(rank&3) + 2*component.
//
// Only two changes ever happen to a code during a step: 00 to the next
// layer's code (by any worker, with an atomic OR, after reading 00) and the
// current code to 11 (by the worker that owns the word). So an OR of the
// next code into a field read as 00 always leaves the next code, and the old
// value the OR returns tells whether this worker reached the state first.

// evenBits has the low bit of every 2-bit field.
const evenBits = 0x5555555555555555

// codeWords returns the number of words of codes for entries ranks.
func codeWords(entries int) int { return (entries + 3) / 4 }

// layerCode returns the code of the layer of the given cost: 1 or 2.
func layerCode(cost int) uint64 { return 1 + uint64(cost&1) }

// fieldsWith returns, at the low bit of each field, the fields of word whose
// code is code (1 or 2): the fields of word ^ code*evenBits that are 00.
func fieldsWith(word, code uint64) uint64 {
	x := word ^ code*evenBits
	return ^(x | x>>1) & evenBits
}

// compMask gathers the low bits of the 8 fields of one rank's quarter word
// (bits 0, 2, ..., 14 of m) into a mask of components (bits 0..7).
func compMask(m uint64) uint32 {
	m &= 0x5555
	m = (m | m>>1) & 0x3333
	m = (m | m>>2) & 0x0F0F
	return uint32(m|m>>4) & 0x00FF
}
