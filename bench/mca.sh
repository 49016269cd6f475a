#!/usr/bin/env bash
# The tuned GEMM's micro-kernel under llvm-mca's models of the cores raise
# is measured on, for the cores a session does not have: the k loop of a
# raised GEMM (the innermost loop with the most vector FMAs), compiled once
# for the ISA (the object is the same whichever machine compiles it), and
# for each core the cycles per k step llvm-mca models against the bound of
# its FMA units (two 512-bit units on Sapphire Rapids and Zen 5, one on Zen
# 4, whose 512-bit FMAs take both of its 256-bit pipes; two for 256-bit
# vectors on all three).
#
#   bench/mca.sh [SOURCE] [FUNCTION] [-march]
#
# SOURCE defaults to examples/gemm.c, FUNCTION to gemm_nn, -march to
# x86-64-v4. llvm-mca models one 512-bit FMA per cycle on all three cores
# (2026-11: the second unit of Sapphire Rapids and Zen 5 is not modeled),
# so its cycles rank instruction mixes, not the cores.
#   RAISE_PLUGIN=/path/libraise.so or BAZEL_OUTPUT_BASE=/path as for the others
set -euo pipefail
cd "$(dirname "$0")/.."

source=${1:-examples/gemm.c}
function=${2:-gemm_nn}
march=${3:-x86-64-v4}
[[ -f $source ]] || { echo "bench: no $source" >&2; exit 2; }

# shellcheck source=bench/plugin.sh
source bench/plugin.sh
build_plugin
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

clang-22 -O3 -march="$march" -fpass-plugin="$plugin" -S "$source" \
  -o "$out/kernel.s"
# The loop: from a label of the raised function to the branch back to it,
# the innermost (no label inside) with the most FMAs, of those the shortest
# (the first column of tiles runs a copy that also prefetches A).
python3 - "$out/kernel.s" "$function.raise." >"$out/loop.s" <<'EOF'
import re, sys
lines = open(sys.argv[1]).read().split('\n')
prefix = sys.argv[2]
inside, body, best = False, [], None
for line in lines:
    name = re.match(r'^([^\s:#]+):', line)
    if name and not name.group(1).startswith('.'):
        inside = name.group(1).startswith(prefix)
    if inside:
        body.append(line)
labels = {}
for i, line in enumerate(body):
    m = re.match(r'^(\.LBB[0-9_]+):', line)
    if m:
        labels[m.group(1)] = i
for i, line in enumerate(body):
    m = re.match(r'^\s+j\w+\s+(\.LBB[0-9_]+)', line)
    if not m or m.group(1) not in labels or labels[m.group(1)] >= i:
        continue
    loop = body[labels[m.group(1)] + 1:i + 1]
    if any(re.match(r'^\.LBB', l) for l in loop):
        continue
    code = [l for l in loop if re.match(r'^\s+[a-z]', l) and
            not re.match(r'^\s+\.', l)]
    fmas = sum('vfmadd' in l or 'vfnmadd' in l for l in code)
    if fmas and (best is None or (fmas, -len(code)) > best[:2]):
        best = (fmas, -len(code), code)
if best is None:
    sys.exit('bench: no loop with vector FMAs in %s*' % prefix)
print('\n'.join(best[2]))
EOF
fmas=$(grep -c 'vfn\?madd' "$out/loop.s")
# Zen 4 issues one 512-bit FMA a cycle, two narrower ones.
zen4=1
grep -q '%zmm' "$out/loop.s" || zen4=2
insts=$(grep -c . "$out/loop.s")
echo "$function ($source, -march=$march): k loop of $insts instructions, $fmas vector FMAs"
echo
echo "| core | llvm-mca cycles per k step | FMA units | FMA bound (cycles) | bound / modeled |"
echo "|---|---|---|---|---|"
for core in sapphirerapids:2 znver4:$zen4 znver5:2; do
  cpu=${core%:*} units=${core#*:}
  cycles=$(llvm-mca-22 -mcpu="$cpu" -iterations=1000 "$out/loop.s" 2>/dev/null |
    awk '/^Total Cycles:/ { print $3 / 1000 }')
  awk -v c="$cpu" -v m="$cycles" -v u="$units" -v f="$fmas" 'BEGIN {
    printf "| %s | %.2f | %d | %.2f | %.0f%% |\n", c, m, u, f / u, 100 * f / u / m }'
done
