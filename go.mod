module github.com/grundy-lang/grundy

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/chzyer/readline v1.5.1
	github.com/creack/pty v1.1.24
)

require golang.org/x/sys v0.0.0-20220310020820-b874c991c1a5 // indirect
