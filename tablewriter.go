package grundy

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/grundy-lang/grundy/internal/value"

	"github.com/grundy-lang/grundy/internal/eval"
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

// A cell is what the formats read of a row's label or value: a Value
// (a table streamed or written whole) or a TableCell (tableCell, rows
// written with Row), read only as far as the format needs.
type cell interface {
	Kind() Kind
	Int() (int64, bool)
	String() string
	Repr() string
	TypeName() string
}

// tableCell is a TableCell as a cell.
type tableCell struct{ c *TableCell }

func (t tableCell) Kind() Kind         { return t.c.Kind }
func (t tableCell) Int() (int64, bool) { return t.c.Int, t.c.Kind == IntKind }
func (t tableCell) String() string     { return t.c.Text }
func (t tableCell) Repr() string       { return t.c.Repr }
func (t tableCell) TypeName() string   { return t.c.Type }

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
// one for clause) in format (one of TableFormats) that writes to w,
// through a bufio.Writer: w itself when it is a bufio.Writer of the
// default size or more (whose Buffered bytes are then the rows not yet
// written out).
func NewTableWriter(w io.Writer, format, filename, spec string) (*TableWriter, error) {
	if !slices.Contains(TableFormats, format) {
		return nil, fmt.Errorf("unknown table format %q: use text, csv, json or bfile", format)
	}
	st, err := lang.ParseTable(filename, spec)
	if err != nil {
		return nil, convertLang(err)
	}
	if len(st.Fors()) != 1 {
		return nil, fmt.Errorf("a TableWriter writes a table with one for clause; this one has %d", len(st.Fors()))
	}
	r := newTableWriter(w, format, st.Fors()[0].Target.String())
	r.expr, r.iter, r.body = tableExpr(spec, st), lang.Start(st.Fors()[0].Iter), lang.Start(st.Body)
	return r, nil
}

// newTableWriter returns a TableWriter of the rows of a table whose row
// variable is rowVar.
func newTableWriter(w io.Writer, format, rowVar string) *TableWriter {
	r := &TableWriter{w: bufio.NewWriter(w), format: format, rowVar: rowVar, valKey: tableKey("value", rowVar)}
	r.jsonRow = "  {" + jsonString(r.rowVar) + ": %s, " + jsonString(r.valKey) + ": %s}" // (names have no %)
	r.jsonErr = "  {" + jsonString(r.rowVar) + ": %s, " + jsonString(tableKey("error", rowVar)) + ": %s}"
	return r
}

// convertLang makes a parse error of package lang an *Error (without a
// snippet: the writer keeps no source).
func convertLang(err error) error {
	if e, ok := err.(*lang.Error); ok {
		return &Error{Kind: SyntaxError, File: e.Pos.Filename, Line: e.Pos.Line, Column: e.Pos.Column, Msg: e.Msg}
	}
	return err
}

// Stream sets o's Format and Write (TableOptions) so that TableWith
// writes the rows of the table through r as they are computed, in the
// csv, json or bfile format: a row's text is made on the goroutine of
// the interpreter that computed it (a value bfile cannot write is that
// row's error), and written in the order of the rows. A table that goes
// on from an earlier run (o.From, set before Stream) goes on after the
// o.From.Rows rows written, without a header. Then Flush writes out the
// rows before an error, End the end of a complete table. The text
// format, whose columns are aligned over all rows, does not stream: its
// error.
func (r *TableWriter) Stream(o *TableOptions) error {
	if r.format == "text" {
		return errors.New("the text format of a table is written at its end: it cannot be streamed")
	}
	r.rows = int(o.From.Rows)
	o.Format = func(row, v Value) (string, error) { return rowText(r, row, v) }
	o.Write = r.write
	return nil
}

// begin writes what comes before the rows: csv's header line "n,value",
// json's "[".
func (r *TableWriter) begin() {
	switch r.format {
	case "csv":
		r.w.WriteString(csvLine(r.rowVar, r.valKey))
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
	text, err := rowText(r, tableCell{&row}, tableCell{&v})
	if err != nil {
		return err
	}
	return r.write(text)
}

// rowText is the text of one row in r's format, csv, json or bfile (the
// json row without the separator before it). It only reads r: it is
// safe for concurrent use.
func rowText[C cell](r *TableWriter, row, v C) (string, error) {
	switch r.format {
	case "csv":
		return csvLine(intText(row), cellText(v)), nil
	case "json":
		return fmt.Sprintf(r.jsonRow, jsonValue(row), jsonValue(v)), nil
	}
	n, ok := row.Int()
	if !ok {
		return "", tableRuntimeError(r.iter, "--format bfile needs int values of %s, found %s %s", r.rowVar, row.TypeName(), row.Repr())
	}
	a, ok := v.Int()
	if !ok {
		return "", tableRuntimeError(r.body, "--format bfile needs an int value in each row, but %s = %s gives %s %s", r.rowVar, row.String(), v.TypeName(), v.Repr())
	}
	var b [48]byte
	line := strconv.AppendInt(b[:0], n, 10)
	line = append(line, ' ')
	line = strconv.AppendInt(line, a, 10)
	return string(append(line, '\n')), nil
}

// write writes the text of the next row (rowText's), after what comes
// before the rows (the first row) or json's separator.
func (r *TableWriter) write(text string) error {
	if r.rows == 0 {
		r.begin()
	}
	r.rows++
	if r.format == "json" && r.rows > 1 {
		r.w.WriteString(",\n")
	}
	r.w.WriteString(text)
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
	switch r.format {
	case "text":
		r.text = append(r.text, textRow{row: row, value: TableCell{Kind: NoneKind}, err: msg})
		return nil
	case "csv":
		return r.write(csvLine(row.Text, "", "error: "+msg))
	case "json":
		var m strings.Builder
		enc := json.NewEncoder(&m)
		enc.SetEscapeHTML(false) // (the file names in messages: "<table>")
		enc.Encode(msg)
		return r.write(fmt.Sprintf(r.jsonErr, jsonValue(tableCell{&row}), strings.TrimSuffix(m.String(), "\n")))
	}
	return r.write("# " + row.Text + " error: " + msg + "\n")
}

// Flush writes out the rows so far (those of the text format wait for
// End).
func (r *TableWriter) Flush() error { return r.w.Flush() }

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
	case r.format == "csv" && r.rows == 0:
		r.begin()
	}
	if err := r.w.Flush(); err != nil {
		return fmt.Errorf("writing the table: %w", err)
	}
	return nil
}

