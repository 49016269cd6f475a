//===- OpenMPShared.cpp - Shared variables of OpenMP microtasks -----------===//
//
// Why `noalias` is sound for a marked parameter P of a microtask: every
// call runs the microtask with P pointing to a local X of the caller whose
// address goes nowhere but to __kmpc_fork_call (and lifetime markers), and
// the microtask only loads from and stores to P. So no pointer other than P
// (in one activation of the microtask) is based on X's address: not an
// array pointer (the caller stores into its locals only values that are no
// local's address: arguments, globals, fresh allocations, integers), not
// another parameter (each local is passed once). Other threads reach X only
// through their own activation's P; in a program without data races they
// only read it while anyone may read it.
//
//===----------------------------------------------------------------------===//

#include "OpenMPShared.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;
using namespace raising;

/// The runtime call that runs a microtask on a team: (ident, argc,
/// microtask, shared...).
static constexpr StringRef ForkCall = "__kmpc_fork_call";
/// Where the shared variables start among its operands, and among the
/// microtask's parameters (after the global and bound thread ids).
static constexpr unsigned FirstForkShared = 3;
static constexpr unsigned FirstMicrotaskShared = 2;

static bool callsRuntime(ArrayRef<const BasicBlock *> Blocks,
                         ArrayRef<StringRef> Prefixes) {
  for (const BasicBlock *BB : Blocks)
    for (const Instruction &I : *BB)
      if (const auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction())
          for (StringRef Prefix : Prefixes)
            if (Callee->getName().starts_with(Prefix))
              return true;
  return false;
}

/// The fork call that runs @p F through its use @p U, or null.
static const CallBase *getForkCall(const Use &U) {
  const auto *Call = dyn_cast<CallBase>(U.getUser());
  if (!Call || U.getOperandNo() != FirstForkShared - 1 || Call->isCallee(&U) ||
      !Call->getCalledFunction() ||
      Call->getCalledFunction()->getName() != ForkCall)
    return nullptr;
  return Call;
}

bool raising::isMicrotask(const Function &F) {
  return any_of(F.uses(), [](const Use &U) { return getForkCall(U); });
}

bool raising::isInOpenMPRegion(const Function &F) {
  SmallVector<const BasicBlock *, 16> Blocks(llvm::make_pointer_range(F));
  return isMicrotask(F) ||
         callsRuntime(Blocks, {"__kmpc_for_static_init", "__kmpc_dispatch_",
                               "__kmpc_distribute_static_init"});
}

bool raising::asksForChunks(const Loop &L) {
  return callsRuntime(L.getBlocks(), {"__kmpc_dispatch_next"});
}

/// True if a value the caller stores into a shared local cannot be the
/// address of any of its locals: it is no pointer (nor an address turned
/// into an integer), or it points into an argument, a global or a fresh
/// allocation.
static bool isNoLocalAddress(const Value *V) {
  if (!V->getType()->isPointerTy())
    return !isa<PtrToIntInst>(V) && V->getType()->isSingleValueType() &&
           !V->getType()->isVectorTy();
  const Value *Object = getUnderlyingObject(V);
  return isa<Argument>(Object) || isa<GlobalValue>(Object) ||
         isa<ConstantPointerNull>(Object) || isNoAliasCall(Object);
}

/// True if @p X, passed to @p Fork, is a local whose address goes nowhere
/// else, and which holds no local's address.
static bool isPrivateLocal(const Value *X, const CallBase &Fork) {
  const auto *Local = dyn_cast<AllocaInst>(X);
  if (!Local || count(Fork.args(), X) != 1)
    return false;
  for (const Use &U : Local->uses()) {
    const User *User = U.getUser();
    if (User == &Fork || isa<LifetimeIntrinsic>(User))
      continue;
    if (const auto *Load = dyn_cast<LoadInst>(User); Load && Load->isSimple())
      continue;
    if (const auto *Store = dyn_cast<StoreInst>(User);
        Store && Store->isSimple() &&
        U.getOperandNo() == StoreInst::getPointerOperandIndex() &&
        isNoLocalAddress(Store->getValueOperand()))
      continue;
    return false;
  }
  return true;
}

/// True if @p F only loads from and stores to @p P (never passes it on or
/// stores it).
static bool isOnlyLoadedAndStored(const Argument &P) {
  return all_of(P.uses(), [](const Use &U) {
    if (const auto *Load = dyn_cast<LoadInst>(U.getUser()))
      return Load->isSimple();
    const auto *Store = dyn_cast<StoreInst>(U.getUser());
    return Store && Store->isSimple() &&
           U.getOperandNo() == StoreInst::getPointerOperandIndex();
  });
}

unsigned raising::markSharedVariablesNoAlias(Function &F) {
  if (!F.hasLocalLinkage() || F.isDeclaration() || F.isVarArg() ||
      F.arg_size() < FirstMicrotaskShared || F.use_empty())
    return 0;
  unsigned NumShared = F.arg_size() - FirstMicrotaskShared;
  SmallVector<const CallBase *, 2> Forks;
  for (const Use &U : F.uses()) {
    const CallBase *Fork = getForkCall(U);
    const auto *Argc =
        Fork ? dyn_cast<ConstantInt>(Fork->getArgOperand(1)) : nullptr;
    if (!Argc || Argc->getZExtValue() != NumShared ||
        Fork->arg_size() != FirstForkShared + NumShared)
      return 0;
    Forks.push_back(Fork);
  }
  unsigned Marked = 0;
  for (unsigned I = 0; I != NumShared; ++I) {
    Argument &P = *F.getArg(FirstMicrotaskShared + I);
    if (!P.getType()->isPointerTy() || P.hasNoAliasAttr() ||
        !isOnlyLoadedAndStored(P) || !all_of(Forks, [&](const CallBase *Fork) {
          return isPrivateLocal(Fork->getArgOperand(FirstForkShared + I),
                                *Fork);
        }))
      continue;
    P.addAttr(Attribute::NoAlias);
    ++Marked;
  }
  return Marked;
}

const Value *raising::getSharedVariableValue(const Argument &P) {
  const Function &F = *P.getParent();
  if (P.getArgNo() < FirstMicrotaskShared || !F.hasOneUse())
    return nullptr;
  const CallBase *Fork = getForkCall(*F.use_begin());
  unsigned Operand = FirstForkShared + P.getArgNo() - FirstMicrotaskShared;
  if (!Fork || Operand >= Fork->arg_size())
    return nullptr;
  const auto *Local = dyn_cast<AllocaInst>(Fork->getArgOperand(Operand));
  if (!Local)
    return nullptr;
  const Value *Stored = nullptr;
  for (const User *U : Local->users())
    if (const auto *Store = dyn_cast<StoreInst>(U);
        Store && Store->getPointerOperand() == Local) {
      if (Stored)
        return nullptr;
      Stored = Store->getValueOperand();
    }
  return Stored;
}
