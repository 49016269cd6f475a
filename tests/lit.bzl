"""lit_suite: the lit tests of one directory, run as one Bazel test target."""

# Tools every suite may use, by the name lit.cfg.py knows them.
_TOOLS = {
    "FileCheck": "@llvm//:FileCheck",
    "clang": "@llvm//:clang",
    "count": "@llvm//:count",
    "flang": "@llvm//:flang",
    "mlir-translate": "@llvm//:mlir-translate",
    "not": "@llvm//:not",
    "opt": "@llvm//:opt",
    "plugin": "//plugin:libraise.so",
    "raise-opt": "//mlir-passes/tools:raise-opt",
}

def lit_suite(name, srcs, data = [], **kwargs):
    """Runs the lit tests `srcs` of the calling package's directory."""
    native.sh_test(
        name = name,
        srcs = ["//tests:lit.sh"],
        args = ["$(rootpath @llvm//:lit)", native.package_name()] + [
            "%s=$(rootpath %s)" % (tool, label)
            for tool, label in sorted(_TOOLS.items())
        ],
        data = srcs + data + ["//tests:lit.cfg.py", "@llvm//:lit"] + sorted(_TOOLS.values()),
        **kwargs
    )