// WriteCSV writes the table in the csv format of grundy table (RFC 4180
// CSV, a blank cell empty): a grid as a header row (the corner
// "ROWVAR\COLVAR" and the column labels), then a row per row label; a
// table of one for clause as a TableWriter writes it ("n,value").
func (t *Table) WriteCSV(w io.Writer) error {
	if !t.Grid() {
		return t.writeRows(w, "csv")
	}
	b := bufio.NewWriter(w)
	header := []string{t.RowVar + `\` + t.ColVar}
	for _, c := range t.Cols {
		header = append(header, c.String())
	}
	b.WriteString(csvLine(header...))
	for i, r := range t.Rows {
		rec := []string{r.String()}
		for _, v := range t.Cells[i] {
			rec = append(rec, cellText(v))
		}
		b.WriteString(csvLine(rec...))
	}
	return b.Flush()
}

// WriteJSON writes the table in the json format of grundy table: a grid
// as an object {"row": "x", "column": "y", "rows": [...], "columns":
// [...], "cells": [[...], ...]}, null for a blank cell; a table of one
// for clause as a TableWriter writes it, an array of objects
// [{"n": 0, "value": 0}, ...], one per line.
func (t *Table) WriteJSON(w io.Writer) error {
	if !t.Grid() {
		return t.writeRows(w, "json")
	}
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "{\n  \"row\": %s,\n  \"column\": %s,\n", jsonString(t.RowVar), jsonString(t.ColVar))
	fmt.Fprintf(b, "  \"rows\": %s,\n  \"columns\": %s,\n  \"cells\": [", jsonList(t.Rows), jsonList(t.Cols))
	for i, row := range t.Cells {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    " + jsonList(row))
	}
	if len(t.Cells) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Flush()
}

// writeRows writes the table of one for clause in format through a
// TableWriter.
func (t *Table) writeRows(w io.Writer, format string) error {
	r := newTableWriter(w, format, t.RowVar)
	for i, row := range t.Rows {
		text, err := rowText(r, row, t.Cells[i][0])
		if err == nil {
			err = r.write(text)
		}
		if err != nil {
			return err
		}
	}
	return r.End()
}

// jsonList is a json array of values (jsonValue's).
func jsonList(vs []Value) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = jsonValue(v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
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
func cellText[C cell](v C) string {
	if v.Kind() == NoneKind {
		return ""
	}
	return intText(v)
}

// intText is v.String(), sooner for an int.
func intText[C cell](v C) string {
	if n, ok := v.Int(); ok {
		return strconv.FormatInt(n, 10)
	}
	return v.String()
}

// tableKey is the name of the value column of a one-for table (key
// "value") or the json key of a row's error ("error"): key, with
// underscores added if the row variable rowVar has that name.
func tableKey(key, rowVar string) string {
	for key == rowVar {
		key += "_"
	}
	return key
}

// jsonValue encodes a value: an int as a number, a blank cell as null,
// anything else as the string print shows.
func jsonValue[C cell](v C) string {
	if v.Kind() == NoneKind {
		return "null"
	}
	if n, ok := v.Int(); ok {
		return strconv.FormatInt(n, 10)
	}
	return jsonString(v.String())
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// csvLines are the writers csvLine uses, one per goroutine at a time.
var csvLines = sync.Pool{New: func() any {
	l := &csvLineWriter{}
	l.w = csv.NewWriter(&l.b)
	return l
}}

type csvLineWriter struct {
	b bytes.Buffer
	w *csv.Writer
}

// csvLine is a record of RFC 4180 CSV, as encoding/csv writes it, with
// its newline.
func csvLine(fields ...string) string {
	plain := true
	for _, f := range fields {
		plain = plain && !csvQuoted(f)
	}
	if plain {
		return strings.Join(fields, ",") + "\n"
	}
	l := csvLines.Get().(*csvLineWriter)
	defer csvLines.Put(l)
	l.b.Reset()
	l.w.Write(fields) // (into a bytes.Buffer: no error)
	l.w.Flush()
	return l.b.String()
}

// csvQuoted reports whether encoding/csv quotes field (its
// fieldNeedsQuotes, with the comma as the separator).
func csvQuoted(field string) bool {
	if field == "" {
		return false
	}
	if field == `\.` || strings.ContainsAny(field, ",\"\r\n") {
		return true
	}
	r, _ := utf8.DecodeRuneInString(field)
	return unicode.IsSpace(r)
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
