#!/usr/bin/env bash
# redteam.sh: rerun the red-team inputs of issue 19 against a grundy binary
# and print one table row per case: wall time, peak RSS (from
# /usr/bin/time), exit status, whether a Go trace appeared, and the start
# of stderr. Then the measurements that need a clock, in Go
# (GRUNDY_REDTEAM=1 go test -run RedTeam: redteam_test.go here and in
# the root package): a SIGINT during each long operation (the time to
# the error message and to the exit), Ctrl-C in the REPL, and a context
# deadline through the Go API. NOGO=1 leaves those out.
#
#   cmd/grundy/testdata/redteam.sh [PATH/TO/grundy] [CASE-PATTERN]
#
# Without a binary it builds one from this checkout.
# The sizes are the issue's: a run takes a few minutes and up to a few
# GiB of memory where a limit does not hold.
#
# Targets (issue 19, "Done when"): no Go trace and no exit 2 for a runtime
# problem; under --max-memory 128M a peak below 200 MiB; under --timeout
# 1s an end within 1.3 s; a SIGINT ends a run within 100 ms.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
bin=${1:-}
only=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$bin" ]; then
	bin=$work/grundy
	(cd "$root" && go build -o "$bin" ./cmd/grundy) || exit 1
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
cd "$work" || exit 1

# Inputs.
rep() { # rep N TEXT: TEXT N times
	yes "$2" | head -n "$1" | tr -d '\n'
}
w180=$(rep 180 '[')x$(rep 180 ']')
deep="def w(x) = $w180
def d(x, n) = if n == 0 then x else d(w(x), n - 1)
let v = d(0, 10000)
let u = d(1, 10000)"
dbl='def dbl(s, n) = if n == 0 then s else dbl(s + s, n - 1)'
{ printf 'def f(n) = if n == 0 then 0 else f(n - 1)'; rep 19 ' + 0'; printf '\nprint f(99999)\n'; } >def20.game
{ printf 'def f(n) = if n == 0 then 0 else f(n - 1)'; rep 9 ' + 0'; printf '\nprint f(99999)\n'; } >def10.game
{ printf 'print '; rep 999999 '1 + '; echo 1; } >plus.game
{ printf 'print '; rep 999999 '3 ^ '; echo 3; } >xor.game
{ printf 'print len('; rep 999999 '"a" + '; echo '"a")'; } >strs.game
printf '%s\nprint len(str(v))\n' "$deep" >deepstr.game
printf '%s\nprint v == u\n' "$deep" >deepeq.game
printf '%s\nprint v < u\n' "$deep" >deeplt.game
printf '%s\nprint len(dbl("abcdefghijklmnopqrstuvwxyz012345", 26))\n' "$dbl" >dbl26.game
printf '%s\nprint len(dbl("abcdefghijklmnopqrstuvwxyz012345", 32))\n' "$dbl" >dbl32.game
printf '%s\nprint len(dbl([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 24))\n' "$dbl" >dbllist.game
echo 'print len(primes(100000000))' >primes.game
echo 'print len(moves(sum of *1 for i in 1 .. 10000000))' >moves.game
echo 'print len(ints())' >ints.game
yes '1234567 ' | head -c 20000000 >ints.in
echo 'game up(n) moves up(n + 1) | up(n + 2)
print sg(up(0))' >search.game
echo 'game up(s) moves up(s + [len(s)])
print sg(up([]))' >lists.game
echo 'game up(n) moves up(n + 1000000007) | up(n + 2000000014)
print sg(up(0))' >bigints.game
echo 'game c(n) moves c((n * 3 + 1) % 40000000) if n % 7 != 0 | c(n - 1) if n % 5 != 0 | c(n - 2) if n > 1
print sg(c(39999999))' >loopy40.game
echo 'let a = [x * x for x in 0 .. 100000000]
print len(a)' >compr.game
echo 'let s = {x: x for x in 0 .. 10000000}
print len(s)' >map.game
{ printf 'let x = ['; rep 16700000 '1, '; echo ']'; } >big.game
yes 'let a = 1 + 2' | head -n 3600000 >lines.game
echo 'let b = 10000000 * [1]
let a = b + b + b + b
print len(a + a)' >concat.game
echo 'let a = 3000000 * [123456789]
print len(str([a, a, a, a]))' >str.game
echo 'let a = 2000000 * [5, 3, 1, 4, 2]
let b = [x * 7919 % 1000003 for x in a]
print len(sorted(b + b))' >sorted.game
echo 'def f(n) = if n == 0 then 0 else max(f(n - 1), 0, 0)
print [f(99999) for i in 0 .. 29]' >deeprec.game
{ printf 'print '; rep 29999 'true and '; echo true; } >and.game
{ printf 'def f() = f\nprint f'; rep 30000 '()'; echo; } >calls.game
echo 'game c(n) moves c((n * 3 + 1) % 4000000) if n % 7 != 0 | c(n - 1) if n % 5 != 0 | c(n - 2) if n > 1
print sg(c(3999999))' >loopy.game
echo 'game g(n) moves g(n) | g(n - 1) if n > 0
print remoteness(sum of g(i % 3) for i in 1 .. 10000000)' >remote.game
echo 'def g(n) = "digraph { x [image=\"/etc/hostname\"] }"' >dotstr.game
echo 'game s(n) moves s(n - 1) if n > 0
def graph(G, n) = "digraph { x [image=\"/etc/hostname\"] }"' >dothide.game
echo 'game s(n) moves s(n - 1) if n > 0' >small.game

