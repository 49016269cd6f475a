#!/usr/bin/env python3
"""Writes a corpus program too large to keep in the tree to standard output.

usage: gen.py deep DEPTH    a loop nest DEPTH deep (a DEPTH-dimensional
                            accumulation with a permuted read)
       gen.py stmts COUNT   one SCoP of COUNT loops, each a statement, each
                            reading what the one before it wrote

Both programs use the e2e harness (harness.h): `prog N` runs test(N).
"""

import sys


def deep(depth):
    iv = ["i%d" % d for d in range(depth)]
    # Row-major subscripts over extent e, the read with the loops reversed.
    def linear(ivs):
        expr = ivs[0]
        for v in ivs[1:]:
            expr = "(%s) * e + %s" % (expr, v)
        return expr

    lines = ["__attribute__((noinline)) void deep(long e, float *y, const float *x) {"]
    for d, v in enumerate(iv):
        lines.append("  " * (d + 1) + "for (long %s = 0; %s < e; ++%s)" % (v, v, v))
    lines.append("  " * (depth + 1) + "y[%s] += 0.5f * x[%s];" % (linear(iv), linear(iv[::-1])))
    lines.append("}")
    lines.append("""
static void test(int n) {
  int e = n / 8;
  size_t count = 1;
  for (int d = 0; d < %d; ++d)
    count *= e;
  float *x = random_floats(count, 1);
  float *y = random_floats(count, 2);
  deep(e, y, x);
  print_floats("y", y, count);
}""" % depth)
    return lines


def stmts(count):
    lines = ["__attribute__((noinline)) void chain(int n, float *a, const float *b) {"]
    for k in range(count):
        lines.append("  for (int i = 0; i < n; ++i)")
        lines.append("    a[%d * n + i] = a[%d * n + i] * %d.0f + b[i];" % (k + 1, k, k % 7 + 1))
    lines.append("}")
    lines.append("""
static void test(int n) {
  float *a = random_floats((size_t)%d * n, 1);
  float *b = random_floats(n, 2);
  chain(n, a, b);
  print_floats("a", a, (size_t)%d * n);
}""" % (count + 1, count + 1))
    return lines


def main(kind, size):
    body = {"deep": deep, "stmts": stmts}[kind](int(size))
    print('#include "harness.h"\n')
    print("\n".join(body))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])
