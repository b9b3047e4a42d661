/*
 * A stand-in for Windows' bcryptprimitives.dll, for running Go programs under
 * Wine 8.0 (Debian 12) only; it is never shipped with Slidelab.
 *
 * Since Go 1.22 the Windows runtime gets its random bytes from ProcessPrng in
 * bcryptprimitives.dll (Windows 10 and later) and stops at start-up with
 * "bcryptprimitives.dll not found" when the DLL is missing. Wine 8.0 has
 * no such DLL (later Wine versions do). This one exports ProcessPrng and
 * fills the buffer with RtlGenRandom (advapi32's SystemFunction036), which
 * Wine has. scripts/windows-smoke.sh builds it with MinGW-w64 and copies it
 * into the temporary Wine prefix's system32 when the prefix has none.
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll bcryptprimitives.c
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

/* ProcessPrng fills data with len random bytes and returns TRUE. */
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
	while (len > 0) {
		ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}
