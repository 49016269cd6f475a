#!/usr/bin/env bash
# The demo: builds the raise plugin, compiles Darknet's GEMM (examples/gemm.c)
# with clang-22 -O3 -march=native -g with and without the plugin, shows the
# plugin's remarks, and runs both programs.
#
#   examples/demo.sh [N]     (matrix size, default 1024)
set -euo pipefail
cd "$(dirname "$0")/.."

n=${1:-1024}
bazel build //plugin:libraise.so
plugin=$(bazel info bazel-bin)/plugin/libraise.so
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# -g lets remarks name sizes as the source does (`lda`); without it they name
# argument positions (`arg5`).
cc=(clang-22 -O3 -march=native -g)
echo "== clang-22 -O3 -march=native -fpass-plugin=libraise.so: remarks"
"${cc[@]}" -fpass-plugin="$plugin" -Rpass=raise -Rpass-missed=raise \
  -Rpass-analysis=raise -c examples/gemm.c -o "$out/gemm.raise.o"
"${cc[@]}" -c examples/gemm.c -o "$out/gemm.plain.o"
"${cc[@]}" -c examples/gemm_main.c -o "$out/main.o"
"${cc[@]}" "$out/main.o" "$out/gemm.plain.o" -o "$out/gemm.plain"
"${cc[@]}" "$out/main.o" "$out/gemm.raise.o" -o "$out/gemm.raise"

echo
echo "== without the plugin"
"$out/gemm.plain" "$n"
echo "== with the plugin"
"$out/gemm.raise" "$n"
