//===- Passes.h - Raising passes of raise -----------------------*- C++ -*-===//
//
// The raising stage: affine loop nests to linalg operations (tactics,
// TTGT, matrix chains) and the scalar forwarding that prepares for it.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_RAISING_PASSES_H
#define RAISE_MLIR_PASSES_RAISING_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
namespace raise {

struct Tactic;

/// One linalg operation that replaced (part of) a loop nest.
struct RaisedOp {
  std::string Tactic; ///< The tactic that matched, e.g. "GEMM_TB".
  std::string Op;     ///< "linalg.matmul", "linalg.generic", ...
  /// What else to know: "transposed B", "fmuladd body kept", "scaled".
  std::string Detail;
  /// The op only fills, copies or scales elements in place (no sum over a
  /// loop, no transposition): the original loops, vectorized, do as well.
  bool Elementwise = false;
  /// The pattern's indices with the trip counts of their loops, e.g.
  /// {"i", "arg3"}, {"j", "1024"}; function arguments are named argN.
  std::vector<std::pair<std::string, std::string>> Sizes;

  /// "linalg.matmul (GEMM_TB; transposed B), i x j x k = arg3 x arg5 x arg4".
  std::string str() const;
};

/// What happened to one outermost loop nest.
struct NestReport {
  Location Loc;         ///< The nest's outermost affine.for.
  std::string Function; ///< The enclosing function's name.
  /// What the nest was raised to; empty if it was left unchanged.
  std::vector<RaisedOp> Raised;
  /// For statements not raised: the tactic that came closest (may be
  /// empty when no tactic applied at all) and why it failed.
  std::string ClosestTactic;
  std::string Reason;
  /// The conditions on function arguments of the version of the nest this
  /// is (Polly versions nests on their parameters), e.g. "arg3 <= 0"; empty
  /// if the nest is not versioned.
  std::string Version;
  /// Nests with the same key are versions of one nest of the source: the
  /// same place among the nests of the branches of one top-level
  /// `affine.if` tree (a nest outside any version has a key of its own).
  /// Reports on a nest say why it is missed once, not once per version.
  std::pair<unsigned, unsigned> VersionKey;
  /// How many loops the nest has: of a nest's versions, the one with the
  /// most (not one where a size is zero) says why the nest is missed.
  unsigned NumLoops = 0;
  bool raised() const { return !Raised.empty(); }
};

using NestReportHandler = std::function<void(const NestReport &)>;

/// When a tactic whose builder is a TTGT program (transposes, reshapes and
/// one GEMM, see Ttgt.h) is raised that way rather than as one generic
/// contraction. Exactness is checked regardless of these.
struct TtgtOptions {
  bool Enable = true;
  /// Profitability: each of the GEMM's M, N and K, where known at compile
  /// time, must be at least this (the copies then cost a small fraction of
  /// the GEMM). Sizes known only at run time count as large.
  int64_t MinDim = 16;
};

/// Raises the outermost affine loop nests of `Func` with `Tactics` (tried in
/// order). Returns one report per nest. Never leaves a nest half-raised.
/// The context must have the dialects raised code uses loaded (linalg, scf,
/// memref, arith; the pass's dependent dialects).
std::vector<NestReport> raiseAffineToLinalg(func::FuncOp Func,
                                            const std::vector<Tactic> &Tactics,
                                            bool NamedOps = true,
                                            const TtgtOptions &Ttgt = {});

/// What raise-interchange-reductions did to a function's sums.
struct ReorderedSums {
  /// Sums' loops moved outside a loop of independent iterations.
  unsigned Interchanged = 0;
  /// Forward substitutions whose rows' sums run side by side in blocks.
  unsigned Interleaved = 0;
};

/// Moves innermost reduction loops of @p Func outside the loop of
/// independent iterations around them where that loop then streams through
/// memory, and interleaves the sums of forward substitutions' rows
/// (raise-interchange-reductions).
ReorderedSums interchangeReductions(func::FuncOp Func);

#define GEN_PASS_DECL
#include "mlir-passes/raising/Passes.h.inc"

/// The pass with tactics already parsed (the plugin parses them once, from
/// the built-in text and -raise-tactics files, see Tactics.h) and a handler
/// that receives every nest's report (for remarks).
std::unique_ptr<Pass> createRaiseAffineToLinalgPass(
    std::shared_ptr<const std::vector<Tactic>> Tactics,
    NestReportHandler Handler, bool NamedOps = true);

/// Registers the raising passes (for raise-opt). `DefaultTacticFiles` is
/// the tactics files the pass uses when its `tactics` option is not given.
void registerRaisingPasses(
    std::function<std::vector<std::string>()> DefaultTacticFiles = nullptr);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_RAISING_PASSES_H
