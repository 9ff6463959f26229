#!/bin/sh
# Writes a simulated evaluation corpus to DIR, with a manifest that `squatd evaluate DIR` scores:
# per placement, 40 varied squat sets (the recipe of DetectorAgreementTests: rates 10 Hz–1 kHz,
# tempos 1.2–6 s, depths 60–110°, bottom and top pauses, 3–15 reps), and six recordings of
# each activity that is not squats (seeds 1–6, DURATION seconds each) as `idle`, one source per
# activity, so the report shows false counts per minute for each activity at each placement.
# Usage (from the repository root): swift build -c release && Recordings/simulate-corpus.sh /tmp/sim
#        .build/release/squatd evaluate /tmp/sim
# Takes about 40 s and 800 MB. Set SQUATD to use another binary, DURATION for the seconds per
# distractor recording (default 300), SQUAT_SEEDS and DISTRACTOR_SEEDS ("FIRST LAST", default
# "1 40" and "1 6") for other seeds of the same recipe: the README's held-out rows use them.
# TEMPO and TOP_PAUSE give every squat set that tempo and pause at the top instead of the
# recipe's (the README's fast sets: TEMPO=1.2 TOP_PAUSE=0); DISTRACTOR_SEEDS="1 0" writes none.
set -eu
[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 64; }
dir=$1
squatd=${SQUATD:-$(pwd)/.build/release/squatd}
duration=${DURATION:-300}
set -- ${SQUAT_SEEDS:-1 40}; first_squat=$1; last_squat=$2
set -- ${DISTRACTOR_SEEDS:-1 6}; first_distractor=$1; last_distractor=$2
mkdir -p "$dir"
manifest="$dir/manifest.csv"
echo "file,source,subject,placement,kind,expected_reps,rate_hz,duration_s,truth,notes" > "$manifest"
pick() { shift "$1"; echo "$1"; }   # pick N a b c … → the Nth (0-based) of a b c …
for p in thigh waist calf wrist upper-arm head chest hand; do
    seed=$first_squat
    while [ $seed -le $last_squat ]; do
        rate=$(pick $((seed % 8 + 1)) 10 12.5 25 50 100 200 500 1000)
        tempo=${TEMPO:-$(pick $(((seed / 8 + seed) % 8 + 1)) 1.2 1.5 2 2.5 3 4 5 6)}
        depth=$(pick $((seed % 5 + 1)) 60 75 90 100 110)
        bottom=$(pick $((seed % 3 + 1)) 0 0.3 1.0)
        top=${TOP_PAUSE:-$(pick $((seed / 3 % 3 + 1)) 0 0.5 2.0)}
        reps=$((3 + seed % 13))
        f="squats-$p-$seed.csv"
        "$squatd" simulate --placement "$p" --seed $seed --rate "$rate" --tempo "$tempo" --depth "$depth" \
            --bottom-pause "$bottom" --top-pause "$top" --reps $reps --jitter 0.1 --drop-rate 0.01 \
            -o "$dir/$f" 2>/dev/null
        echo "$f,simulated squats,seed $seed,$p,squat,$reps,$rate,,simulated,tempo $tempo s depth $depth°" >> "$manifest"
        seed=$((seed + 1))
    done
    for a in walking sit-stand pick-up handling arm-gestures; do
        for seed in $(seq "$first_distractor" "$last_distractor"); do
            rate=$(pick $((seed * 3 % 8 + 1)) 10 12.5 25 50 100 200 500 1000)
            f="$a-$p-$seed.csv"
            "$squatd" simulate --placement "$p" --activity "$a" --duration "$duration" --seed $seed --rate "$rate" \
                -o "$dir/$f" 2>/dev/null
            echo "$f,simulated $a,seed $seed,$p,idle,0,$rate,$duration,simulated," >> "$manifest"
        done
    done
done
