package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/eval"
	"github.com/grundy-lang/grundy/lang"
	"github.com/grundy-lang/grundy/repl"
)

// The code blocks of spec.md, the language reference, are its examples, and
// this test keeps them true. A block's info string says what it is:
//
//	```grundy         a script: it must parse; when an ```output block
//	                  follows, running it must print exactly that
//	```grundy error   a script that fails: the ```output block after it
//	                  holds the first line of the error (err.Error())
//	```grundy repl    REPL entries: each must parse; when an ```output block
//	                  follows, the REPL fed these lines must print exactly
//	                  that on standard output
//	```input          standard input for the script before it (ints()),
//	                  between the script and its ```output block
//	```output         what the block before it prints
//
// Only blank lines may separate a block from its ```input or ```output
// block, and every ```input and ```output block must belong to a block.
// Other blocks (ebnf, text, console) are not checked. Scripts run with the
// file name "spec.md" and lines counted from the first line of the block.

// specPath is spec.md, relative to this package's directory.
const specPath = "../../spec.md"

// specBlock is one fenced code block of spec.md.
type specBlock struct {
	info string // the info string, e.g. "grundy" or "grundy error"
	line int    // line of the opening fence in spec.md, from 1
	body string // the lines between the fences, each ending in "\n"
	// gap is true when something other than blank lines separates this
	// block from the previous one.
	gap bool
}

