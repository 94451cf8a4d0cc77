#!/usr/bin/env bash
# How often does an unchanged app pass its own baseline? Replays the bundled traces once on the
# fixed clock, makes a baseline of that, then replays them RUNS more times (default 20) and checks
# each against the baseline at the default tolerance. With PARALLEL (default 1), each run is
# PARALLEL replays at once, as on a CI machine shared by several jobs, each checked. Prints each
# replay's verdict and the count that passed. A gate people keep switched on passes at least 19 of
# 20 (README, "Gating CI"). APP_TIME (cpu, the default, or wall) is passed to --app-time.
#
#   Benchmarks/check-stability.sh [RUNS] [TOLERANCE] [PARALLEL]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
tolerance=${2:-1.5}
parallel=${3:-1}
app_time=${APP_TIME:-cpu}
flock /tmp/uisim-swift-build.lock swift build -c release --product uisim >/dev/null
uisim="$(swift build -c release --show-bin-path)/uisim"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$uisim" replay Traces/ --clock fixed --app-time "$app_time" --snapshots none --quiet --out "$work/base"
"$uisim" baseline "$work/base" -o "$work/baseline.json" >/dev/null
passed=0
total=0
for run in $(seq 1 "$runs"); do
    for job in $(seq 1 "$parallel"); do
        "$uisim" replay Traces/ --clock fixed --app-time "$app_time" --snapshots none --quiet --out "$work/run-$job" &
    done
    wait
    for job in $(seq 1 "$parallel"); do
        total=$((total + 1))
        if "$uisim" check "$work/run-$job" --baseline "$work/baseline.json" --time-tolerance "$tolerance" > "$work/check.txt"; then
            passed=$((passed + 1))
            echo "run $run.$job: passed"
        else
            echo "run $run.$job: failed"
            sed 's/^/    /' "$work/check.txt"
        fi
    done
done
echo "check-stability: $passed of $total identical replays passed their own baseline at tolerance ×$tolerance ($parallel at once, app time: $app_time)"
