#!/bin/bash
# Builds raise-opt, lowers bench/gemm_nn.mlir with the tuned and the loops
# pipelines, links both with bench/gemm_bench.c and OpenBLAS, and prints a
# markdown table of GFLOP/s at 1024^3 and 2048^3 (one thread).
# Usage: bench/run.sh [repetitions] [tuned pipeline options, e.g. "kc=384"]
# Environment: BAZEL_OUTPUT_BASE (optional) selects bazel's output base.
set -euo pipefail
cd "$(dirname "$0")/.."
BAZEL=(bazel ${BAZEL_OUTPUT_BASE:+--output_base=$BAZEL_OUTPUT_BASE})
"${BAZEL[@]}" build --symlink_prefix=/ //mlir-passes/tools:raise-opt >&2
RAISE_OPT="$("${BAZEL[@]}" info bazel-bin 2>/dev/null)/mlir-passes/tools/raise-opt"
OUT=$(mktemp -d)
TUNED="--raise-lower-tuned-to-llvm${2:+=$2}"
sed 's/@gemm_nn/@gemm_nn_tuned/' bench/gemm_nn.mlir | "$RAISE_OPT" "$TUNED" |
  mlir-translate-22 --mlir-to-llvmir -o "$OUT/tuned.ll"
sed 's/@gemm_nn/@gemm_nn_loops/' bench/gemm_nn.mlir |
  "$RAISE_OPT" --raise-lower-loops-to-llvm |
  mlir-translate-22 --mlir-to-llvmir -o "$OUT/loops.ll"
clang-22 -O3 -march=native -Wno-override-module "$OUT/tuned.ll" \
  "$OUT/loops.ll" bench/gemm_bench.c -lopenblas -o "$OUT/gemm_bench"
# shellcheck source=bench/openblas.sh
source bench/openblas.sh
openblas_best_core >&2
OPENBLAS_NUM_THREADS=1 "$OUT/gemm_bench" "${1:-3}"
rm -rf "$OUT"
