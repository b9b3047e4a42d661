package charts

import (
	"fmt"
	"strconv"
)

func itoa(i int) string { return strconv.Itoa(i) }

// classroom is made-up data shaped like a comparison of three heuristics on
// ten instances.
func classroom() NodeCounts {
	inst := []string{"9", "12", "19", "42", "47", "55", "79", "93", "94", "97"}
	man := []int64{1, 0, 24, 1 << 20, 987654, 1234567, 345678, 456789, 98765, 876543}
	lc := make([]int64, len(man))
	pdb := make([]int64, len(man))
	for i, v := range man {
		lc[i] = v / 5
		pdb[i] = v / 300
	}
	return NodeCounts{
		Set:       "classroom",
		Subtitle:  "IDA*",
		Instances: inst,
		Series: []CountSeries{
			{Name: "Manhattan", Counts: man},
			{Name: "linear conflict", Counts: lc, Limited: []bool{false, false, false, true, false, false, false, false, false, false}},
			{Name: "PDB 6-6-3", Counts: pdb},
		},
	}
}

func many(n int) NodeCounts {
	nc := NodeCounts{Set: "korf100"}
	for i := 0; i < n; i++ {
		nc.Instances = append(nc.Instances, fmt.Sprint(i+1))
	}
	for s, name := range []string{"Manhattan", "linear conflict", "PDB 6-6-3", "PDB 7-8"} {
		cs := CountSeries{Name: name}
		for i := 0; i < n; i++ {
			v := int64(1)
			for k := 0; k < (i*7+s*3)%13; k++ {
				v *= 7
			}
			cs.Counts = append(cs.Counts, v>>(2*s))
		}
		nc.Series = append(nc.Series, cs)
	}
	return nc
}

func sampleCharts() map[string]Chart {
	return map[string]Chart{
		"classroom": classroom(),
		"many":      many(100),
		"empty":     NodeCounts{Set: "none"},
		"huge": NodeCounts{Set: "huge", Instances: []string{"a", "b"}, Series: []CountSeries{
			{Name: "x", Counts: []int64{0, 1e12}}, {Name: "y", Counts: []int64{1e12, 1e12 - 1}}}},
		"iterations":  iterations(),
		"long":        longLabels(30),
		"layers-log":  layers(true),
		"layers-lin":  layers(false),
		"hist-log":    histogram(true),
		"hist-lin":    histogram(false),
		"iter-empty":  Iterations{},
		"hist-empty":  Histogram{},
		"layer-empty": PDBLayers{},
		"contours":    contours(),
	}
}

// contours is shaped like A* on a 15-puzzle with two heuristics: contours
// growing by a factor of about six every two f values.
func contours() Contours {
	c := Contours{Subtitle: "A* · a 15-puzzle board, 40 moves"}
	for s, name := range []string{"Manhattan", "PDB 6-6-3"} {
		cs := ContourSeries{Name: name}
		v := int64(2 + s)
		for f := 30 + 2*s; f <= 40; f += 2 {
			cs.Points = append(cs.Points, ContourPoint{F: f, Nodes: v})
			v = v*6 + int64(s)
		}
		c.Series = append(c.Series, cs)
	}
	return c
}

func iterations() Iterations {
	it := Iterations{Set: "classroom", Instance: "Korf #42"}
	for s, name := range []string{"Manhattan", "linear conflict", "PDB 6-6-3"} {
		is := IterationSeries{Name: name, Limited: s == 1}
		v := int64(3)
		for th := 40 + 2*s; th <= 56; th += 2 {
			is.Points = append(is.Points, IterationPoint{Threshold: th, Nodes: v})
			v = v*6 + int64(s)
		}
		it.Series = append(it.Series, is)
	}
	return it
}

func layers(log bool) PDBLayers {
	pl := PDBLayers{Subtitle: "6-6-3 partition", LogY: log}
	for t, name := range []string{"{1,5,6,9,10,13}", "{7,8,11,12,14,15}", "{2,3,4}"} {
		tl := TableLayers{Name: name}
		n := 30 - 8*t
		for c := 0; c <= n; c++ {
			x := float64(c) / float64(n)
			states := int64(5e7 / float64(1+t*40) * x * x * (1 - x) * 4)
			tl.Layers = append(tl.Layers, Layer{Cost: c, States: states + 1, New: states / 16})
		}
		pl.Tables = append(pl.Tables, tl)
	}
	return pl
}

func histogram(log bool) Histogram {
	h := Histogram{Subtitle: "6-6-3 partition", LogY: log}
	for t, name := range []string{"{1,5,6,9,10,13}", "{7,8,11,12,14,15}", "{2,3,4}"} {
		hs := HistogramSeries{Name: name}
		n := 30 - 8*t
		for c := 0; c <= n; c++ {
			x := float64(c) / float64(n)
			hs.Counts = append(hs.Counts, int64(5e6/float64(1+t*40)*x*x*(1-x)*4))
		}
		h.Series = append(h.Series, hs)
	}
	return h
}

func longLabels(n int) NodeCounts {
	nc := many(n)
	nc.Set = "walks"
	for i := range nc.Instances {
		nc.Instances[i] = fmt.Sprintf("walk-%d", 10*(i+1))
	}
	nc.Series = nc.Series[:2]
	return nc
}
