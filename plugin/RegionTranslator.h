//===- RegionTranslator.h - One SCoP through MLIR and back ------*- C++ -*-===//
//
// Takes each SCoP of a function through the pipeline: import into affine
// MLIR, optional dumps, and (in roundtrip mode, for now) lowering, linking
// and splicing behind the run-time check. Any failure leaves the region as it
// was and says why in a missed remark.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_PLUGIN_REGIONTRANSLATOR_H
#define RAISE_PLUGIN_REGIONTRANSLATOR_H

#include "mlir/IR/MLIRContext.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"

#include <memory>
#include <optional>

namespace llvm {
class BasicBlock;
class GlobalVariable;
class OptimizationRemarkEmitter;
class PassBuilder;
} // namespace llvm

namespace polly {
class Scop;
} // namespace polly

namespace mlir {
class ModuleOp;
namespace raise {
struct BlasReport;
struct NestReport;
} // namespace raise
} // namespace mlir

namespace raising {

class RegionTranslator {
public:
  RegionTranslator(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                   llvm::OptimizationRemarkEmitter &ORE, llvm::PassBuilder &PB,
                   llvm::OptimizationLevel Level);
  ~RegionTranslator();

  /// Translates @p S, the @p Index-th SCoP of the function; remarks go to
  /// @p Loc (the outermost loop) in @p Anchor.
  void run(polly::Scop &S, unsigned Index, const llvm::DebugLoc &Loc,
           llvm::BasicBlock *Anchor);

  /// How many regions were replaced so far.
  unsigned numSpliced() const { return Spliced; }

  /// The run counters of the region spliced last (-raise-report-versions),
  /// or null.
  llvm::GlobalVariable *lastVersionCounters() const { return LastCounters; }

private:
  mlir::MLIRContext &getContext();
  /// A remark for one loop nest: what it was raised to, or why not. Why a
  /// version of a nest is missed is an analysis remark where it is not news
  /// (@p Secondary: another version of the nest was raised, or its first
  /// missed version has said why already).
  void reportNest(const mlir::raise::NestReport &R,
                  llvm::ArrayRef<std::string> Names, const llvm::DebugLoc &Loc,
                  llvm::BasicBlock *Anchor, bool Secondary);

  /// A remark for one operation raise-linalg-to-blas looked at: the call it
  /// became, or why not.
  void reportBlas(const mlir::raise::BlasReport &R, const llvm::DebugLoc &Loc,
                  llvm::BasicBlock *Anchor);

  llvm::Function &F;
  llvm::FunctionAnalysisManager &FAM;
  llvm::OptimizationRemarkEmitter &ORE;
  llvm::PassBuilder &PB;
  llvm::OptimizationLevel Level;
  /// Created with the first SCoP: functions without one never pay for it.
  std::unique_ptr<mlir::MLIRContext> Ctx;
  unsigned Spliced = 0;
  llvm::GlobalVariable *LastCounters = nullptr;
};

} // namespace raising

#endif // RAISE_PLUGIN_REGIONTRANSLATOR_H
