package solve

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ttable"
	"github.com/grundy-lang/grundy/internal/value"
	"github.com/grundy-lang/grundy/takebreak"
)

// The pruned search's values in the run's checkpoint file
// (Options.Checkpoint): what its table holds (exact values, and values
// positions have not), saved with the take-and-break families' values
// (saveCheckpoint) as an Extra of the file under a key that names the
// program they hold for: a digest of the scripts the session ran and of
// the standard input it read (Thread.Program), since the values depend
// on every definition a game's rule uses. A run of the same script with
// the same input takes them back before its first pruned search, and
// finds again at once what the run before it found. A session with
// definitions written in Go (Thread.ProgramKnown false) keeps none.

// programKey is the key of the values of the thread's program.
func programKey(th *engine.Thread) string {
	return "pruned-" + hex.EncodeToString(th.Program[:16])
}

// restore takes the values the checkpoint file keeps for the program
// into the table, once for each program.
func (p *pruner) restore(pos engine.Pos) {
	th := p.e.Th
	if th.Checkpoint == "" || !th.ProgramKnown {
		return
	}
	key := programKey(th)
	if p.restored == key {
		return
	}
	p.restored = key
	data, err := takebreak.ReadExtra(th.Checkpoint, key)
	if err == nil {
		engine.AllocIf(th, pos, int64(len(data)))
		err = decodeTable(data, p.tt)
	}
	if err != nil {
		panic(checkpointError(pos, th.Checkpoint, err))
	}
	p.savedPuts = p.tt.Puts
}

// extra is the table's values for the file, when the table has new ones
// since they were last saved.
func (p *pruner) extra() (takebreak.Extra, bool) {
	th := p.e.Th
	if p.tt == nil || !th.ProgramKnown || p.tt.Puts == p.savedPuts {
		return takebreak.Extra{}, false
	}
	engine.AllocIf(th, engine.Pos{}, p.tt.Bytes())
	return takebreak.Extra{Key: programKey(th), Data: encodeTable(p.tt)}, true
}

// encodeTable is the values of t: for each, its key's length and its key,
// then the value (a varint: a value, or when negative the mask of values
// its position has not).
func encodeTable(t *ttable.Table) []byte {
	var b []byte
	t.Each(func(k []byte, v int32) {
		b = binary.AppendUvarint(b, uint64(len(k)))
		b = append(b, k...)
		b = binary.AppendVarint(b, int64(v))
	})
	return b
}

// errTable is a checkpoint's values of the pruned search that do not
// read as encodeTable writes them.
var errTable = errors.New("it holds values of the pruned search that cannot be read; deleting it restarts the computation")

// decodeTable puts the values of data (encodeTable's) in t.
func decodeTable(data []byte, t *ttable.Table) error {
	for len(data) > 0 {
		n, k := binary.Uvarint(data)
		if k <= 0 || n == 0 || n > value.MaxKeyBytes || n > uint64(len(data)-k) {
			return errTable
		}
		key := data[k : k+int(n)]
		data = data[k+int(n):]
		v, k := binary.Varint(data)
		if k <= 0 || v != int64(int32(v)) {
			return errTable
		}
		data = data[k:]
		t.Put(key, int32(v))
	}
	return nil
}

// saveDue reports whether the pruned search saves the run's values
// to its checkpoint file now: every minute, and not more than a tenth of
// the time (a large table takes a while to write).
func (p *pruner) saveDue() bool {
	e := p.e
	return e.Th.Checkpoint != "" && time.Since(e.savedAt) > max(checkpointEvery, 10*e.saveTook)
}