// readSpecBlocks splits markdown text into its fenced code blocks.
func readSpecBlocks(text string) ([]specBlock, error) {
	var blocks []specBlock
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	lineNo := 0
	var cur *specBlock
	fence := ""
	var body strings.Builder
	gap := true
	for sc.Scan() {
		lineNo++
		l := sc.Text()
		if cur == nil {
			if strings.HasPrefix(l, "```") {
				n := len(l) - len(strings.TrimLeft(l, "`"))
				fence = l[:n]
				cur = &specBlock{info: strings.Join(strings.Fields(l[n:]), " "), line: lineNo, gap: gap}
				body.Reset()
				continue
			}
			if strings.TrimSpace(l) != "" {
				gap = true
			}
			continue
		}
		if strings.TrimRight(l, " ") == fence {
			cur.body = body.String()
			blocks = append(blocks, *cur)
			cur = nil
			gap = false
			continue
		}
		body.WriteString(l)
		body.WriteByte('\n')
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if cur != nil {
		return nil, fmt.Errorf("spec.md:%d: code block never closed", cur.line)
	}
	return blocks, nil
}

// specExample is a checked block with its input and expected output.
type specExample struct {
	specBlock
	input     string
	hasOutput bool
	output    string
	outLine   int
}

// specExamples pairs each grundy block with the input and output blocks
// that follow it.
func specExamples(t *testing.T, blocks []specBlock) []specExample {
	t.Helper()
	var out []specExample
	for i := 0; i < len(blocks); i++ {
		b := blocks[i]
		switch b.info {
		case "grundy", "grundy error", "grundy repl":
		case "input", "output":
			t.Errorf("spec.md:%d: an ```%s block must directly follow a ```grundy block", b.line, b.info)
			continue
		default:
			if strings.HasPrefix(b.info, "grundy") {
				t.Errorf("spec.md:%d: unknown info string %q", b.line, b.info)
			}
			continue
		}
		ex := specExample{specBlock: b}
		if i+1 < len(blocks) && blocks[i+1].info == "input" && !blocks[i+1].gap {
			i++
			ex.input = blocks[i].body
			if i+1 >= len(blocks) || blocks[i+1].info != "output" || blocks[i+1].gap {
				t.Errorf("spec.md:%d: an ```input block must be followed by an ```output block", blocks[i].line)
			}
		}
		if i+1 < len(blocks) && blocks[i+1].info == "output" && !blocks[i+1].gap {
			i++
			ex.hasOutput = true
			ex.output = blocks[i].body
			ex.outLine = blocks[i].line
		}
		out = append(out, ex)
	}
	return out
}

func TestSpecExamples(t *testing.T) {
	data, err := os.ReadFile(specPath)
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := readSpecBlocks(string(data))
	if err != nil {
		t.Fatal(err)
	}
	examples := specExamples(t, blocks)
	if len(examples) < 50 {
		t.Fatalf("spec.md has only %d grundy blocks; is the file complete?", len(examples))
	}
	withOutput := 0
	for _, ex := range examples {
		if ex.hasOutput {
			withOutput++
		}
		t.Run(fmt.Sprintf("line%d", ex.line), func(t *testing.T) {
			switch ex.info {
			case "grundy":
				specScript(t, ex)
			case "grundy error":
				specError(t, ex)
			case "grundy repl":
				specREPL(t, ex)
			}
		})
	}
	t.Logf("%d grundy blocks, %d with their output", len(examples), withOutput)
}

// specRun runs a script block as a file named spec.md.
func specRun(ex specExample) (string, error) {
	var out bytes.Buffer
	opts := eval.Options{Stdout: &out}
	if ex.input != "" {
		opts.Stdin = strings.NewReader(ex.input)
	}
	s := eval.NewSession(opts)
	err := s.ExecFile(context.Background(), "spec.md", ex.body)
	return out.String(), err
}

func specScript(t *testing.T, ex specExample) {
	if _, err := lang.ParseFile("spec.md", ex.body); err != nil {
		t.Fatalf("spec.md:%d: the example does not parse: %v%s", ex.line, err, specWhere(ex, err))
	}
	if !ex.hasOutput {
		return
	}
	got, err := specRun(ex)
	if err != nil {
		t.Errorf("spec.md:%d: the example fails: %v%s", ex.line, err, specWhere(ex, err))
	}
	if got != ex.output {
		t.Errorf("spec.md:%d: the example prints\n%s\nbut spec.md:%d says\n%s", ex.line, got, ex.outLine, ex.output)
	}
}

// specWhere names the line of spec.md where an error in a block is.
func specWhere(ex specExample, err error) string {
	var se *lang.Error
	var re *value.RuntimeError
	line := 0
	switch {
	case errors.As(err, &se):
		line = se.Pos.Line
	case errors.As(err, &re):
		line = re.Pos.Line
	}
	if line < 1 {
		return ""
	}
	return fmt.Sprintf(" (line %d of spec.md)", ex.line+line)
}

func specError(t *testing.T, ex specExample) {
	if !ex.hasOutput {
		t.Fatalf("spec.md:%d: a ```grundy error block needs an ```output block with the error", ex.line)
	}
	want := strings.TrimSuffix(ex.output, "\n")
	if strings.Contains(want, "\n") {
		t.Fatalf("spec.md:%d: the ```output block of an error example holds one line", ex.outLine)
	}
	_, err := specRun(ex)
	if err == nil {
		t.Fatalf("spec.md:%d: the example runs without an error, but spec.md:%d says\n%s", ex.line, ex.outLine, want)
	}
	got, _, _ := strings.Cut(err.Error(), "\n")
	if got != want {
		t.Errorf("spec.md:%d: the example fails with\n%s\nbut spec.md:%d says\n%s", ex.line, got, ex.outLine, want)
	}
}

// specREPL feeds the block's lines to the REPL (standard input not a
// terminal) and compares what it prints on standard output.
func specREPL(t *testing.T, ex specExample) {
	// Each entry must parse: split the lines into entries as the REPL does.
	for _, e := range repl.Entries(ex.body) {
		if strings.HasPrefix(strings.TrimSpace(e), ":") {
			continue // a REPL command
		}
		if _, err := lang.ParseEntry("<stdin>", e); err != nil {
			t.Errorf("spec.md:%d: the REPL entry %q does not parse: %v", ex.line, e, err)
		}
	}
	if !ex.hasOutput {
		return
	}
	var out, errOut bytes.Buffer
	run(nil, strings.NewReader(ex.body), &out, &errOut)
	if out.String() != ex.output {
		t.Errorf("spec.md:%d: the REPL prints\n%s\nbut spec.md:%d says\n%s\n(standard error: %q)", ex.line, out.String(), ex.outLine, ex.output, errOut.String())
	}
}

// TestSpecBlockReader checks the block splitter on a small document.
func TestSpecBlockReader(t *testing.T) {
	doc := "# T\n\n```grundy\nprint 1\n```\n\n```output\n1\n```\ntext\n```output\n2\n```\n"
	blocks, err := readSpecBlocks(doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 3 {
		t.Fatalf("got %d blocks, want 3", len(blocks))
	}
	want := []specBlock{
		{info: "grundy", line: 3, body: "print 1\n", gap: true},
		{info: "output", line: 7, body: "1\n", gap: false},
		{info: "output", line: 11, body: "2\n", gap: true},
	}
	for i, w := range want {
		if blocks[i] != w {
			t.Errorf("block %d = %+v, want %+v", i, blocks[i], w)
		}
	}
	if _, err := readSpecBlocks("```grundy\nprint 1\n"); err == nil {
		t.Error("an unclosed block is not reported")
	}
}
