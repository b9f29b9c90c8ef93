package cellrows

// Images keeps the least images (LeastImage) of the shapes it met last,
// of boxes of at most 64 cells, mapped directly from a hash of their
// cells: a board game's regions come back from move to move, here or
// elsewhere on the board, and each in few shapes. A shape and its image
// are each one word (the box's rows, or the image's, one after the
// other).
type Images struct {
	ents [1 << 14]imageEnt
}

// imageEnt is a shape (a box of h x w cells) and its least image,
// image number t.
type imageEnt struct {
	in, img uint64
	h, w, t uint8
}

// Least is LeastImage of the shape of rows (box b's rows from its
// corner): its image's rows, in out, and their number.
func (c *Images) Least(rows *[64]uint64, b Box, out *[64]uint64) int {
	if b.H*b.W > 64 {
		n, _ := LeastImage(rows, b, out)
		return n
	}
	key := pack(rows[:b.H], b.W)
	e := &c.ents[(key^uint64(b.W))*0x9e3779b97f4a7c15>>(64-14)]
	if e.in == key && int(e.h) == b.H && int(e.w) == b.W {
		n, w := b.H, b.W
		if e.t&1 != 0 {
			n, w = w, n
		}
		for i := range n {
			out[i] = e.img >> (i * w) & (1<<w - 1)
		}
		return n
	}
	n, t := LeastImage(rows, b, out)
	w := b.W
	if t&1 != 0 {
		w = b.H
	}
	*e = imageEnt{in: key, img: pack(out[:n], w), h: uint8(b.H), w: uint8(b.W), t: uint8(t)}
	return n
}

// pack is rows of w bits one after the other in a word.
func pack(rows []uint64, w int) uint64 {
	var x uint64
	for i, r := range rows {
		x |= r << (i * w)
	}
	return x
}
