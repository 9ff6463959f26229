#!/bin/sh
# Regenerates the synthetic recordings in this directory with `squatd simulate`, and the plot
# of thigh-normal.csv. Deterministic: the same squatd and seed give the same files.
# Usage (from the repository root): swift build && Recordings/generate.sh
# Set SQUATD to use another binary.
set -eu
cd "$(dirname "$0")"
squatd=${SQUATD:-../.build/debug/squatd}
sim() { out=$1; shift; "$squatd" simulate -o "$out" "$@"; }

# Squat sets: file                 placement          rate        tempo and pauses                            reps       seed
sim thigh-normal.csv          --placement thigh     --rate 100  --tempo 2.5                                 --reps 10 --seed 1
sim thigh-fast.csv            --placement thigh     --rate 50   --tempo 1.5 --bottom-pause 0 --top-pause 0  --reps 12 --seed 2
sim waist-normal.csv          --placement waist     --rate 100  --tempo 2.5                                 --reps 10 --seed 3
sim waist-slow.csv            --placement waist     --rate 50   --tempo 4   --bottom-pause 1 --top-pause 1  --reps 8  --seed 4
sim calf-normal.csv           --placement calf      --rate 110  --tempo 2.2 --top-pause 0.2                 --reps 10 --seed 5
sim wrist-barbell-slow.csv    --placement wrist     --rate 12.5 --tempo 4   --bottom-pause 0.5 --top-pause 2 --reps 5 --seed 6
sim upper-arm-fast.csv        --placement upper-arm --rate 10   --tempo 1.5 --bottom-pause 0 --top-pause 0.3 --reps 12 --seed 7
sim head-normal.csv           --placement head      --rate 25   --tempo 2.5                                 --reps 10 --seed 8
sim hand-controller.csv       --placement hand      --rate 200  --tempo 2.5 --depth 100                     --reps 8  --seed 9

# Distractors: no squats, every count is a false count.
sim walking-thigh.csv         --placement thigh     --rate 100  --activity walking      --duration 30 --seed 10
sim sit-stand-waist.csv       --placement waist     --rate 50   --activity sit-stand    --duration 40 --seed 11
sim pick-up-thigh.csv         --placement thigh     --rate 100  --activity pick-up      --duration 30 --seed 12
sim handling-hand.csv         --placement hand      --rate 50   --activity handling     --duration 30 --seed 13
sim arm-gestures-upper-arm.csv --placement upper-arm --rate 10  --activity arm-gestures --duration 30 --seed 14

"$squatd" plot thigh-normal.csv -o thigh-normal.svg
