package engine

import (
	"bufio"
	"io"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/internal/value"
)

func (th *Thread) ExprResult(v value.Value) {
	if th.Show != nil {
		th.Show(th, v)
		return
	}
	th.Write(th.Format(th.Stmt, v, false) + "\n")
}

// Out is where print writes (buffered; flushed when a run ends).
func (th *Thread) Out() *bufio.Writer { return th.OutW }

// outputError is a failure to write what a script prints (a pipe closed
// by its reader, a full disk): the run stops there, since nothing it
// prints later can arrive either.
type OutputError struct{ Err error }

func (e OutputError) Error() string { return "writing output: " + e.Err.Error() }

func (e OutputError) Unwrap() error { return e.Err }

// write writes text to the output, stopping the run when it cannot (the
// buffer reports the writer's first error on every later write).
func (th *Thread) Write(text string) {
	if _, err := th.OutW.WriteString(text); err != nil {
		panic(OutputError{err})
	}
}

// readInput reads all of standard input for ints(), accounting for its
// memory as it grows (a huge input fails with the memory limit's error).
func (th *Thread) readInput(c *Call) []byte {
	data := make([]byte, 0, 4096)
	for {
		if len(data) == cap(data) {
			n := 2 * cap(data)
			c.Alloc(int64(n))
			data = append(make([]byte, 0, n), data...)
		}
		k, err := th.In.Read(data[len(data):cap(data)])
		data = data[:len(data)+k]
		if err == io.EOF {
			return data
		}
		if err != nil {
			c.Fail("ints(): reading standard input: %v", err)
		}
		c.Tick()
	}
}

// forWords calls f with each word of data (split at white space, as
// strings.Fields splits) and the number of its line.
func forWords(data []byte, f func(line int, w []byte)) {
	line, start := 1, -1
	for i := 0; i < len(data); {
		r, n := rune(data[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRune(data[i:])
		}
		if unicode.IsSpace(r) {
			if start >= 0 {
				f(line, data[start:i])
				start = -1
			}
			if r == '\n' {
				line++
			}
		} else if start < 0 {
			start = i
		}
		i += n
	}
	if start >= 0 {
		f(line, data[start:])
	}
}

// Ints returns all whitespace-separated integers of standard input as a
// list (read once, then remembered).
func (th *Thread) Ints(c *Call) value.Value {
	if th.InRead {
		return th.ints
	}
	if th.In == nil {
		c.Fail("ints(): this program has no standard input")
	}
	data := th.readInput(c)
	// The words, as strings.Fields splits each line: counted first, so
	// that the list is accounted for and made once.
	words := 0
	forWords(data, func(int, []byte) { words++ })
	out := c.Alloced(words)
	forWords(data, func(line int, w []byte) {
		c.Poll(len(out))
		n, err := strconv.ParseInt(string(w), 10, 64)
		if err != nil {
			s := string(w)
			if len(s) > 20 {
				s = s[:20] + "..."
			}
			c.Fail("ints(): standard input line %d has %q, which is not a 64-bit integer", line, s)
		}
		out = append(out, value.Int(n))
	})
	th.InRead = true
	th.ints = value.List(out)
	return th.ints
}
