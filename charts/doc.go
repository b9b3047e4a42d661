// Package charts draws Slidelab's charts with gonum/plot: node counts per
// heuristic (grouped bars on a log scale), nodes per IDA* iteration, the growth
// of a pattern database's BFS frontier per cost layer, and a histogram of table
// values.
//
// The inputs are plain data types (NodeCounts, Iterations, PDBLayers,
// Histogram) so the package depends on neither the search nor the pdb package;
// adapters from their result types live with the callers. Every chart renders
// to an image of a requested pixel size (Render, for the GUI) and saves as PNG,
// SVG or PDF chosen by the file extension (Save, Write). Sizes are pixels at 96
// DPI; text grows with the size so a large chart stays readable on a slide.
// The same data and size always give the same PNG bytes.
package charts
