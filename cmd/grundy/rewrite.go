package main

// Rewriting a file in place (grundy fmt -w), as gofmt -w does: the file
// keeps what it is (its inode: hard links, owner, group, mode, set-group-ID
// bit; a symbolic link stays a link, its target rewritten), and a failed
// or interrupted write never loses its text. Before the file is touched,
// its old text is written to a backup beside it, NAME.fmt-backup (first
// as NAME.fmt-backup.part, renamed when complete and on disk); then the
// file is overwritten and truncated; then the backup is removed. A write
// that fails puts the old text back and removes the backup; when that
// fails too, the error names the backup. A process killed in the middle
// leaves the backup, which the next grundy fmt -w of the file finds and
// names (leftBehind) instead of formatting a half-written file.

import (
	"fmt"
	"os"
	"path/filepath"
)

// backupSuffix names the backup of a file being rewritten; partSuffix,
// after it, the backup while it is written.
const (
	backupSuffix = ".fmt-backup"
	partSuffix   = ".part"
)

// writeText writes s at offset off of f (tests replace it with one that
// fails, or stops the process, part way).
var writeText = func(f *os.File, s string, off int64) (int, error) {
	if _, err := f.Seek(off, 0); err != nil {
		return 0, err
	}
	return f.WriteString(s)
}

// leftBehind returns the error for a backup of path (the file named
// name) that an interrupted grundy fmt -w left beside it, or nil.
func leftBehind(name, path string) error {
	bak := path + backupSuffix
	if _, err := os.Lstat(bak); err == nil {
		return fmt.Errorf("cannot rewrite %s: %s is left by a grundy fmt -w that was stopped while it wrote %s and holds its text from before: keep the right one of the two and remove %s", name, bak, name, bak)
	}
	if _, err := os.Lstat(bak + partSuffix); err == nil {
		return fmt.Errorf("cannot rewrite %s: %s is left by a grundy fmt -w that was stopped before it changed %s: remove it", name, bak+partSuffix, name)
	}
	return nil
}

// replace writes text over old, the text of the regular file at path
// (named name; info is what it was when old was read), in place. A file
// without write permission is refused (it is not made writable), and so
// is one that is no longer the file that was read.
func replace(name, path string, info os.FileInfo, old, text string) error {
	if info.Mode().Perm()&0o222 == 0 {
		return fmt.Errorf("cannot rewrite %s: it is read-only", name)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("cannot rewrite %s: %v", name, unwrapPathError(err))
	}
	defer f.Close() // (after a failure; a success closes it itself)
	if st, err := f.Stat(); err != nil || !os.SameFile(st, info) || st.Size() != int64(len(old)) {
		return fmt.Errorf("cannot rewrite %s: it changed while it was formatted; run grundy fmt -w again", name)
	}
	bak, err := writeBackup(path, info.Mode().Perm(), old)
	if err != nil {
		return fmt.Errorf("cannot rewrite %s: its backup cannot be written: %v (%s is as it was)", name, unwrapPathError(err), name)
	}
	if err := overwrite(f, text); err != nil {
		if overwrite(f, old) != nil || f.Close() != nil {
			return fmt.Errorf("cannot write %s: %v; its text from before is in %s", name, unwrapPathError(err), bak)
		}
		os.Remove(bak)
		return fmt.Errorf("cannot write %s: %v (%s is as it was)", name, unwrapPathError(err), name)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("cannot write %s: %v; its text from before is in %s", name, unwrapPathError(err), bak)
	}
	keepMode(path, info)
	os.Remove(bak)
	syncDir(filepath.Dir(path))
	return nil
}

// overwrite makes text the contents of f, on disk.
func overwrite(f *os.File, text string) error {
	if _, err := writeText(f, text, 0); err != nil {
		return err
	}
	if err := f.Truncate(int64(len(text))); err != nil {
		return err
	}
	return f.Sync()
}

// writeBackup writes text, with permissions perm, to the backup of path
// and returns its name: nothing is left of it when that fails.
func writeBackup(path string, perm os.FileMode, text string) (string, error) {
	bak := path + backupSuffix
	part := bak + partSuffix
	f, err := os.OpenFile(part, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return "", err
	}
	_, err = writeText(f, text, 0)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(part, bak)
	}
	if err != nil {
		os.Remove(part)
		return "", err
	}
	syncDir(filepath.Dir(path))
	return bak, nil
}

// keepMode gives path back the mode of info when writing changed it (a
// system clears the set-user-ID and set-group-ID bits of a file that a
// process without the privilege writes); where it may not, the mode
// stays as the system left it.
func keepMode(path string, info os.FileInfo) {
	if st, err := os.Stat(path); err == nil && st.Mode() != info.Mode() {
		os.Chmod(path, info.Mode())
	}
}

// syncDir puts the entries of directory dir on disk, where the system
// can (a backup's name must be there before its file is written over).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
