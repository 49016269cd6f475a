#!/bin/sh
# compile-twice.sh DIR COMPILER [FLAG...] -- SOURCE...
# Compiles every SOURCE twice to an object file in DIR with COMPILER and the
# flags (which must include -c) and fails unless the two objects are the same
# bytes, naming each source that differs.
set -e
dir=$1
shift
compiler=
while [ "$1" != "--" ]; do
  compiler="$compiler '$1'"
  shift
done
shift
mkdir -p "$dir"
status=0
for source in "$@"; do
  object=$dir/$(basename "$source" | sed 's/\.[^.]*$//')
  eval "$compiler" '"$source"' -o '"$object.1.o"'
  eval "$compiler" '"$source"' -o '"$object.2.o"'
  if ! cmp -s "$object.1.o" "$object.2.o"; then
    echo "$source: two compiles give different objects"
    status=1
  fi
done
echo "$# sources compiled twice"
exit $status
