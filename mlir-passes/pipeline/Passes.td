//===- Passes.td - The region pipeline of raise ------------*- tablegen -*-===//
//
// The pass that runs a region's whole MLIR path; mlir-tblgen
// -gen-pass-decls turns it into Passes.h.inc.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_PIPELINE_PASSES_TD
#define RAISE_MLIR_PASSES_PIPELINE_PASSES_TD

include "mlir/Pass/PassBase.td"

def RaisePipeline : Pass<"raise-pipeline", "ModuleOp"> {
  let summary = "Run a region's whole path: affine loops to the LLVM dialect";
  let description = [{
    What the plugin runs on each region it imports, as one pass, so that
    `raise-opt --raise-pipeline='...'` on a `-raise-dump=affine` file gives
    the module the plugin produced (`-raise-dump=llvm`), byte for byte. The
    affine dump's first line spells the options the plugin used.

    The stages, each a pass pipeline of its own: prepare (scalar
    forwarding, canonicalization); raise every function's loop nests with
    the tactics; reorder matrix chains where reassociation is allowed;
    where something was raised (or with `lower-unraised`), lower to the
    LLVM dialect: with `lowering=blas`, what CBLAS can compute becomes
    calls first (only where reassociation is allowed), then the tuned
    kernels for the target the `target-*` options describe; with
    `lowering=loops`, plain loops in the source's order. Where nothing was
    raised and `lower-unraised` is off, the module is left in the affine
    and linalg dialects.
  }];
  let options = [
    Option<"lowering", "lowering", "std::string", /*default=*/"\"tuned\"",
           "How raised code is lowered: tuned, blas or loops">,
    Option<"targetTriple", "target-triple", "std::string",
           /*default=*/"\"x86_64-unknown-linux-gnu\"",
           "Target triple of the code (selects the target description)">,
    Option<"targetCpu", "target-cpu", "std::string", /*default=*/"\"\"",
           "Target CPU of the code, as the function's target-cpu">,
    Option<"targetFeatures", "target-features", "std::string",
           /*default=*/"\"\"",
           "Target features of the code, as the function's target-features "
           "(+avx2,+fma,...)">,
    ListOption<"tacticFiles", "tactics", "std::string",
               "Tactics files tried before the built-in tactics">,
    Option<"allowReassoc", "allow-reassoc", "bool", /*default=*/"false",
           "Allow rewrites that reorder floating-point arithmetic (matrix "
           "chains, BLAS calls)">,
    Option<"threads", "threads", "int64_t", /*default=*/"0",
           "Run the GEMM kernels on this many OpenMP threads (0: "
           "sequential; -1: as many as the runtime chooses)">,
    Option<"mc", "mc", "int64_t", /*default=*/"0",
           "Rows of the GEMM's A block (0: cache model)">,
    Option<"kc", "kc", "int64_t", /*default=*/"0",
           "Depth of the GEMM's k block (0: cache model)">,
    Option<"nc", "nc", "int64_t", /*default=*/"0",
           "Columns of the GEMM's B block (0: cache model)">,
    Option<"genericAlloc", "generic-alloc", "bool", /*default=*/"false",
           "Allocate buffers through MLIR's generic allocation functions "
           "(the plugin's buffer cache)">,
    Option<"runtimeCaches", "runtime-caches", "bool", /*default=*/"false",
           "Size the GEMM's cache blocks at run time from the running "
           "core's caches (raise.cache.v2, which the plugin defines)">,
    Option<"cacheQuery", "cache-query", "bool", /*default=*/"false",
           "The generated code may read the running core's caches and "
           "vendor (raise.cache.v2, which the plugin defines) where a "
           "choice depends on them (the matvec's kernel, the GEMM packs' "
           "prefetch hint)">,
    Option<"interchangeReductions", "interchange-reductions", "bool",
           /*default=*/"true",
           "Move sums' loops outside loops of independent iterations "
           "where no tactic raised them (raise-interchange-reductions)">,
    Option<"lowerUnraised", "lower-unraised", "bool", /*default=*/"false",
           "Lower to the LLVM dialect even where nothing was raised">,
  ];
  let statistics = [
    Statistic<"numNestsRaised", "nests-raised",
              "Loop nests in which something was raised">,
    Statistic<"numLowered", "lowered", "Modules lowered to the LLVM dialect">,
  ];
}

#endif // RAISE_MLIR_PASSES_PIPELINE_PASSES_TD
