package engine

// Internals for the external tests (package engine_test).

// UntracedAnswers counts the answers of the plan's last evaluation that
// were judged from their compact form alone: never traced.
func UntracedAnswers(p *Plan) int {
	n := 0
	for i := range p.mainFetch.answers {
		if p.mainFetch.answers[i].Pending() {
			n++
		}
	}
	return n
}

// RefsInMain says whether the plan's main answers may serve as its oracle
// answers (EvaluateAsReference).
func RefsInMain(p *Plan) bool { return p.refsInMain() }
