package pdb

import "syscall"

// madvPopulateRead is Linux's MADV_POPULATE_READ (5.14 and later): map
// every page of the range, reading what the page cache lacks.
const madvPopulateRead = 22

// populate maps every page of a mapped file into the process's page tables
// at once; on a kernel without MADV_POPULATE_READ it does nothing (the pages
// are then mapped as they are first touched, as always).
func populate(data []byte) { _ = syscall.Madvise(data, madvPopulateRead) }
