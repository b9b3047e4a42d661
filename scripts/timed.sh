#!/usr/bin/env bash
# Usage: scripts/timed.sh NAME COMMAND [ARG...]
# Runs COMMAND and then prints one line to stderr: the step's name, its wall
# time and the CPU time (user+sys) of everything it started, so a slow step
# shows whether it worked or waited (on a shared machine, CPU time is the
# steadier figure). With SLIDELAB_TIMES set to a file name the line is also
# appended there (.ci/run prints the file as a summary). The exit status is
# COMMAND's.
set -uo pipefail
name=$1
shift
start=$(date +%s%N)
"$@"
status=$?
end=$(date +%s%N)
# times prints the shell's own and its children's user and system time, as
# 0m1.234s each; the second line is the children's. It must run in this
# shell (a subshell has no children of its own), so through a file.
tmp=$(mktemp)
times >"$tmp"
read -r cu cs < <(sed -n 2p "$tmp")
rm -f "$tmp"
secs() { awk -v t="$1" 'BEGIN { split(t, a, "m"); sub("s", "", a[2]); printf "%.1f", a[1] * 60 + a[2] }'; }
cpu=$(awk -v u="$(secs "$cu")" -v s="$(secs "$cs")" 'BEGIN { printf "%.0f", u + s }')
wall=$(((end - start) / 1000000000))
line=$(printf 'time: %-12s %dm%02ds wall, %dm%02ds cpu%s' "$name" $((wall / 60)) $((wall % 60)) \
	$((cpu / 60)) $((cpu % 60)) "$([ "$status" -eq 0 ] || echo " (FAILED, exit $status)")")
echo "$line" >&2
if [ -n "${SLIDELAB_TIMES:-}" ]; then
	echo "$line" >>"$SLIDELAB_TIMES" || true
fi
exit "$status"
