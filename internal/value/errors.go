package value

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/lang"
)

// Pos is a source position.
type Pos = lang.Pos

// RuntimeError is an error raised while a script runs: a position, a
// sentence, and the call sites that led there (innermost first).
type RuntimeError struct {
	Pos   Pos
	Msg   string
	Trace []string
	// Stack is the Go stack of an internal error (a bug of grundy's),
	// for debugging; it is not part of the message.
	Stack string
	// Kind says what raised the error: set where it is raised.
	Kind ErrorKind
	// Flag is the command-line flag of the limit a limit error names, as
	// Msg shows it (" (--max-steps)"), or "".
	Flag string
}

// ErrorKind classifies a RuntimeError.
type ErrorKind uint8

// The kinds of runtime errors.
const (
	ErrRuntime     ErrorKind = iota // the script's own error: a division by zero, a failed assert, ...
	ErrLimit                        // a limit of the run was reached (Limits)
	ErrInterrupted                  // the run's context was cancelled (Ctrl-C, the caller's deadline)
)

// MsgWithoutFlag is Msg without the command-line flag it names (what the
// Go API shows: its limits are fields of Limits, not flags).
func (e *RuntimeError) MsgWithoutFlag() string {
	if e.Flag == "" {
		return e.Msg
	}
	return strings.Replace(e.Msg, " ("+e.Flag+")", "", 1)
}

// LimitError is the error of a limit whose flag is flag ("" for none).
func LimitError(pos Pos, flag, format string, args ...any) *RuntimeError {
	e := Errorf(pos, format, args...)
	e.Kind, e.Flag = ErrLimit, flag
	return e
}

func (e *RuntimeError) Error() string { return lang.FormatPos(e.Pos) + ": " + e.Msg }

// Fail raises a runtime error at pos.
func Fail(pos Pos, format string, args ...any) {
	panic(Errorf(pos, format, args...))
}

// MaxShownText bounds a piece of text an error message quotes (a value, a
// position, a Go error's text): values can be huge (a sum of millions of
// parts, a list doubled thirty times), and a message should stay a line.
const MaxShownText = 200

// Errorf makes the runtime error at pos with the message format fills
// in. Every string and error among args (the values and positions that
// the message quotes) is cut after MaxShownText bytes with "...": this is
// the one place where errors bound what they show.
func Errorf(pos Pos, format string, args ...any) *RuntimeError {
	shown := make([]any, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case string:
			shown[i] = ClipShown(a)
		case error:
			shown[i] = ClipShown(a.Error())
		default:
			shown[i] = a
		}
	}
	return &RuntimeError{Pos: pos, Msg: fmt.Sprintf(format, shown...)}
}

// ClipShown cuts s after MaxShownText bytes (at a character boundary) and
// marks the cut with "...".
func ClipShown(s string) string {
	if len(s) <= MaxShownText {
		return s
	}
	cut := MaxShownText
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

// Shown is v as an error message quotes it: as Repr shows it, cut after
// MaxShownText bytes with "...", and formatted only that far (a value of
// millions of elements is not formatted whole to be cut).
func Shown(v Value) fmt.Stringer { return shownValue{v} }

type shownValue struct{ v Value }

func (s shownValue) String() string { return ClipShown(FormatMax(s.v, true, MaxShownText+1)) }

// Plural is "s" unless n is 1 (the wording of messages).
func Plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// WasWere is "was" when n is 1, else "were".
func WasWere(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}
