//===- LocalArrays.cpp - Local arrays private to a region -----------------===//

#include "LocalArrays.h"

#include "polly/ScopInfo.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

/// True if @p I begins or ends the lifetime of @p Local.
static bool isMarkerOf(const Instruction &I, const AllocaInst *Local) {
  const auto *Marker = dyn_cast<IntrinsicInst>(&I);
  return Marker && Marker->isLifetimeStartOrEnd() &&
         Marker->getArgOperand(Marker->arg_size() - 1) == Local;
}

/// True if every path from @p Access to the edge of @p S (forward: its
/// exit; backward: its entry) passes a lifetime marker of @p Local.
static bool isEnclosed(const polly::Scop &S, const Instruction &Access,
                       const AllocaInst *Local, bool Forward) {
  const BasicBlock *BB = Access.getParent();
  // The marker may follow (precede) the access in its own block.
  if (Forward) {
    for (const Instruction *I = Access.getNextNode(); I; I = I->getNextNode())
      if (isMarkerOf(*I, Local))
        return true;
  } else {
    for (const Instruction *I = Access.getPrevNode(); I; I = I->getPrevNode())
      if (isMarkerOf(*I, Local))
        return true;
  }
  SmallVector<const BasicBlock *, 8> Work;
  SmallPtrSet<const BasicBlock *, 16> Seen;
  auto Next = [&](const BasicBlock *From) {
    if (Forward)
      Work.append(succ_begin(From), succ_end(From));
    else
      Work.append(pred_begin(From), pred_end(From));
  };
  Next(BB);
  while (!Work.empty()) {
    const BasicBlock *Block = Work.pop_back_val();
    if (!S.contains(Block))
      return false;
    if (!Seen.insert(Block).second)
      continue;
    // Passing through a block with a marker passes the marker.
    if (llvm::any_of(
            *Block, [&](const Instruction &I) { return isMarkerOf(I, Local); }))
      continue;
    Next(Block);
  }
  return true;
}

std::optional<uint64_t>
raising::getPrivateArrayLength(const polly::Scop &S,
                               const polly::ScopArrayInfo &SAI) {
  auto *Local = dyn_cast<AllocaInst>(SAI.getBasePtr());
  if (!SAI.isArrayKind() || SAI.getNumberOfDimensions() != 1 || !Local ||
      !Local->isStaticAlloca() || Local->isArrayAllocation())
    return std::nullopt;
  auto *Array = dyn_cast<ArrayType>(Local->getAllocatedType());
  if (!Array || Array->getElementType() != SAI.getElementType())
    return std::nullopt;

  // The region's uses of the array, through address arithmetic; uses outside
  // the region (another version of the nest) do not matter.
  SmallVector<const Value *, 8> Pointers = {Local};
  SmallVector<const Instruction *, 8> Accesses;
  while (!Pointers.empty()) {
    const Value *Ptr = Pointers.pop_back_val();
    for (const User *U : Ptr->users()) {
      const auto *I = dyn_cast<Instruction>(U);
      if (!I || !S.contains(I))
        continue;
      if (isa<GetElementPtrInst, BitCastInst>(I))
        Pointers.push_back(I);
      else if (isa<LoadInst>(I) ||
               (isa<StoreInst>(I) &&
                cast<StoreInst>(I)->getPointerOperand() == Ptr) ||
               (isa<MemSetInst>(I) && !cast<MemSetInst>(I)->isVolatile()))
        Accesses.push_back(I);
      else if (!isMarkerOf(*I, Local))
        return std::nullopt;
    }
  }
  if (Accesses.empty())
    return std::nullopt;
  for (const Instruction *Access : Accesses)
    if (!isEnclosed(S, *Access, Local, /*Forward=*/true) ||
        !isEnclosed(S, *Access, Local, /*Forward=*/false))
      return std::nullopt;
  return Array->getNumElements();
}
