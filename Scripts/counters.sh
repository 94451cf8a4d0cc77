#!/bin/sh
# The counters of every bundled trace on every built-in scene, and of every scene's variants, as
# baselines a refactoring must leave equal (issue #50: "make test green with the same counters for
# every bundled trace and scene: a script diffs them before and after").
#
#   Scripts/counters.sh record UISIM DIR   replay and write DIR/<scene>[-<variant>].json baselines
#   Scripts/counters.sh check UISIM DIR    replay again and check each against DIR's, --strict:
#                                          any counter or hitch that changed fails (exit 1)
#
# UISIM is a uisim binary (record with the commit before a change, check with the one after; the
# same build configuration both times). Replays run on `--clock fixed`, so counters do not depend
# on the machine; times are allowed any change (×1000), and hitches, which come from each frame's
# measured work (a debug build on a loaded machine misses more vsyncs), are left out: only
# counters are compared.
# Each scene replays the top-level traces of Traces/ and, when there is one, its own folder
# (Traces/grid, Traces/navigation); each variant is replayed, switched from its default, on
# Traces/fling.trace with its scene.
set -eu

usage() { echo "usage: $0 record|check UISIM DIR" >&2; exit 64; }
[ $# -eq 3 ] || usage
mode=$1 uisim=$2 dir=$3
case $mode in record|check) ;; *) usage ;; esac
[ -x "$uisim" ] || { echo "$0: $uisim is not an executable" >&2; exit 64; }
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$dir"
failed=0

# run NAME TRACES... -- OPTIONS...: one replay, then its baseline recorded or checked.
run() {
    name=$1; shift
    traces=""
    while [ "$1" != "--" ]; do traces="$traces $1"; shift; done
    shift
    out="$work/$name"
    # shellcheck disable=SC2086
    "$uisim" replay $traces --clock fixed --snapshots none --quiet --out "$out" "$@" >/dev/null
    if [ "$mode" = record ]; then
        "$uisim" baseline "$out" -o "$dir/$name.json" >/dev/null
        echo "recorded $name"
        return
    fi
    "$uisim" check "$out" --baseline "$dir/$name.json" --strict --time-tolerance 1000 > "$work/$name.check" 2>&1 || true
    # A change is a line "<kind> <figure>: before → after"; hitches are the machine's, not counters.
    changes=$(grep -E '^ +(regression|improvement|changed|new) ' "$work/$name.check" | grep -v ' hitch' || true)
    if [ -z "$changes" ] && grep -q 'checks of' "$work/$name.check"; then
        echo "same     $name"
    else
        echo "CHANGED  $name"
        if [ -n "$changes" ]; then echo "$changes"; else sed 's/^/    /' "$work/$name.check"; fi
        failed=1
    fi
}

top_level=$(find "$root/Traces" -maxdepth 1 -type f \( -name '*.trace' -o -name '*.evemu' \) | sort)
"$uisim" scenes > "$work/scenes.txt"
scenes=$(grep -v '^ ' "$work/scenes.txt" | awk '{print $1}')
for scene in $scenes; do
    own=""
    [ -d "$root/Traces/$scene" ] && own="$root/Traces/$scene"
    # shellcheck disable=SC2086
    run "$scene" $top_level $own -- --scene "$scene"
done
# Each variant switched from its default ("(on by default)" variants are switched off).
scene=""
while IFS= read -r line; do
    case $line in
        "  --variant "*)
            variant=$(echo "$line" | awk '{print $2}' | cut -d= -f1)
            value=on
            case $line in *"(on by default)"*) value=off ;; esac
            run "$scene-$variant-$value" "$root/Traces/fling.trace" -- --scene "$scene" --variant "$variant=$value" ;;
        " "*) ;;
        *) scene=$(echo "$line" | awk '{print $1}') ;;
    esac
done < "$work/scenes.txt"
exit $failed
