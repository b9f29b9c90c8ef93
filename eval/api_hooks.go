package eval

import "maps"

// What the embedding API (the module's root package) needs of a Session
// beyond what the grundy command uses.

// CheckFile is Check that keeps nothing of the file: the session's names
// are those it had before, as after a LoadFile that fails to resolve.
// What its games and defs compile to stays in Explain.
func (s *Session) CheckFile(filename, src string) error {
	names, globals := maps.Clone(s.top.Names), s.globals
	err := s.Check(filename, src)
	s.top.Names, s.globals = names, globals
	return err
}
