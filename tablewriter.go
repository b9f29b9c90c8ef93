package grundy

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/eval"
	"github.com/grundy-lang/grundy/lang"
)

// This file holds the formats of grundy table for a table with one for
// clause (TableWriter), so that a program computing the rows elsewhere
// (in other processes: grundy-cluster) writes them byte for byte as the
// command does.

// TableFormats are the formats of grundy table and TableWriter.
var TableFormats = []string{"text", "csv", "json", "bfile"}

// A TableCell is a row label or a value of a table reduced to what the
// formats of grundy table write of it: plain data, which a program may
// encode (encoding/gob, encoding/json) to write in one process the rows
// computed in another. Value.Cell makes one.
type TableCell struct {
	Kind Kind   // its kind; NoneKind for a cell an if clause filtered out
	Int  int64  // its value, when Kind is IntKind
	Text string // as Value.String shows it
	Repr string // as Value.Repr shows it
	Type string // as Value.TypeName names it
}

// Cell returns v as a TableCell.
func (v Value) Cell() TableCell {
	n, _ := v.Int()
	return TableCell{Kind: v.Kind(), Int: n, Text: v.String(), Repr: v.Repr(), Type: v.TypeName()}
}

// value is the cell as a value that the table's text format shows as the
// cell's value is shown: an int as the int, a blank cell as none, any
// other value as the string of its text.
func (c TableCell) value() value.Value {
	switch c.Kind {
	case IntKind:
		return value.Int(c.Int)
	case NoneKind:
		return value.None
	}
	return value.Str(c.Text)
}

// A TableWriter writes a table with one for clause in a format of grundy
// table (spec.md section 20.2), row by row: csv, json and bfile as the
// rows come (its first line with the first row, or at the end of a table
// without rows, so that a table that fails before its first row writes
// nothing); text, whose columns are aligned over all rows, at End.
//
// A program that computes the rows apart and tolerates a row's failure
// writes it with RowError (grundy table never does: it stops at the first
// error).
type TableWriter struct {
	w      *bufio.Writer
	csv    *csv.Writer
	format string
	rows   int
	// rowVar is the for clause's pattern as written ("n", "(a, b)"),
	// valKey the name of the value column; jsonRow the format of a json
	// row with both names quoted, jsonErr that of a row's error.
	rowVar, valKey, jsonRow, jsonErr string
	expr                             string   // the table's expression as written (text's header)
	iter, body                       lang.Pos // the for clause's iterable and the expression (bfile's errors)
	text                             []textRow
}

// textRow is a row of the text format, kept until End: its cells, or
// the error in its place.
type textRow struct {
	row, value TableCell
	err        string
}

// NewTableWriter returns a TableWriter of the table spec (the text of a
// table statement without the word table, named filename in errors, with
// one for clause) in format (one of TableFormats) that writes to w.
func NewTableWriter(w io.Writer, format, filename, spec string) (*TableWriter, error) {
	known := false
	for _, f := range TableFormats {
		known = known || f == format
	}
	if !known {
		return nil, fmt.Errorf("unknown table format %q: use text, csv, json or bfile", format)
	}
	st, err := lang.ParseTable(filename, spec)
	if err != nil {
		return nil, convertLang(err)
	}
	if len(st.Fors()) != 1 {
		return nil, fmt.Errorf("a TableWriter writes a table with one for clause; this one has %d", len(st.Fors()))
	}
	r := &TableWriter{w: bufio.NewWriter(w), format: format, rowVar: st.Fors()[0].Target.String(),
		expr: tableExpr(spec, st), iter: lang.Start(st.Fors()[0].Iter), body: lang.Start(st.Body)}
	r.valKey = tableValueKey(r.rowVar)
	r.jsonRow = "  {" + jsonString(r.rowVar) + ": %s, " + jsonString(r.valKey) + ": %s}" // (names have no %)
	r.jsonErr = "  {" + jsonString(r.rowVar) + ": %s, " + jsonString(tableErrorKey(r.rowVar)) + ": %s}"
	return r, nil
}

