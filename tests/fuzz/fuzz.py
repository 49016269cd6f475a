#!/usr/bin/env python3
"""Differential fuzzing of raise on random loop nests.

Generates random, valid C kernels (1 to 5 nested loops; constant, parametric
and triangular bounds; unit and non-unit steps; linearized and multi-dimensional accesses with offsets
and transposes; float, double and int; reductions through local scalars;
conditions on induction variables; contractions mixed with statements that
must not be raised; calls with aliasing arguments), compiles each with
clang -O3 -march=x86-64-v3 (--opt, --march) without the plugin, with it, and with it and
-raise-roundtrip, runs all three on seeded data and compares the outputs bit
for bit. A mismatch, a compiler crash or a crashing program is a failure; the
failing program is kept in the work directory.

    fuzz.py --clang clang-22 --plugin bazel-bin/plugin/libraise.so \\
            --seed 1 --count 500 --workdir /tmp/raise-fuzz

--ld-types unsigned makes every linearized subscript unsigned arithmetic,
which wraps modulo 2^32 and so is raised only in a copy widened to 64 bits
behind a run-time check.
"""

import argparse
import os
import random
import re
import subprocess
import sys

SIZE = 40  # every array dimension; subscripts stay in [0, SIZE)
PARAM_MAX = 30  # run-time bounds n, m, p are at most this
OFFSET = 4  # subscripts are i + o + OFFSET with |o| <= 2, or transposes
IVS = ["i", "j", "k", "l", "q"]  # induction variables, outermost first

TYPES = {
    "float": ("float", "%a", "(float)"),
    "double": ("double", "%a", "(double)"),
    # Unsigned: signed overflow would be undefined and make runs incomparable.
    "int": ("unsigned", "%u", "(unsigned)"),
}


