# Sourced by scripts/windows-smoke.sh and scripts/windows-unit.sh (POSIX sh).
#   wine_find            sets $wine and $wineserver, or fails
#   wine_prefix DIR LOG  makes a fresh Wine prefix in DIR (exports WINEPREFIX
#                        and friends) that can run Go programs
# The caller defines fail (prints a message and exits) and $here (the
# absolute path of scripts/).

wine_find() {
	# Debian's wine64 package puts the loader in /usr/lib/wine; the wine
	# package adds /usr/bin/wine.
	wine=""
	for w in wine64 /usr/lib/wine/wine64 wine; do
		if command -v "$w" >/dev/null 2>&1; then wine=$(command -v "$w"); break; fi
	done
	[ -n "$wine" ] || fail "Wine not found (apt-get install wine64)"
	wineserver=$(command -v wineserver || echo /usr/lib/wine/wineserver)
}

wine_prefix() {
	# mscoree/mshtml disabled: a fresh prefix would otherwise offer to
	# download Wine Mono and Gecko in a dialog nobody can answer.
	WINEPREFIX=$1 WINEDEBUG=${WINEDEBUG:--all} WINEDLLOVERRIDES="mscoree,mshtml=" WINEARCH=win64
	export WINEPREFIX WINEDEBUG WINEDLLOVERRIDES WINEARCH
	_start=$(date +%s)
	"$wine" wineboot --init >"$2" 2>&1 || fail "wineboot failed"
	"$wineserver" -w
	echo "wine: prefix ready after $(($(date +%s) - _start)) s ($("$wine" --version))" >&2
	# Go 1.22+ programs need ProcessPrng from bcryptprimitives.dll, which
	# Wine 8.0 lacks: give the prefix a stand-in (bcryptprimitives.c).
	_sys32="$WINEPREFIX/drive_c/windows/system32"
	if [ ! -e "$_sys32/bcryptprimitives.dll" ]; then
		x86_64-w64-mingw32-gcc -shared -O2 -s -o "$_sys32/bcryptprimitives.dll" \
			"$here/wine/bcryptprimitives.c" -ladvapi32 ||
			fail "cannot build the bcryptprimitives.dll stand-in"
		echo "wine: added the bcryptprimitives.dll stand-in (this Wine has none)" >&2
	fi
}
