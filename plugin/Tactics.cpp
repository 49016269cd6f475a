//===- Tactics.cpp - The tactics the plugin raises with -------------------===//

#include "Tactics.h"

#include "Options.h"

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
