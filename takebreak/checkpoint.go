package takebreak

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"
	"strconv"
	"strings"
	"sync"
)

// A checkpoint is the values Solvers computed, written so that a later
// run of the same games goes on from there (a computation of hours
// survives an interrupted run). Format 2:
//
//	grundy-checkpoint 2\n
//	takebreak RULES WIDTH COUNT\n      a section a game, each game once:
//	COUNT values of WIDTH bytes (1, 2 or 4), little-endian
//	...
//	pruned KEY COUNT\n                 other values (Extra), each KEY once:
//	COUNT bytes
//	...
//	end CRC\n
//
// RULES names the game's rules ("0:4u,1:7": take 0 and leave two unequal
// heaps; take 1 and leave 0, 1 or 2 heaps). CRC is the CRC-32C
// (Castagnoli) of every byte before "end", in 8 hexadecimal digits: a
// file that fails it, or that is cut short, or whose counts do not fit in
// it, is corrupt and none of it is used. An empty file holds no values.
// (Format 1, "grundy-takebreak 1 RULES WIDTH COUNT" sections without a
// checksum, is refused.) The files themselves, locked and replaced whole,
// are checkpoint_file.go's.

const (
	fileHead = "grundy-checkpoint 2\n"
	// maxLine bounds a line read (a game's rules): what is longer is not
	// a checkpoint's.
	maxLine = 1 << 20
	// maxHeaps bounds a section's values (2^40 heaps: a table of 1 TiB at
	// least).
	maxHeaps = 1 << 40
	// maxSets bounds the bytes of the sets of values rebuilt from a
	// section (their size grows with the largest value: crafted values
	// must not make them huge).
	maxSets = 1 << 30
)

// castagnoli is the checksum's table, made when a checkpoint is first
// read or written (making it takes about a twentieth of a run's start).
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// A CheckpointError is a checkpoint file that cannot be read or written:
// its name, and the rest of the sentence that says why (Reason begins
// with " is" or ":"), so that a caller may put the name in its own words.
type CheckpointError struct {
	File   string
	Reason string
}

func (e *CheckpointError) Error() string { return e.File + e.Reason }

// errCorrupt is why a checkpoint is corrupt, before the file's name is
// known (fileError names it).
type errCorrupt string

func (e errCorrupt) Error() string { return string(e) }

// errNotCheckpoint is a file that begins with something else.
type errNotCheckpoint string

func (e errNotCheckpoint) Error() string { return "not a checkpoint: it begins " + string(e) }

var errFormat1 = errors.New("format 1")

// fileError is err, of reading or writing checkpoint file, as a
// CheckpointError.
func fileError(file string, err error) error {
	var ce *CheckpointError
	var corrupt errCorrupt
	var other errNotCheckpoint
	switch {
	case errors.As(err, &ce):
		return ce
	case errors.As(err, &corrupt):
		return &CheckpointError{file, " is corrupt (" + string(corrupt) + ") and is not used; deleting it restarts the computation"}
	case errors.As(err, &other):
		return &CheckpointError{file, " is not a checkpoint (it begins " + string(other) + "); give another file"}
	case errors.Is(err, errFormat1):
		return &CheckpointError{file, " is a checkpoint of an older grundy (format 1, without a checksum) and is not used; deleting it restarts the computation"}
	}
	return &CheckpointError{file, ": it cannot be read (" + unwrapPath(err).Error() + ")"}
}

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

// section is a section's header: a take-and-break game's, or an Extra's
// (extra: its width is 1, n its bytes).
type section struct {
	key      string
	width, n int
	extra    bool
}

func (h section) line() string {
	if h.extra {
		return fmt.Sprintf("%s %s %d\n", extraKind, h.key, h.n)
	}
	return fmt.Sprintf("takebreak %s %d %d\n", h.key, h.width, h.n)
}
func (h section) bytes() int64 { return int64(h.n) * int64(h.width) }

// id names the section among a file's: each once.
func (h section) id() string {
	if h.extra {
		return extraKind + " " + h.key
	}
	return h.key
}

func (s *Solver) header() section {
	return section{key: RulesKey(s.g), width: s.Stats().BytesPerHeap, n: s.Len()}
}

// An Extra is a section of a checkpoint that holds other values than a
// take-and-break game's (those of package solve's pruned search), as
// bytes, under a key (a word of letters and digits) that names what they
// are for. A file holds one of each key: a save replaces the file's (the
// run that saves took them in when it began), and of two Extras of a key
// in one save, it keeps the longer.
type Extra struct {
	Key  string
	Data []byte
}

// extraKind is the first word of an Extra's header.
const extraKind = "pruned"

// maxExtra bounds an Extra's bytes.
const maxExtra = 1 << 40

