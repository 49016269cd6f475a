//===- SectionStrides.cpp - Fortran sections as strided views -------------===//

#include "SectionStrides.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <map>
#include <optional>
#include <set>

using namespace llvm;
using namespace llvm::PatternMatch;
using namespace raising;

namespace {
/// `gep i8, P, X * Stride` in a nest, Stride invariant in it: one subscript
/// scaled by its dimension's byte stride.
struct ScaledSubscript {
  GetElementPtrInst *Gep;
  Value *X;
  Value *Stride;
};

/// One array's byte strides in the descriptor's order of dimensions, and
/// the size of the elements accessed through them.
struct Chain {
  SmallVector<Value *, 4> Strides;
  uint64_t ElemSize;
  bool operator<(const Chain &O) const {
    return std::tie(Strides, ElemSize) < std::tie(O.Strides, O.ElemSize);
  }
  bool operator==(const Chain &O) const {
    return Strides == O.Strides && ElemSize == O.ElemSize;
  }
};

} // namespace

/// The largest rank CFI_cdesc_t describes.
static constexpr unsigned MaxRank = 15;

/// The descriptor and dimension whose byte stride @p V loads: `load i64`
/// at 40 + 24k bytes from the descriptor (CFI_cdesc_t's dim[k].sm).
static std::optional<std::pair<Value *, unsigned>> getDescriptorDim(Value *V) {
  // Read before the nest only where the nest reads it (InvariantLoads.h):
  // poison where it does not.
  if (auto *Phi = dyn_cast<PHINode>(V); Phi && Phi->getNumIncomingValues() == 2)
    for (unsigned I = 0; I < 2; ++I)
      if (isa<PoisonValue>(Phi->getIncomingValue(1 - I)))
        V = Phi->getIncomingValue(I);
  auto *Load = dyn_cast<LoadInst>(V);
  Value *Descriptor;
  const APInt *Offset;
  if (!Load || !Load->isSimple() || !Load->getType()->isIntegerTy(64) ||
      !match(Load->getPointerOperand(),
             m_PtrAdd(m_Value(Descriptor), m_APInt(Offset))))
    return std::nullopt;
  uint64_t Bytes = Offset->getZExtValue();
  if (Offset->getActiveBits() > 16 || Bytes < 40 || (Bytes - 40) % 24 != 0 ||
      (Bytes - 40) / 24 >= MaxRank)
    return std::nullopt;
  return std::make_pair(Descriptor, unsigned((Bytes - 40) / 24));
}

/// The subscripts @p Nest scales by invariant byte strides, by their GEP;
/// none if it scales one by a stride it loads itself (a Fortran pointer
/// array's descriptor, reloaded in the outer loop where a store may land on
/// it as far as LLVM knows): versioned on the others, the nest would still
/// be no SCoP, and its copy that reads the descriptors once
/// (InvariantLoads.h) is versioned instead.
static MapVector<GetElementPtrInst *, ScaledSubscript>
findScaledSubscripts(const Loop &Nest) {
  MapVector<GetElementPtrInst *, ScaledSubscript> Found;
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB) {
      auto *Gep = dyn_cast<GetElementPtrInst>(&I);
      Value *A, *B;
      if (!Gep || Gep->getNumIndices() != 1 ||
          !Gep->getSourceElementType()->isIntegerTy(8) ||
          !match(Gep->getOperand(1), m_Mul(m_Value(A), m_Value(B))) ||
          !Gep->getOperand(1)->getType()->isIntegerTy(64))
        continue;
      if (getDescriptorDim(A))
        std::swap(A, B);
      if (!getDescriptorDim(B))
        continue;
      if (!isDefinedOutside(B, Nest))
        return {};
      Found.insert({Gep, {Gep, A, B}});
    }
  return Found;
}

/// Gives each scaled subscript of @p Nest the chain of strides of the array
/// it addresses, up to its dimension; false if some access's strides do not
/// come from the dimensions of one descriptor, or a subscript serves arrays
/// of different chains.
static bool
assignFactors(const Loop &Nest,
              const MapVector<GetElementPtrInst *, ScaledSubscript> &Scaled,
              DenseMap<GetElementPtrInst *, Chain> &Keys) {
  const DataLayout &DL = Nest.getHeader()->getDataLayout();
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB) {
      Value *Ptr = getLoadStorePointerOperand(&I);
      if (!Ptr)
        continue;
      // The scaled subscripts on the way to the base pointer, by dimension.
      std::map<unsigned, GetElementPtrInst *> Dims;
      Value *Descriptor = nullptr;
      while (auto *Gep = dyn_cast<GetElementPtrInst>(Ptr)) {
        if (!Nest.contains(Gep))
          break;
        if (auto It = Scaled.find(Gep); It != Scaled.end()) {
          auto [Desc, Dim] = *getDescriptorDim(It->second.Stride);
          if ((Descriptor && Desc != Descriptor) ||
              !Dims.insert({Dim, Gep}).second)
            return false;
          Descriptor = Desc;
        }
        Ptr = Gep->getPointerOperand();
      }
      if (Dims.empty())
        continue;
      Chain C;
      C.ElemSize = DL.getTypeStoreSize(getLoadStoreType(&I)).getFixedValue();
      for (auto [Dim, Gep] : Dims) {
        C.Strides.push_back(Scaled.lookup(Gep).Stride);
        auto [It, New] = Keys.insert({Gep, C});
        if (!New && !(It->second == C))
          return false;
      }
    }
  // A scaled subscript no access reaches: leave the nest alone.
  return all_of(Scaled, [&](const auto &S) { return Keys.count(S.first); });
}

