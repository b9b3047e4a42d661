package searchview

// Position returns the number of the search event shown: 0 at the start,
// then 1, 2, ... as Step goes (Back goes down again). A session file keeps
// it.
func (p *SearchPanel) Position() int {
	if s, ok := p.Timeline.Current(); ok {
		return s.Event
	}
	return 0
}

// GoTo steps the search forward until event n is shown, drawing only that
// one; it stops early when the search ends first (or predict mode asks a
// question), and does nothing while a run owns the search. It reports the
// position reached.
func (p *SearchPanel) GoTo(n int) int {
	if p.Running() {
		return p.Position()
	}
	var last SearchSnap
	moved := false
	for p.Position() < n {
		s, _, ok := p.advance()
		if !ok {
			break
		}
		last, moved = s, true
	}
	if moved {
		p.render(last)
	}
	return p.Position()
}
