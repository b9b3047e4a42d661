#!/bin/sh
# Starts the Windows build of the app under Wine on a private Xvfb screen,
# waits for its window, takes a screenshot, checks that the screenshot is not
# blank, presses the arrow keys and checks that the board moved.
#   scripts/windows-smoke.sh dist/Slidelab.exe docs/screenshot-windows-wine.png
# Exits 0 when all of that worked, 1 with the app's and Wine's output when not.
# Needs Wine (wine64), Xvfb, xdotool, ImageMagick and MinGW-w64 (make
# windows-test installs them). Every run uses a fresh Wine prefix in a
# temporary directory (the first wineboot there takes 10-60 s), so no
# settings of an earlier run or of the user's ~/.wine leak in.
#
# Environment: SMOKE_SCREEN (default 1280x800), SMOKE_TIMEOUT seconds to wait
# for the window (default 180), SMOKE_KEEP=1 keeps the temporary directory.
set -eu
exe=${1:?usage: $0 Slidelab.exe screenshot.png}
shot=${2:?usage: $0 Slidelab.exe screenshot.png}
screen=${SMOKE_SCREEN:-1280x800}
wait_s=${SMOKE_TIMEOUT:-180}
here=$(cd "$(dirname "$0")" && pwd)
exe=$(cd "$(dirname "$exe")" && pwd)/$(basename "$exe")
[ -f "$exe" ] || { echo "windows-smoke: no $exe" >&2; exit 1; }

. "$here/wine/prefix.sh"
for t in Xvfb xdotool import convert compare x86_64-w64-mingw32-gcc; do
	command -v "$t" >/dev/null 2>&1 || { echo "windows-smoke: $t not found" >&2; exit 1; }
done

tmp=$(mktemp -d)
xvfb=""
app=""
wineserver=""
cleanup() {
	[ -n "$app" ] && kill "$app" 2>/dev/null || true
	[ -n "$wineserver" ] && WINEPREFIX="$tmp/prefix" "$wineserver" -k 2>/dev/null || true
	[ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
	if [ "${SMOKE_KEEP:-}" = 1 ]; then echo "windows-smoke: kept $tmp" >&2; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM

fail() {
	echo "windows-smoke: $*" >&2
	for f in app.log boot.log xvfb.log; do
		[ -s "$tmp/$f" ] && { echo "--- $f (last 40 lines)" >&2; tail -n 40 "$tmp/$f" >&2; }
	done
	exit 1
}

# A free display number: Xvfb picks one and writes it to fd 3.
Xvfb -displayfd 3 -screen 0 "${screen}x24" -nolisten tcp 3>"$tmp/display" 2>"$tmp/xvfb.log" &
xvfb=$!
i=0
while [ ! -s "$tmp/display" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$tmp/display" ] || fail "Xvfb did not start"
wine_find
DISPLAY=:$(cat "$tmp/display")
export DISPLAY

wine_prefix "$tmp/prefix" "$tmp/boot.log"

cd "$tmp"
"$wine" "$exe" >"$tmp/app.log" 2>&1 &
app=$!
start=$(date +%s)
win=""
while [ -z "$win" ]; do
	kill -0 "$app" 2>/dev/null || fail "Slidelab.exe exited before showing a window"
	[ $(($(date +%s) - start)) -lt "$wait_s" ] || fail "no Slidelab window after $wait_s s"
	win=$(xdotool search --onlyvisible --name '^Slidelab$' 2>/dev/null | head -n 1) || true
	[ -n "$win" ] || sleep 1
done
echo "windows-smoke: window $win after $(($(date +%s) - start)) s" >&2

# Wait until two captures a second apart agree (the first frames are
# still being drawn), at most 30 s.
import -window root "$tmp/a.png"
i=0
while :; do
	sleep 1
	import -window root "$tmp/b.png"
	diff=$(compare -metric AE "$tmp/a.png" "$tmp/b.png" null: 2>&1) || true
	[ "$diff" = 0 ] && break
	i=$((i + 1))
	[ $i -lt 30 ] || break
	mv "$tmp/b.png" "$tmp/a.png"
done
sd=$(convert "$tmp/b.png" -format '%[fx:standard_deviation]' info:)
echo "windows-smoke: screenshot standard deviation $sd (0 = one flat colour)" >&2
awk -v sd="$sd" 'BEGIN { exit !(sd > 0.05) }' || fail "the screenshot is blank (standard deviation $sd)"
mkdir -p "$(dirname "$shot")"
cp "$tmp/b.png" "$shot"
echo "windows-smoke: wrote $shot" >&2

# The arrow keys slide a tile in the puzzle view: at least one of them must
# change the picture.
moved=""
for k in Up Left Down Right; do
	# No window manager runs, so focus is set directly; the key goes
	# through XTEST like a real keyboard (Wine ignores sent events).
	xdotool windowfocus --sync "$win" 2>/dev/null || true
	xdotool key "$k"
	sleep 2
	import -window root "$tmp/c.png"
	diff=$(compare -metric AE "$tmp/b.png" "$tmp/c.png" null: 2>&1) || true
	if [ "$diff" != 0 ]; then moved=$k; break; fi
done
[ -n "$moved" ] || fail "the window did not change after the arrow keys"
echo "windows-smoke: key $moved changed $diff pixels" >&2
kill -0 "$app" 2>/dev/null || fail "Slidelab.exe exited after a key"
echo "windows-smoke: ok" >&2
