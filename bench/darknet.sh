#!/usr/bin/env bash
# Darknet's GEMM variants (examples/gemm.c) through the whole compiler, in
# one run per configuration on the same inputs, one thread unless stated:
#   clang-22 -O3 -march=native                     (plain)
#   clang-22 -O3 -march=native -mllvm -polly       (Polly's matmul optimization)
#   clang-22 -O3 -march=native -fpass-plugin=...   (raise, default: tuned)
#   ... -mllvm -raise-threads=2 -fopenmp           (raise, tuned, 2 threads)
#   ... -mllvm -raise-lowering=blas -mllvm -raise-allow-reassoc -lopenblas
#                                                  (raise, BLAS calls)
#   OpenBLAS cblas_sgemm                           (the reference)
# Prints a markdown table of GFLOP/s with ratios to OpenBLAS, whether raise's
# tuned results (1 and 2 threads) are bit-identical to plain -O3, and
# whether the BLAS build's agree within 1e-3 (relative to the larger value,
# absolutely below 1).
#
#   bench/darknet.sh [repetitions] [M N K ...]     (default: 3, 1024^3 2048^3 1000x700x300)
#   BAZEL_OUTPUT_BASE=/path bench/darknet.sh ...   (a bazel output base of its own)
set -euo pipefail
cd "$(dirname "$0")/.."

reps=${1:-3}
shift || true
sizes=("$@")
((${#sizes[@]})) || sizes=(1024 1024 1024 2048 2048 2048 1000 700 300)

# BAZEL_OUTPUT_BASE (optional) selects bazel's output base.
BAZEL=(bazel ${BAZEL_OUTPUT_BASE:+--output_base=$BAZEL_OUTPUT_BASE})
"${BAZEL[@]}" build --symlink_prefix=/ //plugin:libraise.so >&2
plugin=$("${BAZEL[@]}" info bazel-bin 2>/dev/null)/plugin/libraise.so
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc=(clang-22 -O3 -march=native)

"${cc[@]}" -c examples/gemm.c -o "$out/plain.o"
"${cc[@]}" -mllvm -polly -c examples/gemm.c -o "$out/polly.o"
"${cc[@]}" -fpass-plugin="$plugin" -c examples/gemm.c -o "$out/raise.o"
"${cc[@]}" -fpass-plugin="$plugin" -mllvm -raise-threads=2 -c examples/gemm.c \
  -o "$out/threads.o"
"${cc[@]}" -fpass-plugin="$plugin" -mllvm -raise-lowering=blas \
  -mllvm -raise-allow-reassoc -c examples/gemm.c -o "$out/blas.o"
for config in plain polly raise; do
  "${cc[@]}" bench/darknet_bench.c "$out/$config.o" -o "$out/$config"
done
"${cc[@]}" bench/darknet_bench.c "$out/threads.o" -fopenmp -o "$out/threads"
"${cc[@]}" bench/darknet_bench.c "$out/blas.o" -lopenblas -o "$out/blas"
"${cc[@]}" -DUSE_CBLAS bench/darknet_bench.c -lopenblas -o "$out/openblas"

configs=(plain polly raise threads blas openblas)
for config in "${configs[@]}"; do
  dump=()
  if [[ $config == plain || $config == blas ]]; then
    dump=(env RAISE_BENCH_DUMP="$out/$config")
  fi
  OPENBLAS_NUM_THREADS=1 "${dump[@]}" "$out/$config" "$reps" "${sizes[@]}" \
    >"$out/$config.txt"
done

python3 - "$out" <<'PY'
import array
import sys
out = sys.argv[1]
configs = ["plain", "polly", "raise", "threads", "blas", "openblas"]
rows = {}
for config in configs:
    for line in open("%s/%s.txt" % (out, config)):
        v, m, n, k, gf, h = line.split()
        rows.setdefault((v, m, n, k), {})[config] = (float(gf), h)


def close(v, m, n, k):
    """The BLAS build's C agrees with plain -O3's within 1e-3."""
    mats = []
    for config in ["plain", "blas"]:
        a = array.array("f")
        with open("%s/%s.%s.%sx%sx%s.bin" % (out, config, v, m, n, k), "rb") as f:
            a.frombytes(f.read())
        mats.append(a)
    return all(abs(x - y) <= 1e-3 * max(1.0, abs(x), abs(y))
               for x, y in zip(*mats))


print("| kernel | M x N x K | plain -O3 | -polly | raise | raise 2 threads | raise blas "
      "| OpenBLAS | raise / OpenBLAS | raise / plain | 2 threads / raise "
      "| blas / OpenBLAS | raise == plain | 2 threads == plain | blas ~ plain |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for (v, m, n, k), r in rows.items():
    p, po, ra, th, bl, ob = (r[c][0] for c in configs)
    same = "yes" if r["raise"][1] == r["plain"][1] else "NO"
    same_threads = "yes" if r["threads"][1] == r["plain"][1] else "NO"
    near = "yes" if close(v, m, n, k) else "NO"
    print("| %s | %sx%sx%s | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.2f | %.1f "
          "| %.2f | %.2f | %s | %s | %s |"
          % (v, m, n, k, p, po, ra, th, bl, ob, ra / ob, ra / p, th / ra,
             bl / ob, same, same_threads, near))
PY