func (x Extra) header() section { return section{key: x.Key, width: 1, n: len(x.Data), extra: true} }

// validKey reports whether key can name an Extra.
func validKey(key string) bool {
	return key != "" && len(key) <= 256 && strings.Trim(key, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_.") == ""
}

// Save writes a checkpoint of the Solver's values to w.
func (s *Solver) Save(w io.Writer) error { return WriteCheckpoint(w, s) }

// WriteCheckpoint writes a checkpoint of the values of solvers to w (of
// games with values; the one with the most values of a game).
func WriteCheckpoint(w io.Writer, solvers ...*Solver) error {
	return merge(w, nil, 0, solvers, nil)
}

// writer writes a checkpoint, keeping the CRC of what it wrote.
type writer struct {
	w   *bufio.Writer
	crc uint32
}

func (w *writer) Write(p []byte) (int, error) {
	w.crc = crc32.Update(w.crc, castagnoli(), p)
	return w.w.Write(p)
}

func (w *writer) section(s *Solver) error {
	h := s.header()
	if len(h.line()) > maxLine {
		return fmt.Errorf("the rules of %s are too long for a checkpoint", s.g.Name)
	}
	io.WriteString(w, h.line())
	return s.table().save(w)
}

// end writes the end line and flushes.
func (w *writer) end() error {
	fmt.Fprintf(w.w, "end %08x\n", w.crc)
	return w.w.Flush()
}

// merge writes to w a checkpoint of the values of solvers and extras and
// of the sections of the checkpoint old (of size bytes; nil: none) of
// other games and keys: of a game of both, the one with more values; of
// a key of both, extras'. It reads the whole of old, and fails when old is not a
// checkpoint or is corrupt.
func merge(w io.Writer, old io.Reader, size int64, solvers []*Solver, extras []Extra) error {
	mine := map[string]*Solver{} // by key, the one with the most values
	for _, s := range solvers {
		k := RulesKey(s.g)
		if s.Len() > 0 && (mine[k] == nil || s.Len() > mine[k].Len()) {
			mine[k] = s
		}
	}
	myExtras := map[string]int{} // by key, the index of the longest
	for i, x := range extras {
		if !validKey(x.Key) {
			return fmt.Errorf("%q cannot name values in a checkpoint", x.Key)
		}
		if j, ok := myExtras[x.Key]; len(x.Data) > 0 && (!ok || len(x.Data) > len(extras[j].Data)) {
			myExtras[x.Key] = i
		}
	}
	cw := &writer{w: bufio.NewWriterSize(w, 1<<20)}
	io.WriteString(cw, fileHead)
	if old != nil {
		err := scan(old, size, func(h section, r *reader) error {
			if h.extra {
				if _, ok := myExtras[h.key]; ok {
					return r.skip(h.bytes(), nil)
				}
			} else {
				if s := mine[h.key]; s != nil && s.Len() >= h.n {
					return r.skip(h.bytes(), nil)
				}
				delete(mine, h.key) // (the file has more)
			}
			io.WriteString(cw, h.line())
			return r.skip(h.bytes(), cw)
		})
		if err != nil {
			return err
		}
	}
	for _, s := range solvers {
		if k := RulesKey(s.g); mine[k] == s {
			if err := cw.section(s); err != nil {
				return err
			}
			delete(mine, k)
		}
	}
	for i, x := range extras {
		if j, ok := myExtras[x.Key]; ok && j == i {
			io.WriteString(cw, x.header().line())
			if _, err := cw.Write(x.Data); err != nil {
				return err
			}
			delete(myExtras, x.Key)
		}
	}
	return cw.end()
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

// reader reads a checkpoint of a known size, keeping the CRC of what it
// read.
type reader struct {
	br   *bufio.Reader
	left int64 // the bytes not read yet
	crc  uint32
}

// line reads a line (with its newline).
func (r *reader) line() (string, error) {
	b, err := r.br.ReadSlice('\n')
	switch {
	case err == bufio.ErrBufferFull:
		return string(b[:64]), errCorrupt(fmt.Sprintf("a line is longer than %d bytes", maxLine))
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		return string(b), errCorrupt("it is cut short")
	case err != nil:
		return "", err
	}
	r.crc = crc32.Update(r.crc, castagnoli(), b)
	r.left -= int64(len(b))
	return string(b), nil
}

// read fills p.
func (r *reader) read(p []byte) error {
	if _, err := io.ReadFull(r.br, p); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return errCorrupt("it is cut short")
		}
		return err
	}
	r.crc = crc32.Update(r.crc, castagnoli(), p)
	r.left -= int64(len(p))
	return nil
}