class Kernel:
    """One random kernel: arrays, loops and statements, printed as C."""

    def __init__(self, rng, ld_types, signs):
        self.rng = rng
        # Whether a product is subtracted from its output (`-=`): with
        # --subtract, drawn from a stream of its own so that each seed's
        # program is otherwise the one it is without; None: never.
        self.signs = signs
        self.type = rng.choice(["float", "double", "int", "float", "double"])
        self.linear = rng.random() < 0.5
        self.arrays = ["A", "B", "C", "D"][: rng.randint(2, 4)]
        # Leading dimensions as C code has them: int (Darknet), long, or
        # unsigned (the subscripts wrap modulo 2^32).
        self.ld_type = rng.choice(ld_types)
        self.lines = []

    def ivs(self, depth):
        return IVS[:depth]

    def subscript(self, ivs):
        """Two subscripts, each an induction variable (or constant) plus an
        offset that keeps it in bounds."""
        rng = self.rng
        subs = []
        for _ in range(2):
            if ivs and rng.random() < 0.9:
                base = rng.choice(ivs)
            else:
                base = str(rng.randint(0, 3))
            subs.append("%s + %d" % (base, OFFSET + rng.randint(-2, 2)))
        return subs

    def access(self, name, ivs):
        a, b = self.subscript(ivs)
        if self.linear:
            return "%s[(%s) * ld + (%s)]" % (name, a, b)
        return "%s[%s][%s]" % (name, a, b)

    def expr(self, ivs, depth=0):
        rng = self.rng
        r = rng.random()
        if depth > 2 or r < 0.35:
            return self.access(rng.choice(self.arrays), ivs)
        if r < 0.45:
            c = rng.choice(["2", "3", "-1", "0.5"]) if self.type != "int" else rng.choice(["2", "3", "-1"])
            return c
        if r < 0.55 and ivs and self.type != "int":
            return "(%s)%s" % (TYPES[self.type][0], rng.choice(ivs))
        if r < 0.6:
            return "alpha"
        op = rng.choice(["+", "-", "*", "*", "*"])
        return "(%s %s %s)" % (self.expr(ivs, depth + 1), op, self.expr(ivs, depth + 1))

    def bound(self, outer):
        rng = self.rng
        r = rng.random()
        if r < 0.3:
            return str(rng.randint(1, PARAM_MAX))
        if r < 0.75 or not outer:
            return rng.choice(["n", "m", "p"])
        return "%s + 1" % rng.choice(outer)  # triangular

    def statement(self, ivs, indent):
        rng = self.rng
        out = rng.choice(self.arrays)
        r = rng.random()
        if r < 0.35 and len(ivs) >= 3:
            # A contraction the tactics should raise: out(i,j) += X(i,k)*Y(k,j).
            a, b = rng.sample(self.arrays, 2) if len(self.arrays) > 2 else (self.arrays[0], self.arrays[1])
            c = [x for x in self.arrays if x not in (a, b)]
            out = c[0] if c else out
            i, k = ivs[0], ivs[-1]
            j = ivs[1] if len(ivs) > 2 else ivs[0]
            if self.linear:
                lhs = "%s[(%s + 4) * ld + (%s + 4)]" % (out, i, j)
                x = "%s[(%s + 4) * ld + (%s + 4)]" % (a, i, k)
                y = "%s[(%s + 4) * ld + (%s + 4)]" % (b, k, j)
            else:
                lhs = "%s[%s + 4][%s + 4]" % (out, i, j)
                x = "%s[%s + 4][%s + 4]" % (a, i, k)
                y = "%s[%s + 4][%s + 4]" % (b, k, j)
            scale = "alpha * " if rng.random() < 0.4 else ""
            op = "-=" if self.signs and self.signs.random() < 0.3 else "+="
            return ["%s%s %s %s%s * %s;" % (indent, lhs, op, scale, x, y)]
        if r < 0.4:
            return ["%s%s = %s;" % (indent, self.access(out, ivs), self.expr(ivs))]
        if r < 0.55 and len(ivs) >= 2:
            cond = "%s %s %s" % (ivs[0], rng.choice(["<", ">", "<=", ">="]), ivs[1])
            return ["%sif (%s)" % (indent, cond),
                    "%s  %s %s= %s;" % (indent, self.access(out, ivs), rng.choice(["+", "-", "*"]), self.expr(ivs))]
        return ["%s%s %s= %s;" % (indent, self.access(out, ivs), rng.choice(["+", "-", "*", "+"]), self.expr(ivs))]

    def nest(self, depth, outer, indent):
        rng = self.rng
        iv = IVS[len(outer)]
        step = rng.choice(["++%s" % iv] * 6 + ["%s += 2" % iv, "%s += 3" % iv])
        lines = ["%sfor (int %s = 0; %s < %s; %s) {" % (indent, iv, iv, self.bound(outer), step)]
        ivs = outer + [iv]
        inner = indent + "  "
        if depth > 1:
            if rng.random() < 0.3:
                lines += self.statement(ivs, inner)
            if rng.random() < 0.3 and len(ivs) >= 1:
                # Reduction through a local scalar.
                t = TYPES[self.type][0]
                lines.append("%s%s s = 0;" % (inner, t))
                sub = self.nest_reduction(ivs, inner)
                lines += sub
                lines.append("%s%s = s;" % (inner, self.access(rng.choice(self.arrays), ivs)))
            else:
                lines += self.nest(depth - 1, ivs, inner)
        else:
            for _ in range(rng.randint(1, 2)):
                lines += self.statement(ivs, inner)
        lines.append("%s}" % indent)
        return lines

    def nest_reduction(self, outer, indent):
        iv = IVS[len(outer)]
        ivs = outer + [iv]
        return ["%sfor (int %s = 0; %s < %s; ++%s)" % (indent, iv, iv, self.bound(outer), iv),
                "%s  s += %s;" % (indent, self.expr(ivs))]

    def element(self, name, a, b):
        if self.linear:
            return "%s[(%s + 4) * ld + (%s + 4)]" % (name, a, b)
        return "%s[%s + 4][%s + 4]" % (name, a, b)

    def contraction(self):
        """A GEMM in a random loop order and layout, with an optional scale,
        an optional C = 0 or C *= beta before it, or accumulated through a
        local scalar: what the tactics raise, and must raise exactly."""
        rng = self.rng
        out, x, y = self.arrays[-1], self.arrays[0], self.arrays[1 % (len(self.arrays) - 1)]
        A = self.element(x, *rng.choice([("i", "k"), ("k", "i")]))
        B = self.element(y, *rng.choice([("k", "j"), ("j", "k")]))
        C = self.element(out, "i", "j")
        bounds = {"i": "n", "j": "m", "k": "p"}
        lines = []
        init = rng.choice([None, "0", "beta"])
        if init:
            lines += ["  for (int i = 0; i < n; ++i)", "    for (int j = 0; j < m; ++j)",
                      "      %s %s;" % (C, "= 0" if init == "0" else "*= alpha")]
        scale = rng.choice(["", "alpha * "])
        # C -= A * B as well as C += A * B; through a local sum, either sign
        # in the sum or where it is added.
        op = final = "+="
        if self.signs:
            op, final = (self.signs.choice(["+=", "-="]),
                         self.signs.choice(["+=", "-="]))
        if rng.random() < 0.3:
            t = TYPES[self.type][0]
            lines += ["  for (int i = 0; i < n; ++i)", "    for (int j = 0; j < m; ++j) {",
                      "      %s s = 0;" % t,
                      "      for (int k = 0; k < p; ++k)",
                      "        s %s %s%s * %s;" % (op, scale, A, B),
                      "      %s %s s;" % (C, final), "    }"]
            return lines
        order = rng.sample(["i", "j", "k"], 3)
        for depth, iv in enumerate(order):
            lines.append("%sfor (int %s = 0; %s < %s; ++%s)"
                         % ("  " * (depth + 1), iv, iv, bounds[iv], iv))
        lines.append("%s%s %s %s%s * %s;" % ("  " * 4, C, op, scale, A, B))
        return lines

    def source(self):
        t = TYPES[self.type][0]
        if self.linear:
            params = ", ".join("%s *%s" % (t, a) for a in self.arrays)
        else:
            params = ", ".join("%s %s[][%d]" % (t, a, SIZE) for a in self.arrays)
        if self.rng.random() < 0.3:
            body = self.contraction()
        else:
            body = self.nest(self.rng.choice([1, 2, 2, 3, 3, 3, 4, 5]), [], "  ")
        return "\n".join([
            "__attribute__((noinline)) void kernel(int n, int m, int p, %s ld, %s alpha, %s) {"
            % (self.ld_type, t, params),
        ] + body + ["}"])


