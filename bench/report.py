#!/usr/bin/env python3
"""Turns the outputs of one bench/suite.sh run into the README's tables and plot.

    report.py OUT RESULTS

OUT holds, per configuration C: C.darknet, C.suite and C.cnn (the lines the
three benchmark programs print), C.compile (one "<source> <seconds>" line per
compiled source) and, for plain, blas and openblas, the result arrays the
programs dumped (C.<kernel>.bin). Writes RESULTS/suite.md (the tables, also
printed) and RESULTS/suite.png (GFLOP/s per kernel and configuration).
"""

import array
import os
import sys

CONFIGS = ["plain", "polly", "raise", "threads", "blas", "openblas"]
TITLES = {
    "plain": "-O3",
    "polly": "-polly",
    "raise": "raise",
    "threads": "raise 2 threads",
    "blas": "raise blas",
    "openblas": "OpenBLAS",
}
# Reordered sums (BLAS) must agree with plain -O3 within this, relative to
# the largest magnitude in the result (a normwise bound).
TOLERANCE = 1e-3


def read_rows(out):
    """{(kernel, shape): {config: (gflops, checksum)}} in first-seen order."""
    rows = {}
    for config in CONFIGS:
        with open(os.path.join(out, config + ".darknet")) as f:
            for line in f:
                v, m, n, k, gf, h = line.split()
                key = (v, "%sx%sx%s" % (m, n, k))
                rows.setdefault(key, {})[config] = (float(gf), h)
        with open(os.path.join(out, config + ".suite")) as f:
            for line in f:
                name, shape, gf, h = line.rstrip("\n").split("\t")
                rows.setdefault((name, shape), {})[config] = (float(gf), h)
        with open(os.path.join(out, config + ".cnn")) as f:
            _, seconds, gf, h = f.read().split()
            key = ("CNN forward pass", "3x160x160, 7 layers")
            rows.setdefault(key, {})[config] = (float(gf), h)
    return rows


def dump_name(kernel, shape):
    if kernel.startswith("gemm_"):
        return "%s.%s.bin" % (kernel, shape)
    if kernel == "CNN forward pass":
        return "cnn.bin"
    return kernel + ".bin"


def within_tolerance(out, config, kernel, shape):
    """The config's dumped result agrees with plain -O3's (normwise)."""
    name = dump_name(kernel, shape)
    values = []
    for c in ["plain", config]:
        with open(os.path.join(out, "%s.%s" % (c, name)), "rb") as f:
            data = f.read()
        a = array.array("d" if kernel == "dgemm" else "f")
        a.frombytes(data)
        values.append(a)
    scale = max(1e-30, max(abs(x) for x in values[0]))
    error = max(abs(x - y) for x, y in zip(*values))
    return error <= TOLERANCE * scale


def ratio(a, b):
    if not b:
        return "-"
    r = a / b
    return "%.2f" % r if r < 10 else "%.0f" % r if r >= 100 else "%.1f" % r


def tables(out, rows):
    lines = []
    head = ["kernel", "size"] + [TITLES[c] for c in CONFIGS] + [
        "raise / OpenBLAS", "raise / -O3", "raise / -polly",
        "2 threads / raise", "raise exact", "blas within 1e-3"]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * len(head))
    for (kernel, shape), r in rows.items():
        gf = {c: r[c][0] for c in CONFIGS}
        exact = all(r[c][1] == r["plain"][1] for c in ["raise", "threads"])
        blas_ok = (r["blas"][1] == r["plain"][1]
                   or within_tolerance(out, "blas", kernel, shape))
        cells = [kernel, shape] + ["%.1f" % gf[c] for c in CONFIGS] + [
            ratio(gf["raise"], gf["openblas"]),
            ratio(gf["raise"], gf["plain"]),
            ratio(gf["raise"], gf["polly"]),
            ratio(gf["threads"], gf["raise"]),
            "yes" if exact else "**NO**",
            "yes" if blas_ok else "**NO**"]
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    sources = []
    times = {}
    for config in CONFIGS:
        with open(os.path.join(out, config + ".compile")) as f:
            for line in f:
                source, seconds = line.split()
                if source not in sources:
                    sources.append(source)
                times[(config, source)] = float(seconds)
    lines.append("| compile CPU time (s) | " +
                 " | ".join(TITLES[c] for c in CONFIGS) + " |")
    lines.append("|" + "---|" * (len(CONFIGS) + 1))
    for source in sources:
        lines.append("| %s | " % source + " | ".join(
            "%.2f" % times[(c, source)] if (c, source) in times else "-"
            for c in CONFIGS) + " |")
    return "\n".join(lines) + "\n"


def plot(rows, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = ["%s %s" % k if k[0].startswith("gemm_") else k[0]
              for k in rows]
    fig, ax = plt.subplots(figsize=(max(10, 0.55 * len(labels)), 5.5))
    width = 0.8 / len(CONFIGS)
    for i, config in enumerate(CONFIGS):
        xs = [j + (i - len(CONFIGS) / 2 + 0.5) * width
              for j in range(len(labels))]
        ax.bar(xs, [r[config][0] for r in rows.values()], width,
               label=TITLES[config])
    ax.set_yscale("log")
    ax.set_ylabel("GFLOP/s (log scale)")
    ax.set_xticks(range(len(labels)))
    ax.set_xticklabels(labels, rotation=60, ha="right", fontsize=8)
    ax.legend(ncol=3, fontsize=8)
    ax.set_title("raise benchmark suite, one run (higher is better)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main():
    out, results = sys.argv[1], sys.argv[2]
    os.makedirs(results, exist_ok=True)
    rows = read_rows(out)
    text = tables(out, rows)
    with open(os.path.join(results, "suite.md"), "w") as f:
        f.write(text)
    sys.stdout.write(text)
    plot(rows, os.path.join(results, "suite.png"))


if __name__ == "__main__":
    main()