// skip reads n bytes, writing them to w when it is not nil.
func (r *reader) skip(n int64, w io.Writer) error {
	for n > 0 {
		b, err := r.br.Peek(int(min(n, int64(r.br.Size()))))
		if len(b) == 0 && err != nil {
			if err == io.EOF {
				return errCorrupt("it is cut short")
			}
			return err
		}
		r.crc = crc32.Update(r.crc, castagnoli(), b)
		if w != nil {
			if _, err := w.Write(b); err != nil {
				return err
			}
		}
		r.br.Discard(len(b))
		r.left -= int64(len(b))
		n -= int64(len(b))
	}
	return nil
}

// scan reads the checkpoint of size bytes r holds and calls each with
// every section's header, which reads the section's values (or skips
// them) from rd. It checks every count against the bytes left before
// each is called, and the CRC at the end: an error says the checkpoint
// is not to be used (what each read is not either).
func scan(r io.Reader, size int64, each func(h section, rd *reader) error) error {
	if size == 0 {
		return nil
	}
	rd := &reader{br: bufio.NewReaderSize(io.LimitReader(r, size), maxLine), left: size}
	first, err := rd.line()
	var cut errCorrupt
	switch {
	case err != nil && !errors.As(err, &cut):
		return err
	case err != nil || first != fileHead:
		return notHead(first)
	}
	seen := map[string]bool{}
	for {
		crc := rd.crc
		line, err := rd.line()
		if err != nil {
			return err
		}
		if sum, ok := strings.CutPrefix(line, "end "); ok {
			if want := fmt.Sprintf("%08x\n", crc); sum != want {
				return errCorrupt("its checksum does not match")
			}
			if rd.left != 0 {
				return errCorrupt("bytes follow its end")
			}
			return nil
		}
		h, err := parseSection(line, rd.left)
		if err != nil {
			return err
		}
		if seen[h.id()] {
			return errCorrupt("it has two sections of one game")
		}
		seen[h.id()] = true
		if err := each(h, rd); err != nil {
			return err
		}
	}
}

// notHead is the error of a checkpoint whose first line is not fileHead.
func notHead(first string) error {
	switch {
	case strings.HasPrefix(first, "grundy-takebreak 1 "):
		return errFormat1
	case strings.HasPrefix(first, "grundy-checkpoint "):
		return errCorrupt(fmt.Sprintf("its first line is %.40q, not %q", strings.TrimSuffix(first, "\n"), strings.TrimSuffix(fileHead, "\n")))
	}
	return errNotCheckpoint(fmt.Sprintf("%.40q", first))
}

// parseSection reads a section's header line; its values must fit in
// the left bytes of the file.
func parseSection(line string, left int64) (section, error) {
	f := strings.Split(strings.TrimSuffix(line, "\n"), " ")
	if len(f) == 3 && f[0] == extraKind && validKey(f[1]) {
		n := count(f[2])
		if n < 0 || n > maxExtra || int64(int(n)) != n {
			return section{}, errCorrupt(fmt.Sprintf("a line is %.40q, not a section's header", line))
		}
		if n > left {
			return section{}, errCorrupt(fmt.Sprintf("a section of %d bytes is longer than the rest of the file, %d bytes", n, left))
		}
		return section{key: f[1], width: 1, n: int(n), extra: true}, nil
	}
	if len(f) != 4 || f[0] != "takebreak" || f[1] == "" {
		return section{}, errCorrupt(fmt.Sprintf("a line is %.40q, not a section's header", line))
	}
	width, n := count(f[2]), count(f[3])
	if width != 1 && width != 2 && width != 4 || n < 0 || n > maxHeaps || int64(int(n)) != n {
		return section{}, errCorrupt(fmt.Sprintf("a line is %.40q, not a section's header", line))
	}
	h := section{key: f[1], width: int(width), n: int(n)}
	if h.bytes() > left {
		return section{}, errCorrupt(fmt.Sprintf("a section of %d values of %d bytes is longer than the rest of the file, %d bytes", n, width, left))
	}
	return h, nil
}

// count is the decimal s, or -1 when s is not one (or too long for one).
func count(s string) int64 {
	if s == "" || len(s) > 15 || strings.Trim(s, "0123456789") != "" {
		return -1
	}
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}

// Restore reads the checkpoint of size bytes r holds and takes the values
// of the Solver's game, when it has more than the Solver knows. It
// reports how many values the Solver knows then; an error, and no value
// taken, when r is not a checkpoint, is corrupt or holds values no heap of
// the game can have.
func (s *Solver) Restore(r io.Reader, size int64) (int, error) {
	key := RulesKey(s.g)
	var got table // (not used until the whole file is checked)
	err := scan(r, size, func(h section, rd *reader) error {
		if h.extra || h.key != key || h.n <= s.Len() {
			return rd.skip(h.bytes(), nil)
		}
		t, err := s.read(rd, h)
		if err != nil {
			return err // (t is a nil *core: readCore dropped what it read)
		}
		got = t
		return nil
	})
	if err == nil && got != nil {
		err = got.rebuild()
	}
	if err != nil {
		if got != nil {
			got.discard()
		}
		return s.Len(), err
	}
	if got != nil {
		s.use(got)
	}
	return s.Len(), nil
}

