#!/usr/bin/env python3
"""Checks that raise's folders depend on each other only in the allowed
directions, in their #includes and in their BUILD.bazel dependencies.

Bazel cannot enforce this by itself: @llvm//:MLIR depends on @llvm//:LLVM,
which exports every LLVM header, so any file that may include an MLIR header
could include an LLVM IR or Polly one too. The rules here are the layering of
docs/ARCHITECTURE.md:

  - mlir-passes/ never sees LLVM IR, LLVM's analyses and transforms, Polly or
    isl, and none of translate/, delinearize/, plugin/;
  - its stages go one way: tactics < raising < lowering < pipeline < tools
    (a stage includes and depends on its own and earlier stages only);
  - the tactics language and the target description use no MLIR at all;
  - delinearize/ never sees MLIR, translate/, mlir-passes/ or plugin/;
  - translate/ never sees mlir-passes/ or plugin/.

Usage: check-layering.py ROOT. Prints one line per violation, naming the
file, line and the forbidden edge, and exits 1 if there is any.
"""

import os
import re
import sys

# Folders of mlir-passes/ in the order of the pipeline; a folder may use its
# own and earlier stages. lowering/target belongs to lowering.
STAGES = [
    "mlir-passes/tactics",
    "mlir-passes/raising",
    "mlir-passes/lowering",
    "mlir-passes/pipeline",
    "mlir-passes/tools",
]

LLVM_IR = ["llvm/IR/", "llvm/Analysis/", "llvm/Transforms/", "llvm/Passes/",
           "llvm/Linker/", "llvm/CodeGen/", "polly/", "isl/"]
NO_MLIR = ["mlir/"]

# (folder, forbidden include prefixes, forbidden Bazel dependencies). A file
# is checked against every rule whose folder contains it.
RULES = [
    ("mlir-passes", LLVM_IR + ["translate/", "delinearize/", "plugin/"],
     ["@llvm//:Polly", "//translate", "//delinearize", "//plugin"]),
    ("mlir-passes/tactics", NO_MLIR, ["@llvm//:MLIR"]),
    ("mlir-passes/lowering/target", NO_MLIR, ["@llvm//:MLIR"]),
    ("delinearize", NO_MLIR + ["mlir-passes/", "translate/", "plugin/"],
     ["@llvm//:MLIR", "//mlir-passes", "//translate", "//plugin"]),
    ("translate", ["mlir-passes/", "plugin/"], ["//mlir-passes", "//plugin"]),
]

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')
LABEL = re.compile(r'"(@llvm//:[A-Za-z_]+|//[^":]*)(?::[^"]*)?"')


def within(path, folder):
    return path == folder or path.startswith(folder + "/")


def stage_of(path):
    """The index in STAGES of the stage holding `path`, or None."""
    for i, stage in enumerate(STAGES):
        if within(path, stage):
            return i
    return None


def check_edge(source, target, is_include, report):
    """Reports why `source` may not use `target`, an include path or label."""
    for folder, includes, deps in RULES:
        if not within(source, folder):
            continue
        forbidden = includes if is_include else deps
        for prefix in forbidden:
            if target.startswith(prefix) and (
                    is_include or target == prefix or
                    target.startswith(prefix + "/") or
                    target.startswith(prefix + ":")):
                report("%s may not use %s" % (folder, prefix.rstrip("/")))
                return
    used = target[2:] if target.startswith("//") else target
    here, there = stage_of(source), stage_of(used)
    if here is not None and there is not None and there > here:
        report("%s may not use the later stage %s" % (STAGES[here],
                                                       STAGES[there]))


def resolve(root, source, included):
    """The include as a path from `root`: a file beside `source` (or below
    its folder) if there is one, else the path as written."""
    beside = os.path.normpath(os.path.join(os.path.dirname(source), included))
    if os.path.exists(os.path.join(root, beside)):
        return beside
    return included


def check_file(root, path, violations):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        lines = f.readlines()
    is_build = os.path.basename(path) == "BUILD.bazel"
    for number, line in enumerate(lines, 1):
        def report(why):
            violations.append("%s:%d: %s (%s)" % (path, number, why,
                                                  line.strip()))
        if is_build:
            if line.lstrip().startswith("#"):
                continue
            for label in LABEL.findall(line):
                check_edge(path, label, False, report)
            continue
        match = INCLUDE.match(line)
        if match:
            check_edge(path, resolve(root, path, match.group(1)), True, report)


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: check-layering.py ROOT\n")
        return 2
    root = argv[1]
    folders = {rule[0] for rule in RULES} | set(STAGES)
    files = []
    for folder in sorted(folders):
        found = 0
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, folder)):
            dirnames.sort()
            for name in sorted(filenames):
                if name == "BUILD.bazel" or name.endswith((".h", ".cpp", ".td")):
                    files.append(os.path.relpath(os.path.join(dirpath, name),
                                                 root))
                    found += 1
        # A folder that is missing (or a test that was not given its files)
        # would otherwise pass without being checked.
        if not found:
            sys.stderr.write("check-layering.py: no sources under %s\n" %
                             os.path.join(root, folder))
            return 2
    violations = []
    for path in sorted(set(files)):
        check_file(root, path, violations)
    for v in violations:
        print(v)
    print("checked %d files: %d violations" % (len(set(files)),
                                               len(violations)))
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
