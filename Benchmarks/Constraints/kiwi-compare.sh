#!/usr/bin/env bash
# Times uisim's Constraints solver against kiwisolver (nucleic/kiwi's Python package, C++ inside)
# on the same systems: a vertical chain of 1 000 and 4 000 views (four constraints each), the
# same chain with strong heights, and one suggestValue on an edit variable of the 1 000-view
# chain. Prints each figure in µs and the ratios issue 30 sets targets for. Installs kiwisolver
# into a venv under /tmp (KIWI_VENV) when missing; builds Compare/ in release.
#
#   Benchmarks/Constraints/kiwi-compare.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

venv=${KIWI_VENV:-/tmp/kiwi-venv}
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c "import kiwisolver" 2>/dev/null || "$venv/bin/pip" install --quiet kiwisolver

# Builds share the machine: one at a time (the lock is free when no one else builds).
lock=(); command -v flock >/dev/null && lock=(flock /tmp/uisim-swift-build.lock)
"${lock[@]}" swift build -c release --product ConstraintsKiwiCompare >/dev/null
bin="$(swift build -c release --show-bin-path)/ConstraintsKiwiCompare"

out=$(mktemp -d)
"$bin" > "$out/swift.txt"
"$venv/bin/python" Benchmarks/Constraints/kiwi_chain.py > "$out/kiwi.txt"

echo "kiwisolver $("$venv/bin/python" -c 'import kiwisolver; print(kiwisolver.__version__)'); best of several runs, µs"
awk '
    FNR == NR { swift[$1] = $2; next }
    { kiwi[$1] = $2; order[++n] = $1 }
    END {
        printf "%-20s %14s %14s %12s\n", "figure", "uisim", "kiwisolver", "uisim/kiwi"
        for (i = 1; i <= n; i++) {
            name = order[i]
            base = name; sub(/_add$|_update$/, "", base)
            printf "%-20s %14.1f %14.1f %12.4f\n", name, swift[base], kiwi[name], swift[base] / kiwi[name]
        }
        printf "\nchain 1 000, uisim / kiwisolver (target <= 0.5): %.4f\n", swift["chain_1000"] / kiwi["chain_1000"]
        printf "chain 4 000 / chain 1 000, uisim (target <= 4.5): %.2f (kiwisolver %.2f)\n", \
            swift["chain_4000"] / swift["chain_1000"], kiwi["chain_4000"] / kiwi["chain_1000"]
        printf "edit, one suggestValue in the 1 000-view chain, uisim (target <= 20 us): %.2f us\n", swift["edit_1000"]
    }' "$out/swift.txt" "$out/kiwi.txt"
rm -r "$out"
