package takebreak

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"strings"
)

// A checkpoint is the values a Solver computed, written so that a later
// run of the same game goes on from there (a computation of hours
// survives an interrupted run):
//
//	grundy-takebreak 1 RULES WIDTH COUNT\n
//	COUNT values of WIDTH bytes (1, 2 or 4), little-endian
//
// RULES names the game's rules ("0:4u,1:7": take 0 and leave two unequal
// heaps; take 1 and leave 0, 1 or 2 heaps). A file may hold several such
// sections, one a game.

// RulesKey names g's rules for a checkpoint.
func RulesKey(g *Game) string {
	var parts []string
	for _, r := range g.Rules {
		p := fmt.Sprintf("%d:%x", r.Take, r.Ways)
		if r.Unequal {
			p += "u"
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ",")
}

// Save writes the Solver's values to w as a checkpoint section.
func (s *Solver) Save(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	width, n := s.Stats().BytesPerHeap, s.Len()
	fmt.Fprintf(bw, "grundy-takebreak 1 %s %d %d\n", RulesKey(s.g), width, n)
	if err := s.table().save(bw); err != nil {
		return err
	}
	return bw.Flush()
}

// writeValues writes vals little-endian, a megabyte at a time.
func writeValues[V word](w io.Writer, vals []V) error {
	const chunk = 1 << 20
	var buf []V
	for len(vals) > 0 {
		part := vals[:min(len(vals), chunk)]
		vals = vals[len(part):]
		if !littleEndian {
			buf = append(buf[:0], part...)
			for i, v := range buf {
				buf[i] = V(bits.ReverseBytes32(uint32(v)) >> (32 - 8*sizeOf(v)))
			}
			part = buf
		}
		if _, err := w.Write(asBytes(part)); err != nil {
			return err
		}
	}
	return nil
}

// Restore reads checkpoint sections from r and takes the values of the
// one for the Solver's game, when it has more than the Solver knows. It
// reports how many values the Solver knows then; an error when r is not
// a checkpoint.
func (s *Solver) Restore(r io.Reader) (int, error) {
	br := bufio.NewReaderSize(r, 1<<20)
	key := RulesKey(s.g)
	for {
		line, err := br.ReadString('\n')
		if err == io.EOF && line == "" {
			return s.Len(), nil
		}
		if err != nil {
			return s.Len(), fmt.Errorf("not a checkpoint: %v", err)
		}
		var rules string
		var version, width, n int
		if _, err := fmt.Sscanf(line, "grundy-takebreak %d %s %d %d\n", &version, &rules, &width, &n); err != nil || version != 1 || n < 0 ||
			width != 1 && width != 2 && width != 4 {
			return s.Len(), fmt.Errorf("not a checkpoint: the section begins %q", strings.TrimSpace(line))
		}
		if rules != key || n <= s.Len() {
			if _, err := br.Discard(n * width); err != nil {
				return s.Len(), fmt.Errorf("a checkpoint section is cut short: %v", err)
			}
			continue
		}
		if err := s.load(br, width, n); err != nil {
			return s.Len(), fmt.Errorf("a checkpoint section is cut short: %v", err)
		}
	}
}

// load replaces the Solver's values by the n values of width bytes r
// holds (the first values of its game, as a checkpoint had them), read
// straight into a table of that width.
func (s *Solver) load(r io.Reader, width, n int) error {
	o := s.table().settings()
	var err error
	switch width {
	case 1:
		var c *core[uint8]
		if c, err = loadCore[uint8](o, r, n); err == nil {
			s.c8, s.c16, s.c32 = c, nil, nil
		}
	case 2:
		var c *core[uint16]
		if c, err = loadCore[uint16](o, r, n); err == nil {
			s.c8, s.c16, s.c32 = nil, c, nil
		}
	default:
		var c *core[uint32]
		if c, err = loadCore[uint32](o, r, n); err == nil {
			s.c8, s.c16, s.c32 = nil, nil, c
		}
	}
	return err
}

// settings are what a table keeps of how it was made.
type settings struct {
	r                   *rules
	plain               bool
	limit               uint32
	workers, parallelAt int
	waitHelper          bool
	minWork             int64
	mem                 *store
}

func loadCore[V word](o settings, r io.Reader, n int) (*core[V], error) {
	c := newCore[V](o.r, o.plain, 0, o.workers, o.parallelAt, o.minWork, o.mem)
	c.waitHelper = o.waitHelper
	vals, m := alloc[V](o.mem, max(n, 1024))
	vals = vals[:n]
	if _, err := io.ReadFull(r, asBytes(vals)); err != nil {
		if m != nil {
			m.close()
		}
		return nil, err
	}
	if !littleEndian {
		for i, v := range vals {
			vals[i] = V(bits.ReverseBytes32(uint32(v)) >> (32 - 8*sizeOf(v)))
		}
	}
	c.mem.swap(m) // (the old table goes)
	c.vals = vals
	top := uint32(0)
	for _, v := range vals {
		top = max(top, uint32(v))
	}
	c.maxV = top
	c.setWords(max((1<<bits32(top))/64+1, 2))
	if len(c.r.triples) > 0 {
		// The split sets, again (moves that leave three heaps stay small).
		nw := c.nw
		c.s2 = make([]uint64, len(vals)*nw)
		for m := range vals {
			set := c.s2[m*nw : (m+1)*nw]
			for a := 1; 2*a <= m; a++ {
				u := uint32(c.vals[a] ^ c.vals[m-a])
				set[u>>6] |= 1 << (u & 63)
			}
		}
	}
	// The classes are chosen at the next heap (and the rare heaps found).
	c.choseAt = len(vals) / 2
	return c, nil
}

// littleEndian: the machine's values are stored as a checkpoint stores
// them.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1
