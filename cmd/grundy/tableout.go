package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/grundy-lang/grundy"
)

// grundy table -o OUT writes the table to the file OUT. A table that is
// streamed (csv, json, bfile; one for clause) keeps beside OUT, while it
// is written, OUT.progress: how far the table got (the iterations of its
// for clause done, the rows written, the last row's label) and OUT's
// length after the last row written, saved about every second and when
// the run ends or stops; it is removed when the table is complete. A
// later run with --resume of the same table (the same script text, table
// text and format) cuts OUT to that length and goes on from there,
// appending the rows after it: OUT is then what one run writes, byte for
// byte. The progress file is replaced whole (a new file renamed over it),
// after OUT's rows are on the disk. OUT is locked while it is written
// (lockOut), so that two runs do not write it at once.

// progressSuffix names the progress file of OUT.
const progressSuffix = ".progress"

// progressHeader is a progress file's first line.
const progressHeader = "grundy table progress 1"

// saveEvery is how often the progress is saved.
var saveEvery = time.Second

// tableProgress is what a progress file holds.
type tableProgress struct {
	script, table, format string // the script's sha256, the table, its format
	at                    grundy.TableProgress
	bytes                 int64 // OUT's length after the last row written
}

// String is the file's text.
func (p tableProgress) String() string {
	return fmt.Sprintf("%s\nscript %s\ntable %s\nformat %s\niterations %d\nrows %d\nlast %s\nbytes %d\n",
		progressHeader, p.script, strconv.Quote(p.table), p.format, p.at.Iterations, p.at.Rows, strconv.Quote(p.at.Last), p.bytes)
}

// parseProgress reads a progress file's text.
func parseProgress(text string) (tableProgress, error) {
	var p tableProgress
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) != 8 || lines[0] != progressHeader {
		return p, errors.New("it is not a progress file of grundy table")
	}
	fields := map[string]string{}
	for _, l := range lines[1:] {
		k, v, _ := strings.Cut(l, " ")
		fields[k] = v
	}
	var errs []error
	num := func(k string) int64 {
		n, err := strconv.ParseInt(fields[k], 10, 64)
		if err != nil || n < 0 {
			errs = append(errs, fmt.Errorf("its %s is not a count", k))
		}
		return n
	}
	str := func(k string) string {
		s, err := strconv.Unquote(fields[k])
		if err != nil {
			errs = append(errs, fmt.Errorf("its %s is not a quoted text", k))
		}
		return s
	}
	p.script, p.format = fields["script"], fields["format"]
	p.table, p.at.Last = str("table"), str("last")
	p.at.Iterations, p.at.Rows, p.bytes = num("iterations"), num("rows"), num("bytes")
	if len(errs) > 0 {
		return p, errs[0]
	}
	return p, nil
}

// scriptHash is the sha256 of a script's text, as a progress file names
// the script.
func scriptHash(src string) string {
	h := sha256.Sum256([]byte(src))
	return hex.EncodeToString(h[:])
}

// tableOut is the file OUT that grundy table -o writes: opened when the
// first byte comes (a table that fails before leaves OUT as it was),
// cut to the resumed length then; with the progress of a streamed table.
type tableOut struct {
	path     string
	f        *os.File
	unlock   func()
	resume   int64 // the length OUT is cut to when opened
	resuming bool  // --resume: OUT.progress is kept
	n        int64 // OUT's length so far
	err      error // the error of opening it
	// Progress (streamed tables): what the file says, the last saved.
	prog  tableProgress
	saved time.Time
	bw    *bufio.Writer // the rows' writer, flushed before a save
}

// Write writes to OUT, opening it first.
func (o *tableOut) Write(p []byte) (int, error) {
	if o.f == nil && o.err == nil {
		o.err = o.open()
	}
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.f.Write(p)
	o.n += int64(n)
	return n, err
}

