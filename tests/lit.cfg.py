# lit configuration shared by raise's suites (plugin, mlir-passes, ...).
#
# Tools come in as --param NAME=PATH from tests/lit.sh, which Bazel runs with
# paths into its runfiles, so no test knows where bazel-bin is.

import os
import subprocess
import tempfile

import lit.formats

config.name = "raise"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".f90", ".ll", ".mlir", ".test"]
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
flang = tool("flang")
opt = tool("opt")

# `bazel test --config=verify-each` (and --config=asan): LLVM's verifier runs
# after every pass of every clang and opt the tests run, so invalid IR fails
# the test where it appears. Clang takes the flag from the environment, which
# also reaches the compilers that scripts such as fuzz.py start.
opt_flags = ""
if os.environ.get("RAISE_VERIFY_EACH"):
    config.environment["CCC_OVERRIDE_OPTIONS"] = "# +-Xclang +-llvm-verify-each"
    opt_flags = " -verify-each"

# `bazel test --config=asan`: the plugin and raise-opt carry AddressSanitizer
# and UBSan; clang-22 and opt, which load the plugin, do not, so the shared
# runtime is preloaded into every command. LLVM keeps global state alive until
# exit, hence no leak report.
if os.environ.get("RAISE_SANITIZER") == "address":
    config.environment["LD_PRELOAD"] = subprocess.run(
        [clang, "-print-file-name=libclang_rt.asan-x86_64.so"],
        check=True, capture_output=True, text=True).stdout.strip()
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1"

# Code a test runs is built for x86-64-v3 (AVX2, FMA), which every machine
# this project runs on executes, so that no expectation depends on the host
# (-march=native turns a _Float16 nest into a GEMM where the CPU has FP16).
# Tests about one target's code pin their own -march and only compile.
config.run_march = "-march=x86-64-v3"
config.substitutions.append(("%run-march", config.run_march))


def host_flags():
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


# Code built for AVX-512 (-march=x86-64-v4) runs only where the host has it
# (every Intel Xeon and AMD Zen 4 or 5 this project meets; not Zen 3): the
# tests of the AVX-512 kernels `REQUIRES: host-x86-64-v4` and are unsupported
# elsewhere. What they expect is the same on every such host.
if {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"} <= host_flags():
    config.available_features.add("host-x86-64-v4")
config.substitutions.append(("%plugin", plugin))
# %clang compiles like a user's build would; tests add -fpass-plugin=%plugin.
config.substitutions.append(("%clang", clang))
config.substitutions.append(("%flang", flang))
# %opt has the plugin loaded, so `%opt -passes=raise` runs the pass.
config.substitutions.append(("%opt", "%s -load-pass-plugin=%s%s" % (opt, plugin, opt_flags)))

# FileCheck, not, count, mlir-translate and raise-opt are found on PATH, as in
# LLVM's suites.
path = [
    os.path.dirname(tool(name))
    for name in ("FileCheck", "not", "count", "mlir-translate", "raise-opt")
]
config.environment["PATH"] = os.pathsep.join(path + [os.environ.get("PATH", "/usr/bin:/bin")])
# Keep remarks and diagnostics in a fixed language for FileCheck.
config.environment["LC_ALL"] = "C"
