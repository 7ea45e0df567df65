#!/usr/bin/env bash
# Fuzz the FIT decoder with libFuzzer (make fuzz-fit): the decoder's three files and Fuzz/FITDecoderFuzz.swift built
# with -sanitize=fuzzer,address, started from a corpus of FIT files written by the tests' encoder's shapes (seeded by
# Fuzz/seed-fit.py), for FUZZ_RUNS executions (2,000,000 by default). A crash leaves its input in .build/fuzz-fit/ and
# fails; its bytes belong in FITFileTests.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=.build/fuzz-fit
RUNS=${FUZZ_RUNS:-2000000}
mkdir -p "$OUT/corpus"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name FITFuzz \
  Sources/RunSummary/FIT/FITDecoder.swift Sources/RunSummary/FIT/FITCRC.swift Sources/RunSummary/FIT/FITBaseType.swift \
  Fuzz/FITDecoderFuzz.swift -o "$OUT/fit-fuzzer"
python3 Fuzz/seed-fit.py "$OUT/corpus"
cd "$OUT"
./fit-fuzzer -runs="$RUNS" -max_len=4096 -print_final_stats=1 corpus