// convertLang makes a parse error of package lang an *Error (without a
// snippet: the writer keeps no source).
func convertLang(err error) error {
	if e, ok := err.(*lang.Error); ok {
		return &Error{Kind: SyntaxError, File: e.Pos.Filename, Line: e.Pos.Line, Column: e.Pos.Column, Msg: e.Msg}
	}
	return err
}

// begin writes what comes before the rows: csv's header line "n,value",
// json's "[".
func (r *TableWriter) begin() {
	switch r.format {
	case "csv":
		r.csv = csv.NewWriter(r.w)
		r.csv.Write([]string{r.rowVar, r.valKey})
	case "json":
		r.w.WriteString("[\n")
	}
}

// Row writes one row: its label and its value. The csv format writes
// "n,value", json an object {"n": 0, "value": 0} on a line of its own,
// bfile "n a(n)" (whose labels and values must be ints: a runtime error
// at the for clause's iterable or at the table's expression otherwise),
// text keeps the row for End. Its error is such a runtime error or the
// writer's.
func (r *TableWriter) Row(row, v TableCell) error {
	if r.format == "text" {
		r.text = append(r.text, textRow{row: row, value: v})
		return nil
	}
	if r.rows == 0 {
		r.begin()
	}
	r.rows++
	switch r.format {
	case "csv":
		r.csv.Write([]string{row.Text, cellText(v)})
		if err := r.csv.Error(); err != nil {
			return fmt.Errorf("writing the table: %w", err)
		}
		return nil
	case "json":
		if r.rows > 1 {
			r.w.WriteString(",\n")
		}
		fmt.Fprintf(r.w, r.jsonRow, jsonValue(row), jsonValue(v))
	case "bfile":
		if row.Kind != IntKind {
			return tableRuntimeError(r.iter, "--format bfile needs int values of %s, found %s %s", r.rowVar, row.Type, row.Repr)
		}
		if v.Kind != IntKind {
			return tableRuntimeError(r.body, "--format bfile needs an int value in each row, but %s = %s gives %s %s", r.rowVar, row.Text, v.Type, v.Repr)
		}
		fmt.Fprintf(r.w, "%d %d\n", row.Int, v.Int)
	}
	if _, err := r.w.Write(nil); err != nil {
		return fmt.Errorf("writing the table: %w", err) // the reader is gone: stop computing
	}
	return nil
}

// RowError writes, in the place of the row labeled row, that computing
// it failed with msg (one line: a newline in it is written as a space):
//
//	text   the label in its column, then "error: MSG" in the value's
//	       (the column's width and alignment are the other rows')
//	csv    "LABEL,,error: MSG": an empty value and a third field
//	json   {"n": LABEL, "error": MSG} (the key "error_" for a row
//	       variable named error)
//	bfile  a comment line "# LABEL error: MSG"
func (r *TableWriter) RowError(row TableCell, msg string) error {
	msg = strings.ReplaceAll(msg, "\n", " ")
	if r.format == "text" {
		r.text = append(r.text, textRow{row: row, value: TableCell{Kind: NoneKind}, err: msg})
		return nil
	}
	if r.rows == 0 {
		r.begin()
	}
	r.rows++
	switch r.format {
	case "csv":
		r.csv.Write([]string{row.Text, "", "error: " + msg})
		if err := r.csv.Error(); err != nil {
			return fmt.Errorf("writing the table: %w", err)
		}
		return nil
	case "json":
		if r.rows > 1 {
			r.w.WriteString(",\n")
		}
		var m strings.Builder
		enc := json.NewEncoder(&m)
		enc.SetEscapeHTML(false) // (the file names in messages: "<table>")
		enc.Encode(msg)
		fmt.Fprintf(r.w, r.jsonErr, jsonValue(row), strings.TrimSuffix(m.String(), "\n"))
	case "bfile":
		fmt.Fprintf(r.w, "# %s error: %s\n", row.Text, msg)
	}
	if _, err := r.w.Write(nil); err != nil {
		return fmt.Errorf("writing the table: %w", err)
	}
	return nil
}

