//===- BuiltinTactics.cpp - The built-in tactics, embedded ----------------===//
//
// BuiltinTactics.tactics is turned into a byte list by a genrule, so the
// library carries its tactics and needs no file at run time.
//
//===----------------------------------------------------------------------===//

#include "Tactics.h"

namespace {
const char BuiltinText[] = {
#include "mlir-passes/tactics/BuiltinTactics.inc"
    0};
} // namespace

llvm::StringRef mlir::raise::getBuiltinTacticsText() {
  return llvm::StringRef(BuiltinText, sizeof(BuiltinText) - 1);
}
