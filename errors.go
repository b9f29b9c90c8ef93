package grundy

import (
	"context"
	"errors"
	"strings"

	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/stdlib"

	"github.com/grundy-lang/grundy/lang"
)

// Error is an error in grundy code: a syntax error, an unknown name, a
// runtime error, a limit reached, or a cancelled run. It carries the
// position the error is at. Get it from any error the Interpreter returns
// with errors.As:
//
//	var e *grundy.Error
//	if errors.As(err, &e) {
//		fmt.Println(e.File, e.Line, e.Column, e.Msg)
//	}
//
// When a file has several errors found before it runs, the error is an
// ErrorList, and errors.As finds the first.
type Error struct {
	Kind   ErrorKind
	File   string // the file name given to Load, or "<eval>" for Eval
	Line   int    // from 1; 0 when the error has no position in grundy code
	Column int    // from 1, in characters
	Msg    string // one sentence, without the position
	// Snippet is the source line of the position followed by a line with
	// a caret under the column, each indented by four spaces; empty when
	// the source is not known.
	Snippet string
	// Trace lists, for a runtime error inside a def or a game's moves,
	// the call sites that led there, innermost first, each as
	// "called from FILE:LINE:COL".
	Trace []string
	cause error
	flag  string // a limit error's command-line flag ("--timeout"), or ""
}

// ErrorKind classifies an Error.
type ErrorKind uint8

// The kinds of errors.
const (
	// SyntaxError: the source does not parse. Nothing of it ran.
	SyntaxError ErrorKind = iota + 1
	// ResolveError: an unknown name, a call with the wrong number of
	// arguments to a game or def, or a name declared twice; found when
	// names are resolved, before anything of the file ran.
	ResolveError
	// RuntimeError: raised while running, e.g. a division by zero, a
	// failed assert, a Go function or game that returned an error.
	RuntimeError
	// LimitError: a bound of Limits was reached (a kind of runtime error).
	LimitError
	// Canceled: the context was cancelled or its deadline passed; the
	// Error wraps the context's error.
	Canceled
)

var errorKindNames = [...]string{"", "syntax error", "resolve error", "runtime error", "limit error", "canceled"}

// String names the kind.
func (k ErrorKind) String() string {
	if int(k) < len(errorKindNames) && k > 0 {
		return errorKindNames[k]
	}
	return "unknown error"
}

// Error returns "FILE:LINE:COL: MSG", or MSG alone when the error has no
// position.
func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return lang.FormatPos(lang.Pos{Filename: e.File, Line: e.Line, Column: e.Column}) + ": " + e.Msg
}

// Unwrap returns the context's error for a Canceled error, else nil.
func (e *Error) Unwrap() error { return e.cause }

// ErrorList is several errors found in one file before it ran, in source
// order (e.g. two unknown names); or the error of a run and the error of
// saving its checkpoint (Config.Checkpoint), in this order.
type ErrorList []*Error

// Error returns the errors' messages, one a line.
func (l ErrorList) Error() string { return lang.JoinErrors(l) }

// Unwrap returns the errors, so that errors.As finds the first *Error.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// Explain formats an error for a person, as the grundy command prints
// it: each message, then the source line with a caret under the column,
// then the call sites of a runtime error. Errors of package lang (a
// parse of the program's own) are formatted alike; other errors are
// returned as their Error text. The result ends in a newline.
func Explain(err error) string { return explain(err, nil) }

// ExplainIn is Explain with the source lines read from the texts source
// returns, by file name, instead of the texts the Interpreter was given:
// for a program that shows errors in a text of its own, such as a REPL's
// transcript of the entries typed so far. The lines of the standard
// library's files are the library's; a file source has no text for
// (false) gets no source line.
func ExplainIn(err error, source func(file string) (string, bool)) string {
	if source == nil {
		source = func(string) (string, bool) { return "", false }
	}
	return explain(err, source)
}

// explain is Explain (source nil: the snippets the errors carry) and
// ExplainIn.
func explain(err error, source func(file string) (string, bool)) string {
	err = convert(err, context.Background(), func(string) (string, bool) { return "", false }, false)
	var b strings.Builder
	one := func(e *Error) {
		snippet := e.Snippet
		if source != nil {
			snippet = ""
			if e.Line > 0 {
				text, ok := stdlib.Registry().Source(e.File)
				if !ok {
					text, ok = source(e.File)
				}
				if ok {
					snippet = lang.Snippet(text, lang.Pos{Filename: e.File, Line: e.Line, Column: e.Column})
				}
			}
		}
		lang.WriteReport(&b, e.Error(), snippet, e.Trace)
	}
	var list ErrorList
	var e *Error
	switch {
	case errors.As(err, &list):
		for _, e := range list {
			one(e)
		}
	case errors.As(err, &e):
		one(e)
	default:
		b.WriteString(err.Error() + "\n")
	}
	return b.String()
}

// convert turns an error of package eval into an *Error or an ErrorList;
// other errors are returned as they are. ctx is the caller's context (to
// tell a cancellation from other interruptions); src returns the source
// of a file, for snippets; cmdline keeps the messages of the grundy
// command (Config.CommandLine).
func convert(err error, ctx context.Context, src func(file string) (string, bool), cmdline bool) error {
	if err == nil {
		return nil
	}
	mk := func(kind ErrorKind, pos lang.Pos, msg string) *Error {
		e := &Error{Kind: kind, File: pos.Filename, Line: pos.Line, Column: pos.Column, Msg: msg}
		if pos.Line > 0 {
			text, ok := src(pos.Filename)
			if !ok {
				text, ok = stdlib.Registry().Source(pos.Filename)
			}
			if ok {
				e.Snippet = lang.Snippet(text, pos)
			}
		}
		return e
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		if _, mine := err.(ErrorList); !mine {
			// A run's error and its checkpoint's (errors.Join): each.
			var out ErrorList
			for _, e := range j.Unwrap() {
				switch c := convert(e, ctx, src, cmdline).(type) {
				case *Error:
					out = append(out, c)
				case ErrorList:
					out = append(out, c...)
				default:
					out = append(out, &Error{Kind: RuntimeError, Msg: c.Error()})
				}
			}
			return out
		}
	}
	var list lang.ErrorList
	var se *lang.Error
	var re *value.RuntimeError
	switch {
	case errors.As(err, &list):
		out := make(ErrorList, len(list))
		for i, e := range list {
			out[i] = mk(ResolveError, e.Pos, e.Msg)
		}
		if len(out) == 1 {
			return out[0]
		}
		return out
	case errors.As(err, &se):
		return mk(SyntaxError, se.Pos, se.Msg)
	case errors.As(err, &re):
		kind := RuntimeError
		msg := re.Msg
		switch {
		case re.Kind == value.ErrInterrupted && ctx.Err() != nil:
			kind = Canceled
			if msg == "interrupted" && !cmdline {
				msg = "interrupted: " + ctx.Err().Error()
			}
		case re.Kind == value.ErrLimit:
			kind = LimitError
			if !cmdline {
				msg = re.MsgWithoutFlag()
			}
		}
		e := mk(kind, re.Pos, msg)
		e.Trace = append([]string(nil), re.Trace...)
		if kind == LimitError {
			e.flag = re.Flag
		}
		if kind == Canceled {
			e.cause = ctx.Err()
		}
		return e
	}
	return err
}
