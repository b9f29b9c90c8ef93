package solve

import (
	"encoding/hex"
	"github.com/grundy-lang/grundy/internal/partkey"
	"time"

	"github.com/grundy-lang/grundy/internal/engine"
	"github.com/grundy-lang/grundy/internal/ttable"
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
//
// A key starts with its game's number, the order in which the session
// made it (engine.Game.Id), which a copy made while the program runs
// (the fixed pass's, with fixed arguments: Shown set) changes: the order
// of the copies is the order of the run, and a run that finds values in
// the file at once runs otherwise. The file numbers a game by its place
// among the games that are not such copies, made as the program is
// compiled in the same order by every run of it (partkey.FileIDs), and keeps
// no value of a copy's position.

// programKey is the key of the values of the thread's program.
func programKey(th *engine.Thread) string {
	return "pruned2-" + hex.EncodeToString(th.Program[:16])
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
		_, fromFile := partkey.FileIDs(p.e.Games)
		err = ttable.Decode(data, p.tt, func(id uint64) (uint64, bool) {
			if id >= uint64(len(fromFile)) {
				return 0, false
			}
			return fromFile[id], true
		})
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
	toFile, _ := partkey.FileIDs(p.e.Games)
	return takebreak.Extra{Key: programKey(th), Data: ttable.Encode(p.tt, func(id uint64) (uint64, bool) {
		to, ok := toFile[id]
		return to, ok
	})}, true
}

// saveDue reports whether the pruned search saves the run's values
// to its checkpoint file now: every minute, and not more than a tenth of
// the time (a large table takes a while to write).
func (p *pruner) saveDue() bool {
	e := p.e
	return e.Th.Checkpoint != "" && time.Since(e.savedAt) > max(checkpointEvery, 10*e.saveTook)
}
