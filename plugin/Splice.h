//===- Splice.h - A SCoP replaced by a call behind a check ------*- C++ -*-===//
//
// Versions a SCoP's region the way Polly's code generator does: if the
// region's run-time check holds (arrays do not alias, Polly's and raise's
// assumptions hold), a call to the generated function runs; otherwise the
// original loops do.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_PLUGIN_SPLICE_H
#define RAISE_PLUGIN_SPLICE_H

#include "translate/ScopToAffine.h"

#include "llvm/Support/Error.h"

#include "isl/isl-noexceptions.h"

namespace llvm {
class BasicBlock;
class BranchInst;
class CallInst;
class DominatorTree;
class Function;
class LoopInfo;
class RegionInfo;
class ScalarEvolution;
} // namespace llvm

namespace polly {
class Scop;
} // namespace polly

namespace raising {

/// Everything the call needs, as isl expressions over the parameters, worked
/// out before the IR changes so that a failure leaves the region as it was.
struct SplicePlan {
  struct Argument {
    const RegionArgument *Arg;
    /// For arrays: the size of every dimension (the leading one is the
    /// extent the region touches). For parameters: the parameter.
    std::vector<isl::ast_expr> Exprs;
  };
  std::vector<Argument> Arguments;
};

/// Plans the call of a function with @p Arguments (as importScop() described
/// them) in place of @p S.
llvm::Expected<SplicePlan> planSplice(polly::Scop &S,
                                      llvm::ArrayRef<RegionArgument> Arguments);

/// The paths spliceRegion() made.
struct SplicedRegion {
  /// The run-time check: true on to the call, false to the original loops.
  llvm::BranchInst *Check = nullptr;
  /// The block that calls the generated function.
  llvm::BasicBlock *Call = nullptr;
  /// The block every path to the original loops goes through.
  llvm::BasicBlock *Original = nullptr;
  /// Where the generated function declined the problem as too small (its
  /// `.worth` returned false), on the way to Original; null without one.
  llvm::BasicBlock *TooSmall = nullptr;
  /// The call of `.worth` whose answer picks between the two; null without.
  llvm::CallInst *WorthCall = nullptr;
};

/// Versions the region of @p S on @p RunCondition (buildScopAst()) and calls
/// @p Callee as @p Plan says on the fast path, where @p Worth (its `.worth`
/// function, same arguments), if given, returns true; otherwise the original
/// loops run. Updates @p DT, @p LI and @p RI.
SplicedRegion spliceRegion(polly::Scop &S, isl::ast_expr RunCondition,
                           llvm::Function &Callee, llvm::Function *Worth,
                           const SplicePlan &Plan, llvm::DominatorTree &DT,
                           llvm::LoopInfo &LI, llvm::RegionInfo &RI,
                           llvm::ScalarEvolution &SE);

/// Runs LLVM's verifier on @p F, a region of which was just spliced, and on
/// @p Callee, the function it now calls. Invalid IR there is a bug in raise:
/// the error says which function is broken and what the verifier found, and
/// both bodies are replaced by `unreachable`, so that no later pass meets the
/// invalid IR before the compile fails with the error.
llvm::Error verifySplice(llvm::Function &F, llvm::Function &Callee);

} // namespace raising

#endif // RAISE_PLUGIN_SPLICE_H
