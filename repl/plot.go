package repl

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/grundy-lang/grundy"
)

const plotUse = "usage: :plot [FILE.png|FILE.svg] EXPR for n in A .. B [for m in C .. D]"

// cmdPlot runs :plot [FILE.png|FILE.svg] EXPR CLAUSES: it draws the plot
// (Interpreter.NewPlot) and writes it to FILE, or to the first of plot1.png,
// plot2.png, ... that does not exist, and says which file and what it
// shows.
func (r *REPL) cmdPlot(ctx context.Context, arg string) bool {
	if arg == "" {
		fmt.Fprintln(r.errOut, plotUse)
		return false
	}
	out, spec := "", arg
	first, rest, _ := strings.Cut(arg, " ")
	format := "png"
	switch strings.ToLower(filepath.Ext(first)) {
	case ".svg":
		format = "svg"
		fallthrough
	case ".png":
		out, spec = first, strings.TrimSpace(rest)
		if spec == "" {
			fmt.Fprintln(r.errOut, plotUse)
			return false
		}
	}
	// The text is parsed where it stands on the input line, so that an
	// error points into it.
	p, err := r.in.NewPlot(ctx, "<stdin>", r.inLine(r.argAt+len(arg)-len(spec), spec))
	if err != nil {
		r.report(r.typed(), err)
		return false
	}
	var buf bytes.Buffer
	if err := p.Write(&buf, grundy.PlotOptions{Format: format}); err != nil {
		fmt.Fprintf(r.errOut, "drawing the plot: %v\n", err)
		return false
	}
	if out == "" {
		for i := 1; ; i++ {
			out = fmt.Sprintf("plot%d.png", i)
			if _, err := os.Stat(out); os.IsNotExist(err) {
				break
			}
		}
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintf(r.errOut, "cannot write %s: %v\n", out, err)
		return false
	}
	fmt.Fprintf(r.out, "wrote %s: %s\n", out, p.Summary())
	return true
}
