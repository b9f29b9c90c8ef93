package emit_test

import "syscall"

// The programs the tests run inherit a stack of up to 1 GiB: compiled at
// -O0 (optLevel), a recursion to grundy's depth bound of 100,000 calls
// takes more than the usual 8 MiB, where -O1's frames fit.
func init() {
	var r syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_STACK, &r) != nil {
		return
	}
	if want := min(r.Max, 1<<30); r.Cur < want {
		r.Cur = want
		if syscall.Setrlimit(syscall.RLIMIT_STACK, &r) != nil {
			return
		}
	}
	bigStack = r.Cur >= 1<<28
}

// peakMiB is the most memory a program that ended held at once, in MiB
// (-1 where the system does not say).
func peakMiB(ru any) int64 {
	if r, ok := ru.(*syscall.Rusage); ok {
		return r.Maxrss / 1024 // KiB on Linux
	}
	return -1
}