/// The check that every chain of @p Keys describes a strided view: each
/// stride positive, the first a whole number of elements, each dividing the
/// next.
static Value *
buildCheck(IRBuilder<> &Builder,
           const MapVector<GetElementPtrInst *, ScaledSubscript> &Scaled,
           const DenseMap<GetElementPtrInst *, Chain> &Keys) {
  // In the order of the subscripts in the nest: the same IR on every run.
  SmallVector<Chain, 8> Chains;
  std::set<Chain> Seen;
  for (const auto &[Gep, Unused] : Scaled)
    if (const Chain &C = Keys.lookup(Gep); Seen.insert(C).second)
      Chains.push_back(C);
  Value *Check = nullptr;
  auto And = [&](Value *Holds) {
    Check = Check ? Builder.CreateAnd(Check, Holds) : Holds;
  };
  // Each condition once: chains that are prefixes of others repeat them.
  std::set<std::pair<Value *, Value *>> Done;
  std::set<std::pair<Value *, uint64_t>> DoneFirst;
  for (const Chain &C : Chains) {
    Value *First = C.Strides.front();
    Type *Ty = First->getType();
    Value *Zero = ConstantInt::get(Ty, 0);
    if (DoneFirst.insert({First, C.ElemSize}).second) {
      And(Builder.CreateICmpSGT(First, Zero, "raise.positive.stride"));
      And(Builder.CreateICmpEQ(
          Builder.CreateSRem(First, ConstantInt::get(Ty, C.ElemSize)), Zero,
          "raise.whole.stride"));
    }
    for (unsigned T = 1; T < C.Strides.size(); ++T) {
      Value *Prev = C.Strides[T - 1], *Next = C.Strides[T];
      if (!Done.insert({Prev, Next}).second)
        continue;
      And(Builder.CreateICmpSGT(Next, Zero, "raise.positive.stride"));
      // Prev is positive where the check holds; elsewhere divide by one, not
      // by zero.
      Value *Divisor = Builder.CreateSelect(Builder.CreateICmpSGT(Prev, Zero),
                                            Prev, ConstantInt::get(Ty, 1));
      And(Builder.CreateICmpEQ(Builder.CreateSRem(Next, Divisor), Zero,
                               "raise.dividing.stride"));
    }
  }
  return Check;
}

/// The byte factor of the last dimension of @p C as a product SCEV can
/// split: the element size, the first stride in elements and the quotients
/// of consecutive strides, built once before the copy.
static Value *getFactor(const Chain &C, IRBuilder<> &Builder,
                        std::map<Chain, Value *> &Factors) {
  if (Value *Known = Factors[C])
    return Known;
  Value *Stride = C.Strides.back();
  Type *Ty = Stride->getType();
  Value *Factor;
  if (C.Strides.size() == 1) {
    Value *Elements = Builder.CreateExactSDiv(
        Stride, ConstantInt::get(Ty, C.ElemSize),
        (Stride->hasName() ? Stride->getName() : "stride") + ".elts");
    Factor = Builder.CreateMul(Elements, ConstantInt::get(Ty, C.ElemSize));
  } else {
    Chain Outer = C;
    Outer.Strides.pop_back();
    Value *Quotient = Builder.CreateExactSDiv(Stride, Outer.Strides.back(),
                                              "raise.stride.quotient");
    Factor = Builder.CreateMul(getFactor(Outer, Builder, Factors), Quotient);
  }
  Factors[C] = Factor;
  return Factor;
}

/// Versions @p Nest if its addresses scale subscripts by descriptor strides.
static std::optional<VersionedNest>
versionNestSections(Loop &Nest, LoopInfo &LI, DominatorTree &DT) {
  MapVector<GetElementPtrInst *, ScaledSubscript> Scaled =
      findScaledSubscripts(Nest);
  DenseMap<GetElementPtrInst *, Chain> Keys;
  if (Scaled.empty() || !assignFactors(Nest, Scaled, Keys) || !canVersion(Nest))
    return std::nullopt;
  if (!Nest.getLoopPreheader())
    InsertPreheaderForLoop(&Nest, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
  IRBuilder<> Builder(Nest.getLoopPreheader()->getTerminator());
  // The check reads the strides before the nest does: a poison one must not
  // make the branch undefined.
  Value *Check = Builder.CreateFreeze(buildCheck(Builder, Scaled, Keys),
                                      "raise.sections.check");
  ValueToValueMapTy VMap;
  auto [Copy, Guard] = versionNest(Nest, Check, VMap, LI, DT);
  IRBuilder<> InCopy(Copy->getLoopPreheader()->getTerminator());
  std::map<Chain, Value *> Factors;
  for (const auto &[Gep, S] : Scaled) {
    Value *Factor = getFactor(Keys.lookup(Gep), InCopy, Factors);
    auto *CopyGep = cast<GetElementPtrInst>(VMap[Gep]);
    Value *X = VMap.lookup(S.X);
    IRBuilder<> At(CopyGep);
    auto *Old = cast<Instruction>(CopyGep->getOperand(1));
    CopyGep->setOperand(1, At.CreateMul(X ? X : S.X, Factor));
    if (Old->use_empty())
      Old->eraseFromParent();
  }
  return VersionedNest{Guard, Copy->getHeader(), Nest.getHeader(),
                       unsigned(Scaled.size()),
                       VersionedNest::Change::SectionStrides};
}

std::vector<VersionedNest> raising::versionSectionStrides(
    Function &F, LoopInfo &LI, DominatorTree &DT,
    const SmallPtrSetImpl<const BasicBlock *> *Only) {
  return versionEachNest(
      LI, [&](Loop &Nest) { return versionNestSections(Nest, LI, DT); }, Only);
}
