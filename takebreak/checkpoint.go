package takebreak

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
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
	var err error
	switch {
	case s.c8 != nil:
		_, err = bw.Write(s.c8.vals)
	case s.c16 != nil:
		err = binary.Write(bw, binary.LittleEndian, s.c16.vals)
	default:
		err = binary.Write(bw, binary.LittleEndian, s.c32.vals)
	}
	if err != nil {
		return err
	}
	return bw.Flush()
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
		vals := make([]uint32, n)
		switch width {
		case 1:
			b := make([]byte, n)
			if _, err := io.ReadFull(br, b); err != nil {
				return s.Len(), fmt.Errorf("a checkpoint section is cut short: %v", err)
			}
			for i, v := range b {
				vals[i] = uint32(v)
			}
		case 2:
			b := make([]uint16, n)
			if err := binary.Read(br, binary.LittleEndian, b); err != nil {
				return s.Len(), fmt.Errorf("a checkpoint section is cut short: %v", err)
			}
			for i, v := range b {
				vals[i] = uint32(v)
			}
		default:
			if err := binary.Read(br, binary.LittleEndian, vals); err != nil {
				return s.Len(), fmt.Errorf("a checkpoint section is cut short: %v", err)
			}
		}
		s.load(vals)
	}
}

// load replaces the Solver's values by vals (the first values of its
// game, as a checkpoint had them).
func (s *Solver) load(vals []uint32) {
	top := uint32(0)
	for _, v := range vals {
		top = max(top, v)
	}
	old := s.core()
	s.c8, s.c16, s.c32 = nil, nil, nil
	switch {
	case top < 1<<8:
		s.c8 = loadCore[uint8](old, vals, top)
	case top < 1<<16:
		s.c16 = loadCore[uint16](old, vals, top)
	default:
		s.c32 = loadCore[uint32](old, vals, top)
	}
}

// settings are what a table keeps of how it was made.
type settings struct {
	r                   *rules
	plain               bool
	limit               uint32
	workers, parallelAt int
	minWork             int64
}

// core returns the settings of the Solver's table.
func (s *Solver) core() settings {
	switch {
	case s.c8 != nil:
		return s.c8.settings()
	case s.c16 != nil:
		return s.c16.settings()
	}
	return s.c32.settings()
}

func loadCore[V word](o settings, vals []uint32, top uint32) *core[V] {
	c := newCore[V](o.r, o.plain, 0, o.workers, o.parallelAt, o.minWork)
	c.vals = make([]V, len(vals), max(len(vals), 1024))
	for i, v := range vals {
		c.vals[i] = V(v)
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
	return c
}
