#!/bin/sh
# compare.sh TMP SIZE: runs TMP.plain and TMP.raise (the test program built
# without and with the plugin) with argument SIZE and fails unless both exit
# successfully and print the same bytes. Outputs stay in TMP.{plain,raise}.SIZE.out.
set -e
tmp=$1
size=$2
"$tmp.plain" "$size" > "$tmp.plain.$size.out"
"$tmp.raise" "$size" > "$tmp.raise.$size.out"
if ! cmp -s "$tmp.plain.$size.out" "$tmp.raise.$size.out"; then
  echo "size $size: the build with the plugin prints something else:"
  diff -u "$tmp.plain.$size.out" "$tmp.raise.$size.out" || true
  exit 1
fi
