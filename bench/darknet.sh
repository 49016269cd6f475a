#!/usr/bin/env bash
# Darknet's GEMM variants (examples/gemm.c) through the whole compiler, in
# one run per configuration on the same inputs, one thread:
#   clang-22 -O3 -march=native                     (plain)
#   clang-22 -O3 -march=native -mllvm -polly       (Polly's matmul optimization)
#   clang-22 -O3 -march=native -fpass-plugin=...   (raise, default: tuned)
#   OpenBLAS cblas_sgemm                           (the reference)
# Prints a markdown table of GFLOP/s with ratios to OpenBLAS, and whether
# raise's results are bit-identical to plain -O3.
#
#   bench/darknet.sh [repetitions] [M N K ...]     (default: 3, 1024^3 2048^3 1000x700x300)
set -euo pipefail
cd "$(dirname "$0")/.."

reps=${1:-3}
shift || true
sizes=("$@")
((${#sizes[@]})) || sizes=(1024 1024 1024 2048 2048 2048 1000 700 300)

bazel build //plugin:libraise.so >&2
plugin=$(bazel info bazel-bin 2>/dev/null)/plugin/libraise.so
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc=(clang-22 -O3 -march=native)

"${cc[@]}" -c examples/gemm.c -o "$out/plain.o"
"${cc[@]}" -mllvm -polly -c examples/gemm.c -o "$out/polly.o"
"${cc[@]}" -fpass-plugin="$plugin" -c examples/gemm.c -o "$out/raise.o"
for config in plain polly raise; do
  "${cc[@]}" bench/darknet_bench.c "$out/$config.o" -o "$out/$config"
done
"${cc[@]}" -DUSE_CBLAS bench/darknet_bench.c -lopenblas -o "$out/openblas"

for config in plain polly raise openblas; do
  OPENBLAS_NUM_THREADS=1 "$out/$config" "$reps" "${sizes[@]}" >"$out/$config.txt"
done

python3 - "$out" <<'PY'
import sys
out = sys.argv[1]
rows = {}
for config in ["plain", "polly", "raise", "openblas"]:
    for line in open("%s/%s.txt" % (out, config)):
        v, m, n, k, gf, h = line.split()
        rows.setdefault((v, m, n, k), {})[config] = (float(gf), h)
print("| kernel | M x N x K | plain -O3 | -polly | raise | OpenBLAS | raise / OpenBLAS | raise / plain | raise == plain |")
print("|---|---|---|---|---|---|---|---|---|")
for (v, m, n, k), r in rows.items():
    p, po, ra, ob = (r[c][0] for c in ["plain", "polly", "raise", "openblas"])
    same = "yes" if r["raise"][1] == r["plain"][1] else "NO"
    print("| %s | %sx%sx%s | %.1f | %.1f | %.1f | %.1f | %.2f | %.1f | %s |"
          % (v, m, n, k, p, po, ra, ob, ra / ob, ra / p, same))
PY
