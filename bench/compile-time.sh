#!/usr/bin/env bash
# Compile time of every e2e kernel (tests/e2e/*.c) and of Darknet's GEMMs
# (examples/gemm.c), each compiled to an object three ways with hyperfine:
#   clang-22 -O3 -march=native                     (plain)
#   clang-22 -O3 -march=native -mllvm -polly       (Polly)
#   clang-22 -O3 -march=native -fpass-plugin=...   (raise, default mode)
# Prints a markdown table of mean CPU times (user + system: on a shared,
# loaded machine they vary much less than wall-clock times) and the overhead
# ratios to plain -O3 and to -polly, and the totals over all sources.
#
#   bench/compile-time.sh [runs]        (default 3; hyperfine from .ci/setup)
#   RAISE_PLUGIN=path/libraise.so bench/compile-time.sh   (skips the build)
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-3}
command -v hyperfine >/dev/null || {
  echo "compile-time.sh: needs hyperfine (bash .ci/setup installs it)" >&2
  exit 1
}
plugin=${RAISE_PLUGIN:-}
if [[ -z "$plugin" ]]; then
  bazel build //plugin:libraise.so >&2
  plugin=$(bazel info bazel-bin 2>/dev/null)/plugin/libraise.so
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

cc="clang-22 -O3 -march=native -c -o /dev/null"
sources=(tests/e2e/*.c examples/gemm.c)
for source in "${sources[@]}"; do
  echo "compile-time.sh: $source" >&2
  hyperfine -N --runs "$runs" --style none --export-json "$out/$(basename "$source").json" \
    "$cc $source" \
    "$cc -mllvm -polly $source" \
    "$cc -fpass-plugin=$plugin $source" >/dev/null
done

python3 - "$out" "${sources[@]}" <<'PY'
import json
import os
import sys

out, sources = sys.argv[1], sys.argv[2:]
print("| source | -O3 (s) | -polly (s) | raise (s) | -polly / -O3 | raise / -O3 | raise / -polly |")
print("|---|---|---|---|---|---|---|")
totals = [0.0, 0.0, 0.0]
for source in sources:
    with open(os.path.join(out, os.path.basename(source) + ".json")) as f:
        means = [r["user"] + r["system"] for r in json.load(f)["results"]]
    totals = [t + m for t, m in zip(totals, means)]
    plain, polly, raised = means
    print(f"| {source} | {plain:.2f} | {polly:.2f} | {raised:.2f} | "
          f"{polly / plain:.1f} | {raised / plain:.1f} | {raised / polly:.2f} |")
plain, polly, raised = totals
print(f"| all {len(sources)} | {plain:.1f} | {polly:.1f} | {raised:.1f} | "
      f"{polly / plain:.1f} | {raised / plain:.1f} | {raised / polly:.2f} |")
PY
