# Sourced by the bench scripts. build_plugin: builds the plugin with the
# project's Bazel (BAZEL_OUTPUT_BASE=/path to use another output base) and
# sets `plugin` to its path; RAISE_PLUGIN=/path/libraise.so uses that build
# instead (a copy kept while the tree is being edited).
build_plugin() {
  if [[ -n ${RAISE_PLUGIN:-} ]]; then
    plugin=$RAISE_PLUGIN
    [[ -f $plugin ]] || { echo "bench: no plugin at $plugin" >&2; exit 2; }
    return
  fi
  local bazel=(bazel ${BAZEL_OUTPUT_BASE:+--output_base=$BAZEL_OUTPUT_BASE})
  "${bazel[@]}" build --symlink_prefix=/ //plugin:libraise.so >&2
  plugin=$("${bazel[@]}" info bazel-bin 2>/dev/null)/plugin/libraise.so
}
