# Sourced by the bench scripts. build_plugin: builds the plugin with the
# project's Bazel (BAZEL_OUTPUT_BASE=/path to use another output base) and
# sets `plugin` to its path.
build_plugin() {
  local bazel=(bazel ${BAZEL_OUTPUT_BASE:+--output_base=$BAZEL_OUTPUT_BASE})
  "${bazel[@]}" build --symlink_prefix=/ //plugin:libraise.so >&2
  plugin=$("${bazel[@]}" info bazel-bin 2>/dev/null)/plugin/libraise.so
}
