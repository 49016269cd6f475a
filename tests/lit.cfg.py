# lit configuration shared by raise's suites (plugin, mlir-passes, ...).
#
# Tools come in as --param NAME=PATH from tests/lit.sh, which Bazel runs with
# paths into its runfiles, so no test knows where bazel-bin is.

import os
import tempfile

import lit.formats

config.name = "raise"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".ll", ".mlir", ".test"]
# Helper scripts next to the tests are not tests.
config.excludes = ["Inputs", "BUILD.bazel", "fuzz.py"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.environ.get("TEST_TMPDIR") or tempfile.mkdtemp()


def tool(name):
    path = lit_config.params.get(name)
    if not path:
        lit_config.fatal("missing --param %s=PATH (run the suites with bazel test)" % name)
    return os.path.abspath(path)


plugin = tool("plugin")
clang = tool("clang")
opt = tool("opt")

config.substitutions.append(("%plugin", plugin))
# %clang compiles like a user's build would; tests add -fpass-plugin=%plugin.
config.substitutions.append(("%clang", clang))
# %opt has the plugin loaded, so `%opt -passes=raise` runs the pass.
config.substitutions.append(("%opt", "%s -load-pass-plugin=%s" % (opt, plugin)))

# FileCheck, not, count, mlir-translate and raise-opt are found on PATH, as in
# LLVM's suites.
path = [
    os.path.dirname(tool(name))
    for name in ("FileCheck", "not", "count", "mlir-translate", "raise-opt")
]
config.environment["PATH"] = os.pathsep.join(path + [os.environ.get("PATH", "/usr/bin:/bin")])
# Keep remarks and diagnostics in a fixed language for FileCheck.
config.environment["LC_ALL"] = "C"
