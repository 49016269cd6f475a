//===- LoadTactics.cpp - The tactics the plugin raises with ---------------===//

#include "LoadTactics.h"

#include "Options.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace raising;

Expected<const std::vector<mlir::raise::Tactic> &> raising::getTactics() {
  // Parsed on first use: compiles that meet no SCoP never read the files.
  struct Loaded {
    std::vector<mlir::raise::Tactic> Tactics;
    std::string Error;
  };
  static const Loaded L = [] {
    Loaded L;
    mlir::raise::TacticsError Error;
    std::vector<std::string> Files(TacticFiles.begin(), TacticFiles.end());
    if (!mlir::raise::loadTactics(Files, L.Tactics, Error))
      L.Error = Error.str();
    return L;
  }();
  if (!L.Error.empty())
    return createStringError(inconvertibleErrorCode(), L.Error);
  return L.Tactics;
}

const std::vector<mlir::raise::Tactic> *
raising::getTacticsOrReport(LLVMContext &Ctx) {
  Expected<const std::vector<mlir::raise::Tactic> &> Tactics = getTactics();
  if (Tactics)
    return &*Tactics;
  static bool Reported = false;
  std::string Message = toString(Tactics.takeError());
  if (!Reported) {
    // The parser's message reads `file:line:column: error: what`; the
    // diagnostic says "error" itself.
    StringRef Text(Message);
    size_t At = Text.find(": error: ");
    std::string Where = Text.substr(0, At).str();
    std::string What = At == StringRef::npos ? "" : Text.substr(At + 9).str();
    Ctx.emitError("raise: " + (What.empty() ? Message : Where + ": " + What));
    Reported = true;
  }
  return nullptr;
}

PreservedAnalyses CheckTacticsPass::run(Module &M, ModuleAnalysisManager &) {
  if (Enable && !TacticFiles.empty())
    getTacticsOrReport(M.getContext());
  return PreservedAnalyses::all();
}