ms() { date +%s%3N; }
trace() { grep -q -E 'goroutine [0-9]+|fatal error|panic:|runtime\.|\.go:[0-9]' "$1" && echo TRACE || echo -; }
head1() { head -c 300 "$1" | head -n 1 | sed "s|$work/||g" | cut -c 1-90; }

echo "| case | flags | wall s | peak MiB | exit | trace | stderr |"
echo "|---|---|---|---|---|---|---|"

# run NAME FLAGS... -- ARGS...: one measured run (stdin from $stdin).
stdin=/dev/null
run() {
	local name=$1
	shift
	[ -n "$only" ] && [[ $name != *$only* ]] && return
	local flags=()
	while [ "$1" != -- ]; do flags+=("$1"); shift; done
	shift
	local cmd=$1
	shift
	timeout -s KILL 120 /usr/bin/time -o tm -f '%e %M %x' "$bin" "$cmd" "${flags[@]}" "$@" <"$stdin" >out 2>err
	local st=$?
	read -r wall kb code < <(tail -n 1 tm) || { wall=?; kb=0; code="killed($st)"; }
	[[ $code =~ ^[0-9]+$ ]] || code="killed($st)"
	grep -q 'terminated by signal' tm && code="signal"
	printf '| %s | %s | %s | %d | %s | %s | %s |\n' "$name" "${flags[*]}" "$wall" $((kb / 1024)) "$code" "$(trace err)" "$(head1 err)"
}

# Go traces.
run "def 99,999 deep, 20 terms" --max-memory 256M -- run def20.game
run "def 99,999 deep, 20 terms" --max-memory 128M -- run def20.game
run "def 99,999 deep, 10 terms" -- run def10.game
run "def 99,999 deep, 10 terms" --max-memory 128M -- run def10.game
run "def 99,999 deep, 20 terms" -- run def20.game
for mem in "" 128M; do # without a memory limit, then under 128M
	run "10^6 terms of +" ${mem:+--max-memory $mem} -- run plus.game
	run "10^6 terms of ^" ${mem:+--max-memory $mem} -- run xor.game
	run "10^6 strings +" ${mem:+--max-memory $mem} -- run strs.game
	run "str of a list 1.8M deep" ${mem:+--max-memory $mem} -- run deepstr.game
	run "== of lists 1.8M deep" ${mem:+--max-memory $mem} -- run deepeq.game
	run "< of lists 1.8M deep" ${mem:+--max-memory $mem} -- run deeplt.game
