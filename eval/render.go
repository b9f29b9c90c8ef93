package eval

import (
	"errors"
	"strings"

	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/stdlib"

	"github.com/grundy-lang/grundy/lang"
)

// Render formats an error of a run for a person: each message
// ("file:line:col: sentence") followed by the source line with a caret
// under the column (when src has that line), then a runtime error's call
// sites. It reports whether the error is a syntax error (exit status 2) as
// opposed to a resolve or runtime error (exit status 1). Other errors are
// rendered as "grundy: message".
func Render(err error, src string) (text string, syntax bool) {
	return RenderFiles(err, func(string) (string, bool) { return src, true })
}

// RenderFiles is Render for a run of several texts (a script and an
// expression evaluated after it): source returns the text of the file a
// position names, or false when it has none to show (no snippet then).
func RenderFiles(err error, source func(filename string) (string, bool)) (text string, syntax bool) {
	var b strings.Builder
	one := func(msg string, pos lang.Pos, trace []string) {
		var sn string
		if pos.Line > 0 {
			text, ok := stdlib.Registry().Source(pos.Filename)
			if !ok {
				text, ok = source(pos.Filename)
			}
			if ok {
				sn = lang.Snippet(text, pos)
			}
		}
		lang.WriteReport(&b, msg, sn, trace)
	}
	var list lang.ErrorList
	var se *lang.Error
	var re *value.RuntimeError
	switch {
	case errors.As(err, &list):
		for _, e := range list {
			one(e.Error(), e.Pos, nil)
		}
	case errors.As(err, &se):
		one(se.Error(), se.Pos, nil)
		syntax = true
	case errors.As(err, &re):
		if re.Pos.Line == 0 {
			one(re.Msg, re.Pos, re.Trace)
		} else {
			one(re.Error(), re.Pos, re.Trace)
		}
	default:
		b.WriteString("grundy: " + err.Error() + "\n")
	}
	return b.String(), syntax
}
