// Package cli is the command layer's frame: the descriptor every satsolve
// command is written as, the dispatch of command groups and help, flag
// parsing, the error and exit-status policy, and the few writers every
// command shares (JSON, files written atomically).
//
// A command is a value, shaped like an analyzer of golang.org/x/tools
// go/analysis: a Command names itself, says in one line what it does and
// registers its flags; its Flags function returns the Action that runs once
// the flags are parsed. Families of commands (dobble, chipfire, …) live in
// their own packages under cmd/internal and export one Command
// each; cmd/satsolve's main lists them and nothing else.
//
// The policy every command follows, enforced here rather than per command:
//
//   - Flags may come before or after the positional arguments ("--" ends
//     the flags; an argument such as -5 is a positional number).
//   - -h, -help and --help print the usage on standard output, exit 0.
//   - A usage error (an unknown flag, a bad flag value, a wrong number of
//     arguments: any error made with Usagef) prints one line on standard
//     error and exits with status 2.
//   - Any other error an Action returns prints "satsolve: message" on
//     standard error and exits with status 1; data errors carry their
//     FILE:LINE[:COL] in the message.
//   - An Action that has printed its answer and wants a particular exit
//     status (satsolve solve's 10, 20, 30) returns Exit(code).
package cli