done
# Memory.
run "26 string doublings" --max-memory 128M -- run dbl26.game
run "32 string doublings" --max-memory 512M -- run dbl32.game
run "32 string doublings" --max-memory 128M -- run dbl32.game
run "list doubled to 160M" --max-memory 128M -- run dbllist.game
run "primes(10^8)" --max-memory 16M -- run primes.game
run "primes(10^8)" --max-memory 128M -- run primes.game
run "moves of a 10M-part sum" --max-memory 128M -- run moves.game
stdin=ints.in
run "ints() of 20 MB" --max-memory 64M -- run ints.game
run "ints() of 20 MB" --max-memory 128M -- run ints.game
stdin=/dev/null
run "search, step by step" --max-memory 128M -- run --max-states 1000000000 search.game
run "search of growing lists" --max-memory 128M -- run lists.game
run "search of big ints" --max-memory 128M -- run bigints.game
run "loopy solver, 40M cycle" --max-memory 128M -- run --max-states 1000000000 loopy40.game
run "comprehension, step by step" --max-memory 128M -- run compr.game
run "map comprehension" --max-memory 128M -- run map.game
run "50 MB script (a list)" --timeout 2s --max-memory 512M -- run big.game
run "50 MB script (a list)" --max-memory 128M -- run big.game
run "50 MB script (lines)" --timeout 2s --max-memory 512M -- run lines.game
run "50 MB script (lines)" --max-memory 128M -- run lines.game
# Time.
run "concat of 80M elements" --timeout 1s -- run concat.game
run "str of a big value" --timeout 1s -- run str.game
run "sorted" --timeout 1s -- run sorted.game
run "sorted" --timeout 3s -- run sorted.game
run "deep recursion" --timeout 1s -- run deeprec.game
run "50 MB script (lines)" --timeout 1s -- run lines.game
run "30,000-term and chain" --timeout 1s -- run and.game
run "f()()() 30,000 times" --timeout 1s -- run calls.game
run "loopy solver, 4M cycle" --timeout 1s -- run loopy.game
run "search of an infinite game" --timeout 1s -- run --max-states 1000000000 search.game
# Graph and smaller.
run "graph of DOT text from a def" -- graph dotstr.game 'g(7)' -o x.png
run "graph of a def named graph" -- graph dothide.game 'graph(s, 5)' -o y.png
run "graph: an error in EXPR" -- graph small.game 's(3) + nope'
run "remoteness of a 10M-part sum" -- run remote.game
[ -z "$only" ] && printf '    stderr: %d bytes\n' "$(wc -c <err)"
run "remoteness of a 10M-part sum" --max-memory 128M -- run remote.game
run "--max-memory NaN" --max-memory NaN -- run small.game
run "--max-memory 1K" --max-memory 1K -- run small.game
printf ':table x + y + z for x in 0 .. 2 for y in 0 .. 1 for z in 0 .. 1\n' >tbl.in
stdin=tbl.in
run ":table, three clauses" -- --history ''
stdin=/dev/null
if [ -z "$only" ] || [[ ":table" == *$only* ]]; then head -c 200 out | tr '\n' '~' | sed 's/^/    stdout: /'; echo; fi
[ -z "$only" ] || [[ "closed stdout" == *$only* ]] && {
	"$bin" -e 'print 1' >&- 2>err
	printf '| closed stdout | | - | - | %s | %s | %s |\n' $? "$(trace err)" "$(head1 err)"
	"$bin" -e 'print 1' >/dev/full 2>err
	printf '| stdout /dev/full | | - | - | %s | %s | %s |\n' $? "$(trace err)" "$(head1 err)"
}
[ -f x.png ] && strings x.png | grep -c hostname | sed 's/^/x.png names a file: /'

# SIGINT, the REPL and the Go API (times measured in Go).
if [ "${NOGO:-}" != 1 ] && [ -z "$only" ]; then
	cd "$root" && GRUNDY_REDTEAM=1 GRUNDY_BIN=$bin go test -count=1 -run RedTeam -v . ./cmd/grundy 2>&1 |
		grep -E 'redteam (SIGINT|REPL|API)|^(ok|FAIL|---)|redteam_test.go' | sed 's/^ *redteam_test.go:[0-9]*: //'
fi
