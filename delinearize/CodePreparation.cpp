//===- CodePreparation.cpp - Shapes Polly rejects for no reason ----------===//

#include "CodePreparation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

unsigned raising::eraseIdleStackSaves(Function &F) {
  SmallVector<IntrinsicInst *, 4> Saves;
  for (Instruction &I : instructions(F)) {
    if (const auto *Alloca = dyn_cast<AllocaInst>(&I);
        Alloca && !Alloca->isStaticAlloca())
      return 0;
    if (auto *Save = dyn_cast<IntrinsicInst>(&I);
        Save && Save->getIntrinsicID() == Intrinsic::stacksave)
      Saves.push_back(Save);
  }
  unsigned Erased = 0;
  for (IntrinsicInst *Save : Saves) {
    // A saved pointer that goes anywhere but to a restore is kept.
    if (!all_of(Save->users(), [](const User *U) {
          const auto *Restore = dyn_cast<IntrinsicInst>(U);
          return Restore &&
                 Restore->getIntrinsicID() == Intrinsic::stackrestore;
        }))
      continue;
    for (User *Restore : make_early_inc_range(Save->users())) {
      cast<Instruction>(Restore)->eraseFromParent();
      ++Erased;
    }
    Save->eraseFromParent();
    ++Erased;
  }
  return Erased;
}
