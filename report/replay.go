package report

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Replay is what replays one counterexample: the case and the flags of a
// `tilecheck check` run, as values. The engine fills it; String formats the
// command a report prints, and JSON carries that command (the "replay"
// field), so the engine never assembles or patches CLI text.
//
// Iterator is the model's name as the report names it. For a model of a
// library user's own (not one of tilecheck's built-ins) the command does
// not run as is, but the fields still name the case: sweep.ReplayCheck
// turns them, with the user's Source, into the check that judges it again.
type Replay struct {
	Iterator string
	Config   string // the configuration, as iterator.ParseConfig reads it
	Ops      string // the op program, as iterator.ParseProgram reads it
	Property string
	Thread   int // the thread judged; < 0: every thread
	// Contract is add_pointer_offset's unit when not the default
	// ("bytes"); "" or "elements" is the default and is not printed.
	Contract string
	// Flags are the back end's check flags (e.g. --backend host
	// --include '/dir'), already quoted for a shell; "" is the Go model.
	Flags string
	// Command, when set, is the whole replay command of a family other
	// than the iterators' (tilecheck cute check ...), printed as is; the
	// fields above are then unset.
	Command string
}

// IsZero says the replay is unset (a counterexample without one).
func (r Replay) IsZero() bool { return r == Replay{} }

// String is the replay command, or "" for an unset replay.
func (r Replay) String() string {
	if r.IsZero() {
		return ""
	}
	if r.Command != "" {
		return r.Command
	}
	var b strings.Builder
	b.WriteString("tilecheck check ")
	if r.Flags != "" {
		b.WriteString(r.Flags + " ")
	}
	fmt.Fprintf(&b, "--iterator %s --config '%s' --ops '%s' --property %s", r.Iterator, r.Config, r.Ops, r.Property)
	if r.Thread >= 0 {
		fmt.Fprintf(&b, " --thread %d", r.Thread)
	}
	if r.Contract != "" && r.Contract != "elements" {
		b.WriteString(" --ptr-contract " + r.Contract)
	}
	return b.String()
}

// replayCommand reads back exactly what String writes.
var replayCommand = regexp.MustCompile(`^tilecheck check (?:(.*?) )?--iterator (\S+) --config '([^']*)' --ops '([^']*)' --property (\S+)(?: --thread (\d+))?(?: --ptr-contract (\S+))?$`)

// MarshalText encodes the replay as its command.
func (r Replay) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText decodes a command that String wrote (a report read back,
// e.g. by tilecheck merge); anything else is an error.
func (r *Replay) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*r = Replay{}
		return nil
	}
	if strings.HasPrefix(string(b), "tilecheck cute ") {
		*r = Replay{Command: string(b)}
		return nil
	}
	m := replayCommand.FindStringSubmatch(string(b))
	if m == nil {
		return fmt.Errorf("replay %q: not a tilecheck check command", b)
	}
	thread := -1
	if m[6] != "" {
		t, err := strconv.Atoi(m[6])
		if err != nil {
			return fmt.Errorf("replay %q: thread: %v", b, err)
		}
		thread = t
	}
	*r = Replay{Flags: m[1], Iterator: m[2], Config: m[3], Ops: m[4], Property: m[5], Thread: thread, Contract: m[7]}
	return nil
}
