# Sourced by bench/styles.sh and bench/real.sh.
# version_that_ran VERSIONS PATTERN...: which version of the regions whose
# -raise-report-versions lines (in the file VERSIONS) contain one of the
# fixed strings PATTERN ran, summed over all those regions and runs: "raised
# code", "original loops" (a run-time check failed), both with their counts,
# or "none (not spliced)"; where an IR preparation's check sent a nest to
# its original loops, why (the report's line of its own).
version_that_ran() {
  local versions=$1 ran fell why version
  shift
  local patterns=()
  for p in "$@"; do patterns+=(-e "$p"); done
  read -r ran fell < <(grep -F "${patterns[@]}" "$versions" |
    sed -E 's/.*raised code ran ([0-9]+) times, original loops ([0-9]+) times/\1 \2/' |
    awk '{r += $1; o += $2} END {print r + 0, o + 0}') || true
  if ((ran > 0 && fell > 0)); then
    version="raised code $ran, original loops $fell"
  elif ((ran > 0)); then
    version="raised code"
  elif ((fell > 0)); then
    version="original loops"
  else
    version="none (not spliced)"
  fi
  why=$(grep -F "${patterns[@]}" "$versions" |
    sed -nE 's/.* of those runs of the original loops because (.*)/\1/p' |
    sort -u | paste -sd';' -) || true
  [[ -z $why ]] || version="$version: $why"
  echo "$version"
}
