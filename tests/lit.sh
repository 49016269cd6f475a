#!/usr/bin/env bash
# Runs one lit suite as a Bazel test.
#   lit.sh LIT SUITE_DIR NAME=PATH...
# Every NAME=PATH (paths relative to the runfiles tree) becomes `--param NAME=PATH`
# for lit.cfg.py. Results go to Bazel's XML_OUTPUT_FILE so that each lit test
# counts as one test case.
set -euo pipefail

lit=$1
suite=$2
shift 2

args=(-sv)
for pair in "$@"; do
  args+=(--param "${pair%%=*}=$PWD/${pair#*=}")
done
if [[ -n "${XML_OUTPUT_FILE:-}" ]]; then
  args+=(--xunit-xml-output "$XML_OUTPUT_FILE")
fi
exec python3 "$lit" "${args[@]}" "$suite"
