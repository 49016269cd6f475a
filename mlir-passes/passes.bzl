"""pass_declarations: a stage's Passes.td as the Passes.h.inc it includes."""

def pass_declarations(group):
    """Runs mlir-tblgen -gen-pass-decls on the calling package's Passes.td.

    Args:
      group: the pass group's name (-name), which names the generated
        register<group>Passes function.
    """
    native.genrule(
        name = "passes_inc_gen",
        srcs = ["Passes.td"],
        outs = ["Passes.h.inc"],
        cmd = ("$(location @llvm//:mlir-tblgen) -gen-pass-decls -name %s " +
               "-I /usr/lib/llvm-22/include $(location Passes.td) -o $@") % group,
        tools = ["@llvm//:mlir-tblgen"],
    )