// read reads a section's values into a new table of their width (the
// first values of the Solver's game, as a checkpoint had them); rebuild
// makes it one to compute with.
func (s *Solver) read(rd *reader, h section) (table, error) {
	o := s.table().settings()
	switch h.width {
	case 1:
		return readCore[uint8](o, rd, h.n)
	case 2:
		return readCore[uint16](o, rd, h.n)
	}
	return readCore[uint32](o, rd, h.n)
}

// use makes t (read) the Solver's table, the old one going.
func (s *Solver) use(t table) {
	switch c := t.(type) {
	case *core[uint8]:
		s.c8, s.c16, s.c32 = c, nil, nil
	case *core[uint16]:
		s.c8, s.c16, s.c32 = nil, c, nil
	case *core[uint32]:
		s.c8, s.c16, s.c32 = nil, nil, c
	}
	t.adopt()
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

// readCore reads n values (the file has them: scan checked) into a new
// core. Its table is a mapped file when it is large (loaded, not yet the
// store's: adopt makes it so).
func readCore[V word](o settings, rd *reader, n int) (*core[V], error) {
	c := newCore[V](o.r, o.plain, 0, o.workers, o.parallelAt, o.minWork, o.mem)
	c.waitHelper = o.waitHelper
	vals, m := alloc[V](o.mem, max(n, 1024))
	c.vals, c.loaded = vals[:n], m
	if err := rd.read(asBytes(c.vals)); err != nil {
		c.discard()
		return nil, err
	}
	if !littleEndian {
		for i, v := range c.vals {
			c.vals[i] = V(bits.ReverseBytes32(uint32(v)) >> (32 - 8*sizeOf(v)))
		}
	}
	return c, nil
}

// discard drops a core read and not used (its mapped file goes).
func (c *core[V]) discard() {
	c.loaded.close()
	c.loaded, c.vals = nil, nil
}

// adopt makes the table read the store's (the old one goes).
func (c *core[V]) adopt() {
	c.mem.swap(c.loaded)
	c.loaded = nil
}

// rebuild checks the values read (each new largest value is one the heap
// can have: at most its number of options, and at most 2^b when the
// values below it have b bits, their xors being below 2^b) and the memory
// of the sets they make, then makes the sets.
func (c *core[V]) rebuild() error {
	top := uint32(0)
	for n, v := range c.vals {
		if u := uint32(v); u > top {
			if u > 1<<bits32(top) || uint64(u) > c.r.options(n) {
				return errCorrupt(fmt.Sprintf("heap %d has the value %d, more than it can have", n, u))
			}
			top = u
		}
	}
	nw := max((1<<bits32(top))/64+1, 2)
	sets := int64(2 * nw * 8)
	if len(c.r.triples) > 0 {
		sets += (int64(len(c.vals)) + int64(top) + 1) * int64(nw) * 8
	}
	if sets > maxSets {
		return errCorrupt(fmt.Sprintf("going on from its values would take %d MiB of sets of values", sets>>20))
	}
	c.maxV = top
	c.setWords(nw)
	if len(c.r.triples) > 0 {
		// The split sets, again (moves that leave three heaps stay small).
		vals := c.vals
		c.s2 = make([]uint64, len(vals)*nw)
		for m := range vals {
			set := c.s2[m*nw : (m+1)*nw]
			for a := 1; 2*a <= m; a++ {
				u := uint32(vals[a] ^ vals[m-a])
				set[u>>6] |= 1 << (u & 63)
			}
		}
	}
	// The classes are chosen at the next heap (and the rare heaps found).
	c.choseAt = len(c.vals) / 2
	return nil
}

// options is at least the number of options of heap n (a bound of its
// value: the mex of as many values).
func (r *rules) options(n int) uint64 {
	k := uint64(0)
	for _, s := range r.singles {
		if s.whole && n == s.take || s.one && n > s.take {
			k++
		}
	}
	for _, s := range r.splits {
		if rem := n - s.take; rem >= 2 {
			k += uint64(rem / 2)
		}
	}
	for _, t := range r.triples {
		if rem := uint64(max(n-t, 0)); rem >= 3 {
			k += min(rem, 1<<31) * min(rem, 1<<31) // (more than the ways to split rem in three)
		}
	}
	return k
}

// littleEndian: the machine's values are stored as a checkpoint stores
// them.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1