def program(seed, ld_types, subtract=False):
    rng = random.Random(seed)
    k = Kernel(rng, ld_types, random.Random(seed * 7907 + 1) if subtract else None)
    t, fmt, cast = TYPES[k.type]
    integer = k.type == "int"
    arrays = k.arrays
    # Aliasing calls: pass one array for two parameters, or an overlapping
    # shifted view, in some programs.
    alias = rng.random() < 0.25
    args = []
    for idx, a in enumerate(arrays):
        if alias and idx == len(arrays) - 1:
            args.append("(void *)(store[0] + %d)" % rng.choice([0, 1, SIZE]))
        else:
            args.append("(void *)store[%d]" % idx)
    main = """
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static %(t)s store[%(na)d][%(size)d * %(size)d + %(size)d];

int main(int argc, char **argv) {
  int n = atoi(argv[1]), m = atoi(argv[2]), p = atoi(argv[3]);
  uint64_t s = %(seed)d;
  for (int a = 0; a < %(na)d; ++a)
    for (int e = 0; e < %(size)d * %(size)d + %(size)d; ++e) {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      store[a][e] = %(cast)s((int64_t)(s >> 40) %% 17 - 8) / %(div)s;
    }
  kernel(n, m, p, %(size)d, %(alpha)s, %(args)s);
  uint64_t h = 1469598103934665603ull;
  const unsigned char *b = (const unsigned char *)store;
  for (size_t e = 0; e < sizeof store; ++e)
    h = (h ^ b[e]) * 1099511628211ull;
  printf("%%016llx\\n", (unsigned long long)h);
  return 0;
}
""" % {"t": t, "na": len(arrays), "size": SIZE, "seed": seed, "cast": cast,
       "div": "1" if integer else "4.0", "alpha": "3" if integer else "1.5",
       "args": ", ".join(args)}
    return "// fuzz.py seed %d\n%s\n%s" % (seed, k.source(), main)


def run(cmd, timeout=120):
    """Runs cmd; a command that hangs past the timeout counts as failing
    (exit status 124, as timeout(1) reports it) instead of ending the run."""
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(
            cmd, 124, "", "timed out after %d s: %s" % (timeout, " ".join(cmd)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clang", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--march", default="x86-64-v3")
    ap.add_argument("--opt", default="-O3",
                    help="the optimization level of all three builds "
                    "(-O2 and -Os leave guards on sizes inside nests)")
    ap.add_argument("--ld-types", default="int,long",
                    help="the types the leading dimension is drawn from "
                    "(int, long, unsigned)")
    ap.add_argument("--subtract", action="store_true",
                    help="let products be subtracted from their output "
                    "(C -= A * B) as well as added")
    args = ap.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    base = [args.clang, args.opt, "-march=" + args.march, "-w"]
    builds = {
        "plain": base,
        "raise": base + ["-fpass-plugin=" + args.plugin],
        "roundtrip": base + ["-fpass-plugin=" + args.plugin, "-mllvm", "-raise-roundtrip"],
    }
    failures = 0
    raised = spliced = 0
    for seed in range(args.seed, args.seed + args.count):
        src = os.path.join(args.workdir, "fuzz-%d.c" % seed)
        with open(src, "w") as f:
            f.write(program(seed, args.ld_types.split(","), args.subtract))
        outputs = {}
        ok = True
        for name, cmd in builds.items():
            exe = os.path.join(args.workdir, "fuzz-%d.%s" % (seed, name))
            c = run(cmd + ["-Rpass=raise", src, "-o", exe])
            if c.returncode != 0:
                print("seed %d: %s build failed:\n%s" % (seed, name, c.stderr[-2000:]))
                ok = False
                break
            if name == "raise":
                raised += len(re.findall(r"loop nest in kernel (?:\(where [^\n]*\) )?raised to ", c.stderr))
            if name == "roundtrip":
                spliced += c.stderr.count("SCoP in kernel spliced as ")
            rng = random.Random(seed * 7919)
            res = []
            for _ in range(2):
                sizes = [str(rng.randint(0, PARAM_MAX)) for _ in range(3)]
                r = run([exe] + sizes, timeout=60)
                if r.returncode != 0:
                    res.append("exit %d" % r.returncode)
                else:
                    res.append(r.stdout)
            outputs[name] = res
        if ok and not (outputs["plain"] == outputs["raise"] == outputs["roundtrip"]):
            print("seed %d: outputs differ: %s" % (seed, outputs))
            ok = False
        if not ok:
            failures += 1
            continue
        for name in builds:
            os.remove(os.path.join(args.workdir, "fuzz-%d.%s" % (seed, name)))
        os.remove(src)
    print("%d programs, %d failures; in the kernels %d nests raised, "
          "%d regions spliced with -raise-roundtrip"
          % (args.count, failures, raised, spliced))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
