package main

import "testing"

// :play on a terminal: moves at their own prompt; Ctrl-D and Ctrl-C give
// up the game and leave the session running.
func TestPlayInTerminal(t *testing.T) {
	term := startTerminal(t, "GRUNDY_HISTORY=")
	term.send("game sub(n) moves sub(n - s) for s in {1, 3, 4} if s <= n\r")
	term.expect(">>> ")
	term.send(":play sub(10)\r")
	term.expect("  3  sub(6)")
	term.expect("your move> ")
	term.send("2\r")
	term.expect("you move to sub(7)")
	term.expect("grundy moves to sub(6)")
	term.expect("your move> ")
	term.send("hint\r")
	term.expect("hint: winning: 3 (sub(2))")
	term.expect("your move> ")
	term.send("\x04")
	term.expect("You give up (end of input). grundy wins.")
	term.expect(">>> ")
	term.send("print 6 * 7\r")
	term.expect("42")
	term.send(":play second sub(8)\r")
	term.expect("grundy moves to sub(7)")
	term.expect("your move> ")
	term.send("\x03")
	term.expect("You give up (Ctrl-C). grundy wins.")
	term.expect(">>> ")
	term.send("print 1 + 1\r")
	term.expect("2")
}