// open opens OUT (locked), emptied or cut to the resumed length.
func (o *tableOut) open() error {
	f, err := os.OpenFile(o.path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", o.path, unwrapPathError(err))
	}
	unlock, err := lockOut(f)
	if err != nil {
		f.Close()
		return fmt.Errorf("cannot write %s: %v", o.path, err)
	}
	if !o.resuming {
		// (A progress file of an earlier table is not OUT's any more.)
		os.Remove(o.path + progressSuffix)
	}
	at := o.resume
	if err := f.Truncate(at); err != nil {
		unlock()
		f.Close()
		return err
	}
	if _, err := f.Seek(at, io.SeekStart); err != nil {
		unlock()
		f.Close()
		return err
	}
	o.f, o.unlock, o.n = f, unlock, at
	return nil
}

// written is TableOptions.Written: the progress after a row, saved
// about every second.
func (o *tableOut) written(at grundy.TableProgress) {
	o.prog.at = at
	o.prog.bytes = o.n + int64(o.bw.Buffered())
	if time.Since(o.saved) >= saveEvery {
		o.save()
	}
}

// save writes the rows to the disk, then the progress file (a new file
// renamed over it). A failed save is not an error of the table: the
// progress file stays as it was, behind OUT, which is fine (a resumed
// run cuts OUT back).
func (o *tableOut) save() error {
	o.saved = time.Now()
	if o.f == nil {
		return nil
	}
	if err := o.bw.Flush(); err != nil {
		return err
	}
	if err := o.f.Sync(); err != nil {
		return err
	}
	return writeFileAtomic(o.path+progressSuffix, o.prog.String())
}

// close ends the writing of OUT: the progress saved (stopped: the table
// is not complete), or removed (complete).
func (o *tableOut) close(complete bool) error {
	if o.f == nil {
		if o.err != nil {
			return o.err
		}
		if complete {
			os.Remove(o.path + progressSuffix)
		}
		return nil
	}
	var err error
	if complete {
		err = o.f.Sync()
		if rerr := os.Remove(o.path + progressSuffix); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) && err == nil {
			err = rerr
		}
	} else if o.bw != nil {
		err = o.save()
	}
	o.unlock()
	if cerr := o.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// writeFileAtomic replaces the file path with one holding text.
func writeFileAtomic(path, text string) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	_, err = f.WriteString(text)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// resumeFrom reads the progress of OUT for --resume of the table p
// describes (script, table, format): what the file says, or, when there
// is no OUT, none (the table starts). It returns a sentence for a
// progress that cannot be used.
func resumeFrom(out string, p tableProgress) (tableProgress, string) {
	data, err := os.ReadFile(out + progressSuffix)
	_, oerr := os.Stat(out)
	switch {
	case errors.Is(err, fs.ErrNotExist) && errors.Is(oerr, fs.ErrNotExist):
		return p, ""
	case errors.Is(err, fs.ErrNotExist):
		return p, fmt.Sprintf("--resume: %s has no %s, so its table is complete (or was not written by grundy table -o): remove %s to compute it again", out, out+progressSuffix, out)
	case err != nil:
		return p, fmt.Sprintf("--resume: cannot read %s: %v", out+progressSuffix, unwrapPathError(err))
	}
	got, err := parseProgress(string(data))
	if err != nil {
		return p, fmt.Sprintf("--resume: %s is not usable: %v", out+progressSuffix, err)
	}
	switch {
	case got.script != p.script:
		return p, fmt.Sprintf("--resume: %s was written with another text of the script: remove %s and %s, or run without --resume to start over", out, out, out+progressSuffix)
	case got.table != p.table || got.format != p.format:
		return p, fmt.Sprintf("--resume: %s holds the table %q in the %s format, not %q in %s: remove %s and %s, or run without --resume to start over", out, got.table, got.format, p.table, p.format, out, out+progressSuffix)
	}
	st, err := os.Stat(out)
	switch {
	case err != nil:
		return p, fmt.Sprintf("--resume: cannot read %s: %v", out, unwrapPathError(err))
	case st.Size() < got.bytes:
		return p, fmt.Sprintf("--resume: %s is %d bytes, shorter than the %d bytes of rows %s says it holds: was it changed? Remove both to start over", out, st.Size(), got.bytes, out+progressSuffix)
	}
	return got, ""
}