// Flush writes out the rows so far (those of the text format wait for
// End).
func (r *TableWriter) Flush() error {
	if r.csv != nil {
		r.csv.Flush()
	}
	return r.w.Flush()
}

// End writes what follows the rows (the text format: the whole table)
// and flushes the output.
func (r *TableWriter) End() error {
	switch {
	case r.format == "text":
		r.w.WriteString(r.textTable())
	case r.format == "json" && r.rows == 0:
		r.w.WriteString("[]\n")
	case r.format == "json":
		r.w.WriteString("\n]\n")
	case r.format == "csv":
		if r.rows == 0 {
			r.begin()
		}
		r.csv.Flush()
	}
	if err := r.w.Flush(); err != nil {
		return fmt.Errorf("writing the table: %w", err)
	}
	return nil
}

// textTable is the text format of the rows kept, as Table.TextWithHeader
// writes them, with each row's error after its label.
func (r *TableWriter) textTable() string {
	t := &eval.Table{RowVar: r.rowVar}
	errs := false
	for _, x := range r.text {
		t.Rows = append(t.Rows, x.row.value())
		t.Cells = append(t.Cells, []value.Value{x.value.value()})
		errs = errs || x.err != ""
	}
	out := t.TextWithHeader(r.expr)
	if !errs {
		return out
	}
	// A failed row's line is its label alone (its value is blank, which
	// takes no width): the error follows where the values start.
	width := utf8.RuneCountInString(r.rowVar)
	for _, x := range r.text {
		width = max(width, utf8.RuneCountInString(x.row.Text))
	}
	lines := strings.SplitAfter(out, "\n")
	var b strings.Builder
	b.WriteString(lines[0]) // the header
	at := 1
	for _, x := range r.text {
		// A row is a line, and one more for each newline in its texts.
		n := 1 + strings.Count(x.row.Text, "\n") + strings.Count(x.value.Text, "\n")*btoi(x.value.Kind != NoneKind)
		if x.err == "" {
			for _, l := range lines[at : at+n] {
				b.WriteString(l)
			}
		} else {
			line := strings.Join(lines[at:at+n], "")
			line = strings.TrimSuffix(line, "\n")
			last := line[strings.LastIndexByte(line, '\n')+1:]
			b.WriteString(line + strings.Repeat(" ", max(0, width-utf8.RuneCountInString(last))) + "  error: " + x.err + "\n")
		}
		at += n
	}
	return b.String()
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// cellText is a value as the csv format writes it ("" for a blank cell).
func cellText(v TableCell) string {
	if v.Kind == NoneKind {
		return ""
	}
	return v.Text
}

// tableValueKey is the name of the value column of a one-for table:
// "value", with underscores added if the row variable rowVar has that
// name.
func tableValueKey(rowVar string) string {
	k := "value"
	for k == rowVar {
		k += "_"
	}
	return k
}

// tableErrorKey is the json key of a row's error: "error", with
// underscores added if the row variable has that name.
func tableErrorKey(rowVar string) string {
	k := "error"
	for k == rowVar {
		k += "_"
	}
	return k
}

// jsonValue encodes a value: an int as a number, a blank cell as null,
// anything else as the string print shows.
func jsonValue(v TableCell) string {
	switch v.Kind {
	case NoneKind:
		return "null"
	case IntKind:
		return strconv.FormatInt(v.Int, 10)
	}
	return jsonString(v.Text)
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// tableRuntimeError is a runtime error at pos, as grundy words its own:
// the text of each value it quotes cut after maxShown bytes.
func tableRuntimeError(pos lang.Pos, format string, args ...any) error {
	for i, a := range args {
		if s, ok := a.(string); ok && len(s) > maxShown {
			cut := maxShown
			for cut > 0 && !utf8.RuneStart(s[cut]) {
				cut--
			}
			args[i] = s[:cut] + "..."
		}
	}
	return &Error{Kind: RuntimeError, File: pos.Filename, Line: pos.Line, Column: pos.Column, Msg: fmt.Sprintf(format, args...)}
}

// maxShown bounds a value's text in an error message, as the
// interpreter's own messages bound it.
const maxShown = 200
