//go:build linux

package memlimit

import "syscall"

// probe maps size bytes of private anonymous memory and unmaps them at
// once: the kernel refuses the mapping with ENOMEM exactly when the Go
// runtime's own mapping of that size would fail now (address-space limit,
// the kernel's overcommit policy). The pages are never touched.
func probe(size uint64) error {
	if size > 1<<47 {
		return syscall.ENOMEM
	}
	b, err := syscall.Mmap(-1, 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return err
	}
	return syscall.Munmap(b)
}
