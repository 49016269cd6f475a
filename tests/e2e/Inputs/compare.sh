#!/bin/sh
# compare.sh TMP SIZE: runs TMP.plain (the test program built without the
# plugin), TMP.raise (with it, default mode) and TMP.roundtrip (with it and
# -raise-roundtrip) with argument SIZE and fails unless all three exit
# successfully and print the same bytes. Outputs stay in TMP.*.SIZE.out.
set -e
tmp=$1
size=$2
"$tmp.plain" "$size" > "$tmp.plain.$size.out"
for build in raise roundtrip; do
  "$tmp.$build" "$size" > "$tmp.$build.$size.out"
  if ! cmp -s "$tmp.plain.$size.out" "$tmp.$build.$size.out"; then
    echo "size $size: the $build build prints something else:"
    diff -u "$tmp.plain.$size.out" "$tmp.$build.$size.out" || true
    exit 1
  fi
done
