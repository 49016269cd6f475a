#!/usr/bin/env python3
"""close.py TOL EXPECTED ACTUAL: compares two outputs token by token.

Tokens that are hexadecimal floating-point numbers (printf's %a) must agree
within TOL relative to the larger magnitude, or TOL absolutely below 1:
|x - y| <= TOL * max(1, |x|, |y|). Every other token must be equal. Prints
the largest difference seen; fails on the first pair out of tolerance.
"""

import math
import sys


def number(token):
    try:
        return float.fromhex(token) if "0x" in token else None
    except ValueError:
        return None


def main():
    tol = float(sys.argv[1])
    expected = open(sys.argv[2]).read().split("\n")
    actual = open(sys.argv[3]).read().split("\n")
    if len(expected) != len(actual):
        sys.exit("%d lines expected, %d found" % (len(expected), len(actual)))
    worst = 0.0
    for line, (e, a) in enumerate(zip(expected, actual), 1):
        es, as_ = e.split(), a.split()
        if len(es) != len(as_):
            sys.exit("line %d: %r expected, %r found" % (line, e, a))
        for x, y in zip(es, as_):
            fx, fy = number(x), number(y)
            if fx is None or fy is None:
                if x != y:
                    sys.exit("line %d: %r expected, %r found" % (line, x, y))
                continue
            if math.isnan(fx) or math.isnan(fy):
                if not (math.isnan(fx) and math.isnan(fy)):
                    sys.exit("line %d: %r expected, %r found" % (line, x, y))
                continue
            diff = abs(fx - fy) / max(1.0, abs(fx), abs(fy))
            worst = max(worst, diff)
            if diff > tol:
                sys.exit("line %d: %r (%g) expected, %r (%g) found: "
                         "difference %g > %g" % (line, x, fx, y, fy, diff, tol))
    print("largest difference %g (tolerance %g)" % (worst, tol))


main()
