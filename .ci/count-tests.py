#!/usr/bin/env python3
"""Counts the test cases of one or more `bazel test` runs.

usage: count-tests.py BAZEL_OUTPUT_LOG TESTLOGS_DIR [BAZEL_OUTPUT_LOG TESTLOGS_DIR ...]

Reads the per-target summary lines of each log; for every target that ran, its
test.xml (lit's xunit output or GoogleTest's XML) gives one result per test
case. A target that did not run (failed to build, no status) is one failure.
Prints `N passed, N failed` over all runs and exits non-zero if anything
failed or nothing ran.
"""

import os
import re
import sys
import xml.etree.ElementTree as ET

SUMMARY = re.compile(r"^(//\S+)\s+(?:\(cached\)\s+)?(PASSED|FAILED|FAILED TO BUILD|NO STATUS|TIMEOUT|FLAKY|INCOMPLETE|SKIPPED)\b")


def count_xml(path):
    passed = failed = 0
    for case in ET.parse(path).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.find("skipped") is None and case.get("status", "run") == "run":
            passed += 1
    return passed, failed


def count_run(log_path, testlogs):
    passed = failed = 0
    with open(log_path, errors="replace") as log:
        for line in log:
            m = SUMMARY.match(line)
            if not m:
                continue
            target, status = m.groups()
            xml = os.path.join(testlogs, target[2:].replace(":", "/"), "test.xml")
            if status in ("PASSED", "FAILED", "FLAKY", "TIMEOUT") and os.path.exists(xml):
                p, f = count_xml(xml)
                if status != "PASSED" and f == 0:
                    f = 1  # the target failed although no case says so
                passed += p
                failed += f
            else:
                failed += 1
    return passed, failed


def main(args):
    if not args or len(args) % 2:
        sys.exit(__doc__)
    passed = failed = 0
    for log_path, testlogs in zip(args[::2], args[1::2]):
        p, f = count_run(log_path, testlogs)
        passed += p
        failed += f
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
