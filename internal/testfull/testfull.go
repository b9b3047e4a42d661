// Package testfull tells tests whether to run their full matrices.
//
// make test runs every package under the race detector, which slows
// single-goroutine number crunching five to twenty times; there, the
// heaviest checks that are not about goroutines run a sample or a smaller
// matrix. make test-full sets Env to 1 and runs without -race: then every
// test runs its whole matrix, including checks that need big tables or long
// searches. Tests call Enabled; no other code imports this package.
package testfull

import "os"

// Env is the environment variable that asks for the full test matrices.
const Env = "SLIDELAB_FULL"

// Enabled reports whether Env is set to 1.
func Enabled() bool {
	return os.Getenv(Env) == "1"
}

// RaceForm reports whether tests run their race form: under the race
// detector with Env not set to 1 (make test). There the heaviest checks
// that are not about goroutines run a sample; make test-short and make
// test-full run them whole.
func RaceForm() bool { return Race && !Enabled() }
