//===- ExitTails.cpp - A loop's last iteration put back into the loop -----===//

#include "ExitTails.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace {
/// An operand of the latch that the exit's copy has another value for: the
/// latch takes a PHI of the two.
struct DifferentOperand {
  Instruction *User;
  unsigned Index;
  /// The copy's value, as it is at the end of the header.
  Value *FromHeader;
};
} // namespace

/// The instructions of @p BB that compute something (no PHI, no debug
/// intrinsic), in order, at most @p Max of them, the terminator excluded.
static SmallVector<Instruction *, 8> getBody(BasicBlock &BB, size_t Max) {
  SmallVector<Instruction *, 8> Body;
  for (Instruction &I : BB.instructionsWithoutDebug()) {
    if (isa<PHINode>(I))
      continue;
    if (I.isTerminator() || Body.size() == Max)
      break;
    Body.push_back(&I);
  }
  return Body;
}

/// Merges the copy of @p L's latch that starts the block its header leaves
/// for, if there is one; true if it did.
static bool mergeExitTail(Loop &L, DominatorTree &DT) {
  BasicBlock *Header = L.getHeader();
  BasicBlock *Latch = L.getLoopLatch();
  if (L.getSubLoops().empty() || !Latch || Latch == Header)
    return false;
  auto *LatchBr = dyn_cast<BranchInst>(Latch->getTerminator());
  auto *HeaderBr = dyn_cast<BranchInst>(Header->getTerminator());
  if (!LatchBr || LatchBr->isConditional() || !HeaderBr ||
      !HeaderBr->isConditional())
    return false;
  unsigned ExitIndex = L.contains(HeaderBr->getSuccessor(0)) ? 1 : 0;
  BasicBlock *Exit = HeaderBr->getSuccessor(ExitIndex);
  BasicBlock *Inner = HeaderBr->getSuccessor(1 - ExitIndex);
  if (L.contains(Exit) || !L.contains(Inner) || Inner == Latch ||
      Exit->getSinglePredecessor() != Header)
    return false;

  // The latch's PHIs (LCSSA PHIs of the inner loop) feed its body only.
  for (PHINode &Phi : Latch->phis())
    for (const User *U : Phi.users())
      if (cast<Instruction>(U)->getParent() != Latch || isa<PHINode>(U))
        return false;
  SmallVector<Instruction *, 8> Body = getBody(*Latch, ~size_t(0));
  SmallVector<Instruction *, 8> Copy = getBody(*Exit, Body.size());
  if (Body.empty() || Copy.size() != Body.size())
    return false;

  // The copy's instructions do what the latch's do, on the same values, on
  // each other's results, or on values the header has where the latch has
  // its own; and nothing else uses them.
  DenseMap<const Value *, const Value *> InLatch;
  SmallPtrSet<const Instruction *, 8> Copied(Copy.begin(), Copy.end());
  SmallVector<DifferentOperand, 4> Different;
  for (auto [Mine, Theirs] : zip(Body, Copy)) {
    if (!Mine->isSameOperationAs(Theirs))
      return false;
    for (const User *U : Theirs->users())
      if (!Copied.contains(cast<Instruction>(U)))
        return false;
    for (unsigned I = 0, E = Mine->getNumOperands(); I != E; ++I) {
      Value *Ours = Mine->getOperand(I);
      Value *Other = Theirs->getOperand(I);
      if (const auto *OtherI = dyn_cast<Instruction>(Other);
          OtherI && Copied.contains(OtherI)) {
        if (InLatch.lookup(OtherI) != Ours)
          return false;
        continue;
      }
      if (Ours == Other)
        continue;
      if (const auto *OursI = dyn_cast<Instruction>(Ours);
          OursI && OursI->getParent() == Latch && !isa<PHINode>(OursI))
        return false;
      if (auto *Phi = dyn_cast<PHINode>(Other); Phi && Phi->getParent() == Exit)
        Other = Phi->getIncomingValueForBlock(Header);
      if (isa<BasicBlock>(Other) ||
          (isa<Instruction>(Other) &&
           !DT.dominates(cast<Instruction>(Other), HeaderBr)))
        return false;
      Different.push_back({Mine, I, Other});
    }
    InLatch[Theirs] = Mine;
  }

  // The header now goes on to the latch where it left, and the latch
  // leaves where the header did.
  SmallVector<BasicBlock *, 4> Preds(predecessors(Latch));
  for (const DifferentOperand &D : Different) {
    Value *Ours = D.User->getOperand(D.Index);
    auto *Own = dyn_cast<PHINode>(Ours);
    if (Own && Own->getParent() != Latch)
      Own = nullptr;
    PHINode *Phi = PHINode::Create(Ours->getType(), Preds.size() + 1,
                                   Ours->getName() + ".tail");
    Phi->insertBefore(Latch->getFirstNonPHIIt());
    for (BasicBlock *Pred : Preds)
      Phi->addIncoming(Own ? Own->getIncomingValueForBlock(Pred) : Ours, Pred);
    Phi->addIncoming(D.FromHeader, Header);
    D.User->setOperand(D.Index, Phi);
  }
  for (PHINode &Phi : make_early_inc_range(Latch->phis()))
    if (Phi.use_empty())
      Phi.eraseFromParent();
  for (auto [Mine, Theirs] : zip(Body, Copy)) {
    Mine->andIRFlags(Theirs);
    combineMetadataForCSE(Mine, Theirs, /*DoesKMove=*/false);
  }
  for (Instruction *I : reverse(Copy))
    I->eraseFromParent();
  Exit->replacePhiUsesWith(Header, Latch);
  HeaderBr->setSuccessor(ExitIndex, Latch);
  BranchInst *Leave =
      BranchInst::Create(ExitIndex ? Header : Exit, ExitIndex ? Exit : Header,
                         HeaderBr->getCondition(), Latch);
  Leave->setDebugLoc(LatchBr->getDebugLoc());
  LatchBr->eraseFromParent();
  return true;
}

unsigned raising::mergeExitTails(Function &F, LoopInfo &LI, DominatorTree &DT) {
  unsigned Merged = 0;
  for (Loop *L : LI.getLoopsInPreorder())
    if (mergeExitTail(*L, DT)) {
      ++Merged;
      DT.recalculate(F);
    }
  return Merged;
}
