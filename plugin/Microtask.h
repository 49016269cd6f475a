//===- Microtask.h - OpenMP microtasks prepared for Polly -------*- C++ -*-===//
//
// An OpenMP microtask reloads its shared variables inside its loops (see
// delinearize/OpenMPShared.h). This marks the ones that provably alias
// nothing `noalias` and runs LICM, so that Polly sees them as parameters of
// the nest over the thread's chunk. If nothing is raised in the function,
// its body and attributes are put back as they were.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_PLUGIN_MICROTASK_H
#define RAISE_PLUGIN_MICROTASK_H

#include "llvm/IR/Attributes.h"
#include "llvm/IR/PassManager.h"

namespace raising {

class PreparedMicrotask {
public:
  PreparedMicrotask() = default;
  PreparedMicrotask(const PreparedMicrotask &) = delete;
  PreparedMicrotask &operator=(const PreparedMicrotask &) = delete;
  /// Drops the saved body, if restore() was not called.
  ~PreparedMicrotask();

  /// Prepares @p F if it is a microtask with shared variables to mark;
  /// returns whether it changed @p F (the caller's analyses are then
  /// invalidated already).
  bool prepare(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

  /// Puts back the body and attributes @p F had before prepare().
  void restore(llvm::FunctionAnalysisManager &FAM);

private:
  llvm::Function *F = nullptr;
  /// A copy of the original body, outside the pipeline while it lives.
  llvm::Function *Saved = nullptr;
  llvm::AttributeList Attributes;
};

} // namespace raising

#endif // RAISE_PLUGIN_MICROTASK_H
