#!/usr/bin/env bash
# How often does an unchanged app pass its own baseline? Replays the bundled traces once on the
# fixed clock, makes a baseline of that, then replays them RUNS more times (default 20) and checks
# each against the baseline at the default tolerance. Prints each run's verdict and the count that
# passed. A gate people keep switched on passes at least 19 of 20 (README, "Gating CI").
#
#   Benchmarks/check-stability.sh [RUNS] [TOLERANCE]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
tolerance=${2:-1.5}
swift build -c release --product uisim >/dev/null
uisim="$(swift build -c release --show-bin-path)/uisim"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$uisim" replay Traces/ --clock fixed --snapshots none --quiet --out "$work/base"
"$uisim" baseline "$work/base" -o "$work/baseline.json" >/dev/null
passed=0
for run in $(seq 1 "$runs"); do
    "$uisim" replay Traces/ --clock fixed --snapshots none --quiet --out "$work/run"
    if "$uisim" check "$work/run" --baseline "$work/baseline.json" --time-tolerance "$tolerance" > "$work/check.txt"; then
        passed=$((passed + 1))
        echo "run $run: passed"
    else
        echo "run $run: failed"
        sed 's/^/    /' "$work/check.txt"
    fi
done
echo "check-stability: $passed of $runs identical runs passed their own baseline at tolerance ×$tolerance"
