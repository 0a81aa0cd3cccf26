#!/usr/bin/env bash
# Bounded differential fuzzing (at most 60 s of fuzzing): request lines from
# the in-repo generators (scripts/serde-fuzz-gen.py, a copy of the serde
# oracle's fuzz_gen.py, and the targeted, multibyte, tagged and escapes
# generators of scripts/fuzz-serde.ts) go through the in-repo Rust harness
# (real serde over generated/rust, built by .ci/rust-harness.sh) and through
# our TypeScript reader/writer. Fails on any accept/reject, canonical-text,
# error-text or bad-request difference, and when the budget runs out.
#
#   bash .ci/fuzz.sh                         # seed = day of the year (printed; varies by day)
#   FUZZ_SEED=42 bash .ci/fuzz.sh            # reproduce a run
#   FUZZ_CASES=20000 bash .ci/fuzz.sh        # cases for fuzz_gen and targeted (default 100000)
#   FUZZ_FOCUSED_CASES=5000 bash .ci/fuzz.sh # cases for multibyte, tagged, escapes (default 50000)
#   FUZZ_REFERENCE=/tmp/oracle/target/release/exomonad-hook-oracle bash .ci/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# FUZZ_REFERENCE: another implementation of the line protocol (e.g. the serde oracle)
BIN=${FUZZ_REFERENCE:-rust/harness/target/release/serde-harness}
if [[ ! -x "$BIN" ]]; then
  echo "fuzz: $BIN missing; building it with .ci/rust-harness.sh" >&2
  bash .ci/rust-harness.sh >&2
fi

SEED=${FUZZ_SEED:-$((10#$(date -u +%j)))}
CASES=${FUZZ_CASES:-100000}
# the focused generators each probe one corner (fewer cases cover it; their cases are longer)
FOCUSED_CASES=${FUZZ_FOCUSED_CASES:-50000}
BUDGET=${FUZZ_SECONDS:-60}
echo "fuzz: seed $SEED, $CASES cases for fuzz_gen and targeted, $FOCUSED_CASES for multibyte, tagged and escapes, ${BUDGET} s budget, reference $BIN"

deadline=$((SECONDS + BUDGET))
status=0
total=0
generators=(fuzz_gen targeted multibyte tagged escapes)
for generator in "${generators[@]}"; do
  case $generator in
    fuzz_gen | targeted) cases=$CASES ;;
    *) cases=$FOCUSED_CASES ;;
  esac
  left=$((deadline - SECONDS))
  if ((left <= 0)); then
    echo "fuzz: time budget spent before the $generator run" >&2
    status=1
    break
  fi
  # timeout: a hang in either implementation fails the run instead of stalling CI
  if ! SERDE_ORACLE="$BIN" timeout --kill-after=5 "$left" \
      node --import tsx scripts/fuzz-serde.ts --cases "$cases" --seeds "$SEED" --show 5 --generator "$generator"; then
    echo "fuzz: $generator run failed (differences above, or the time budget ran out)" >&2
    status=1
  fi
  total=$((total + cases))
done
((status == 0)) && echo "fuzz: 0 differences in $total cases from ${#generators[@]} generators (seed $SEED, ${SECONDS} s)"
exit "$status"
