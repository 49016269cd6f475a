//===- LoadTactics.h - The tactics the plugin raises with -------*- C++ -*-===//

#ifndef RAISE_PLUGIN_LOADTACTICS_H
#define RAISE_PLUGIN_LOADTACTICS_H

#include "mlir-passes/tactics/Tactics.h"

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace raising {

/// The built-in tactics and those of `-raise-tactics` files, parsed once per
/// process. A malformed or missing file is an error naming it, line and
/// column; nothing is then raised.
llvm::Expected<const std::vector<mlir::raise::Tactic> &> getTactics();

/// The tactics, or null after reporting why they cannot be loaded as an
/// error in @p Ctx: once per process, so a compile fails with one message
/// however many regions it has.
const std::vector<mlir::raise::Tactic> *
getTacticsOrReport(llvm::LLVMContext &Ctx);

/// Reports a bad -raise-tactics file at the start of the pipeline, so that
/// the compile fails even where no function has a loop nest.
class CheckTacticsPass : public llvm::PassInfoMixin<CheckTacticsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace raising

#endif // RAISE_PLUGIN_LOADTACTICS_H
