//===- WidenSubscripts.cpp - 64-bit subscripts behind a run-time check ----===//
//
// Why the widened copy computes the same addresses: a subscript is
// ext(R), R an N-bit expression of additions, subtractions, multiplications,
// shifts and truncations. The widened copy computes the same expression in
// 64 bits, W, with wrapping operations and every truncation dropped, so W and
// R agree modulo 2^N whatever wraps. The check proves that W lies in the
// range of ext (for sext [-2^(N-1), 2^(N-1)), for zext [0, 2^N)) on every
// iteration; there ext(R) is the one value of that range congruent to W,
// which is W itself. The bounds of W over the nest are taken from SCEV in
// 128 bits, where nothing can wrap once every loop runs fewer than 2^32
// times, which the check also proves.
//
//===----------------------------------------------------------------------===//

#include "WidenSubscripts.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <optional>

using namespace llvm;
using namespace raising;
using namespace llvm::PatternMatch;

/// How deep a subscript expression is rebuilt in 64 bits.
static constexpr unsigned MaxDepth = 16;

/// True if @p S extends or truncates something that varies in @p Nest: the
/// shape SCEV, and Polly after it, cannot see through.
static bool hidesStructure(const SCEV *S, const Loop &Nest,
                           ScalarEvolution &SE) {
  return SCEVExprContains(S, [&](const SCEV *X) {
    const auto *Cast = dyn_cast<SCEVIntegralCastExpr>(X);
    return Cast && !SE.isLoopInvariant(Cast->getOperand(), &Nest);
  });
}

namespace {

/// Rebuilds the 32-bit (or narrower) expressions of one nest in 64 bits.
class Widener {
public:
  Widener(const Loop &Nest, ScalarEvolution &SE)
      : Nest(Nest), SE(SE),
        I64(Type::getInt64Ty(Nest.getHeader()->getContext())) {}

  /// A 64-bit value congruent to @p V modulo 2^(width of V). Leaves
  /// (values not computed by arithmetic in the nest, or, with @p Outside,
  /// anywhere) are sign-extended if @p Signed, zero-extended otherwise,
  /// unless only the other extension lets SCEV see through.
  Value *widen(Value *V, bool Signed, bool Outside, unsigned Depth = 0);

  /// A copy of @p Address, from before the nest, in its preheader with the
  /// operands @p Map gives (the widened subscripts, copies of the
  /// addresses it starts from).
  Instruction *rebuild(const GetElementPtrInst &Address,
                       const DenseMap<Value *, Value *> &Map);

  /// Every instruction widen() or rebuild() created, in creation order (null
  /// once deleted).
  ArrayRef<WeakVH> created() const { return Created; }

private:
  Value *widenLeaf(Value *V, bool Signed);
  Instruction *insertAfter(Instruction *New, Value *Def);

  const Loop &Nest;
  ScalarEvolution &SE;
  Type *I64;
  DenseMap<std::pair<Value *, unsigned>, Value *> Memo;
  SmallVector<WeakVH, 16> Created;
  /// The last instruction inserted before the nest: values from outside it
  /// go to its preheader (outside every loop, where a byte array's widened
  /// row length is frozen as the extents before it are, FrozenExtents.h) in
  /// the order they are made, each after those it uses.
  Instruction *LastAtTop = nullptr;
};

} // namespace

Instruction *Widener::insertAfter(Instruction *New, Value *Def) {
  auto *DefInst = dyn_cast_or_null<Instruction>(Def);
  // Values from outside the nest dominate its header.
  if (!DefInst || !Nest.contains(DefInst)) {
    if (LastAtTop)
      New->insertAfter(LastAtTop);
    else if (BasicBlock *Preheader = Nest.getLoopPreheader())
      New->insertBefore(Preheader->getTerminator()->getIterator());
    else
      New->insertBefore(Nest.getHeader()->getFirstInsertionPt());
    LastAtTop = New;
  } else if (std::optional<BasicBlock::iterator> At =
                 DefInst->getInsertionPointAfterDef())
    New->insertBefore(*At);
  else
    // Only terminators have no point after them; callers give up on null.
    return New->deleteValue(), nullptr;
  Created.push_back(New);
  return New;
}

Instruction *Widener::rebuild(const GetElementPtrInst &Address,
                              const DenseMap<Value *, Value *> &Map) {
  Instruction *Copy = Address.clone();
  for (Use &Op : Copy->operands())
    if (Value *New = Map.lookup(Op.get()))
      Op.set(New);
  return insertAfter(Copy, /*Def=*/nullptr);
}

Value *Widener::widenLeaf(Value *V, bool Signed) {
  const SCEV *S = SE.getSCEV(V);
  auto Hides = [&](bool AsSigned) {
    const SCEV *E =
        AsSigned ? SE.getSignExtendExpr(S, I64) : SE.getZeroExtendExpr(S, I64);
    return hidesStructure(E, Nest, SE);
  };
  if (Hides(Signed) && !Hides(!Signed))
    Signed = !Signed;
  return insertAfter(Signed ? CastInst::Create(Instruction::SExt, V, I64)
                            : CastInst::Create(Instruction::ZExt, V, I64),
                     V);
}

Value *Widener::widen(Value *V, bool Signed, bool Outside, unsigned Depth) {
  if (V->getType() == I64)
    return V;
  if (auto *C = dyn_cast<ConstantInt>(V))
    return ConstantInt::get(I64, Signed ? C->getValue().sext(64)
                                        : C->getValue().zext(64));
  auto [It, Inserted] =
      Memo.try_emplace({V, unsigned(Signed) | unsigned(Outside) << 1}, nullptr);
  if (!Inserted)
    return It->second;
  auto *I = dyn_cast<Instruction>(V);
  Value *W = nullptr;
  if (I && (Outside || Nest.contains(I)) && Depth < MaxDepth) {
    switch (I->getOpcode()) {
    case Instruction::Trunc:
      // Congruent modulo 2^(width of V) to what is truncated.
      if (I->getOperand(0)->getType()->getIntegerBitWidth() <= 64)
        W = widen(I->getOperand(0), Signed, Outside, Depth + 1);
      break;
    case Instruction::SExt:
    case Instruction::ZExt:
      // Exact: the narrower value extended as the code does.
      W = insertAfter(
          CastInst::Create(static_cast<Instruction::CastOps>(I->getOpcode()),
                           I->getOperand(0), I64),
          I);
      break;
    case Instruction::Or:
      // A disjoint `or` is an addition.
      if (!cast<PossiblyDisjointInst>(I)->isDisjoint())
        break;
      [[fallthrough]];
    case Instruction::Add:
    case Instruction::Sub:
    case Instruction::Mul: {
      Value *L = widen(I->getOperand(0), Signed, Outside, Depth + 1);
      Value *R =
          L ? widen(I->getOperand(1), Signed, Outside, Depth + 1) : nullptr;
      if (!R)
        return nullptr;
      auto Op = I->getOpcode() == Instruction::Or
                    ? Instruction::Add
                    : static_cast<Instruction::BinaryOps>(I->getOpcode());
      W = insertAfter(BinaryOperator::Create(Op, L, R), I);
      break;
    }
    case Instruction::Shl: {
      auto *Amount = dyn_cast<ConstantInt>(I->getOperand(1));
      if (!Amount || Amount->getValue().uge(I->getType()->getIntegerBitWidth()))
        break;
      Value *L = widen(I->getOperand(0), Signed, Outside, Depth + 1);
      if (!L)
        return nullptr;
      W = insertAfter(
          BinaryOperator::Create(Instruction::Shl, L,
                                 ConstantInt::get(I64, Amount->getZExtValue())),
          I);
      break;
    }
    default:
      break;
    }
  }
  if (!W)
    W = widenLeaf(V, Signed);
  return Memo[{V, unsigned(Signed) | unsigned(Outside) << 1}] = W;
}

namespace {

/// A 64-bit `X & M`, M a run of ones from bit S on: how LLVM writes
/// `zext(trunc X' to iN) << S` once it has moved the shift inward (a 32-bit
/// `i*N + j` scaled to bytes: `(4*i*N + 32*jj) & 0x3fffffffc`; with S = 0,
/// a row start `(i * sext K) & 0xffffffff` at -O2). Where the low S bits of
/// X are known zero it is X whenever 0 <= X < 2^(N+S).
static bool isShiftedMaskOfMultiple(const Instruction &I, ScalarEvolution &SE,
                                    Value *&X, unsigned &Bits) {
  const APInt *Mask;
  if (!I.getType()->isIntegerTy(64) ||
      !match(&I, m_And(m_Value(X), m_APInt(Mask))) || !Mask->isShiftedMask() ||
      Mask->isAllOnes())
    return false;
  unsigned Shift = Mask->countr_zero();
  Bits = Shift + Mask->popcount();
  return SE.getMinTrailingZeros(SE.getSCEV(X)) >= Shift;
}

/// One subscript the widened copy computes in 64 bits: ext(Narrow) with the
/// extension Signed or not, from Bits bits (Ext a sext or zext), or a
/// shifted mask of a multiple (isShiftedMaskOfMultiple).
struct Subscript {
  Instruction *Ext;
  Value *Narrow;
  unsigned Bits;
  bool Signed;
  Value *Wide = nullptr;
  std::optional<Bounds> Range;

  Subscript(Instruction *Ext, ScalarEvolution &SE)
      : Ext(Ext), Narrow(Ext->getOperand(0)), Bits(0),
        Signed(isa<SExtInst>(Ext)) {
    if (!isa<CastInst>(Ext)) {
      [[maybe_unused]] bool Masked =
          isShiftedMaskOfMultiple(*Ext, SE, Narrow, Bits);
      assert(Masked && "findExtensions found a subscript of another kind");
      return;
    }
    Bits = cast<CastInst>(Ext)->getSrcTy()->getIntegerBitWidth();
    // zext(X & (2^N - 1)), how LLVM writes a conversion to an N-bit unsigned
    // type, is zext(trunc X to iN).
    const APInt *Mask;
    Value *X;
    if (!Signed && match(Narrow, m_And(m_Value(X), m_APInt(Mask))) &&
        Mask->isMask()) {
      Narrow = X;
      Bits = Mask->countr_one();
    }
  }
};

} // namespace

/// True if @p V is a GEP's index, itself or scaled: to bytes by a constant
/// (`gep i8, p, (zext x) << 2`, how LLVM addresses a memset's row) or to
/// elements by a row length (`gep float, p, (sext obt) * C`, a row a
/// hand-tiled loop steps to).
static bool feedsAddress(const Value &V) {
  return any_of(V.users(), [](const User *U) {
    if (isa<GetElementPtrInst>(U))
      return true;
    const auto *Scale = dyn_cast<BinaryOperator>(U);
    return Scale &&
           (Scale->getOpcode() == Instruction::Mul ||
            (Scale->getOpcode() == Instruction::Shl &&
             isa<ConstantInt>(Scale->getOperand(1)))) &&
           any_of(Scale->users(),
                  [](const User *G) { return isa<GetElementPtrInst>(G); });
  });
}

/// True if @p Ext, an extension to 64 bits from outside @p Nest, extends
/// narrow arithmetic (`zext(4 * c2)` with a 32-bit `4 * c2`, a stride a
/// pointer walks by): SCEV keeps it as one opaque value, so that Polly
/// sees `zext(4 * c2)`, `zext(2 * c2)` and `zext(c2)` as three parameters
/// and cannot delinearize what steps by them.
static bool extendsInvariantArithmetic(const Instruction &Ext, const Loop &Nest,
                                       ScalarEvolution &SE) {
  if ((!isa<SExtInst>(Ext) && !isa<ZExtInst>(Ext)) ||
      !Ext.getType()->isIntegerTy(64) || Nest.contains(&Ext))
    return false;
  const auto *Cast = dyn_cast<SCEVIntegralCastExpr>(
      SE.getSCEV(const_cast<Instruction *>(&Ext)));
  return Cast && !isa<SCEVUnknown, SCEVConstant>(Cast->getOperand());
}

/// The arrays @p Nest walks through by a run-time distance: matrices, whose
/// rows Polly recovers from the terms of their subscripts.
static SmallPtrSet<const SCEV *, 4> findMatrices(const Loop &Nest,
                                                 ScalarEvolution &SE) {
  SmallPtrSet<const SCEV *, 4> Found;
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB) {
      Value *Ptr = getLoadStorePointerOperand(&I);
      if (!Ptr)
        continue;
      const SCEV *Address = SE.getSCEV(Ptr);
      SmallVector<const SCEV *, 4> Steps;
      if (getStartInNest(Address, Nest, SE, Steps) &&
          any_of(Steps, [](const SCEV *S) { return !isa<SCEVConstant>(S); }))
        Found.insert(SE.getPointerBase(Address));
    }
  return Found;
}

/// Addresses in matrices computed before @p Nest that the nest uses: the
/// start of a row that LICM hoisted out of the loops (`B + (K - 1) * N`, the
/// row a remainder step reads), and the addresses those are computed from.
/// (In an array the nest walks only by constant steps, Polly models such an
/// address as it is.)
static SmallSetVector<GetElementPtrInst *, 4>
findAddressesBefore(const Loop &Nest, ScalarEvolution &SE) {
  SmallPtrSet<const SCEV *, 4> Matrices = findMatrices(Nest, SE);
  SmallSetVector<GetElementPtrInst *, 4> Found;
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB)
      for (Value *Op : I.operands())
        if (auto *GEP = dyn_cast<GetElementPtrInst>(Op);
            GEP && !Nest.contains(GEP) &&
            Matrices.count(SE.getPointerBase(SE.getSCEV(GEP))))
          Found.insert(GEP);
  for (unsigned I = 0; I < Found.size(); ++I)
    if (auto *GEP = dyn_cast<GetElementPtrInst>(Found[I]->getPointerOperand()))
      Found.insert(GEP);
  return Found;
}

/// Extensions to 64 bits that feed an address in @p Nest and hide their
/// subscript from SCEV: in the nest, of values that vary in it; or before
/// it, of narrow arithmetic on its parameters (extendsInvariantArithmetic),
/// indexing a GEP in the nest or one of @p Before.
static SmallVector<Instruction *, 8>
findExtensions(const Loop &Nest, ArrayRef<GetElementPtrInst *> Before,
               ScalarEvolution &SE) {
  SmallVector<Instruction *, 8> Found;
  SmallPtrSet<Instruction *, 4> Invariant;
  auto AddInvariant = [&](GetElementPtrInst &GEP) {
    for (Value *Index : GEP.indices())
      if (auto *Ext = dyn_cast<Instruction>(Index);
          Ext && extendsInvariantArithmetic(*Ext, Nest, SE) &&
          Invariant.insert(Ext).second)
        Found.push_back(Ext);
  };
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB)
      if (auto *GEP = dyn_cast<GetElementPtrInst>(&I))
        AddInvariant(*GEP);
  for (GetElementPtrInst *GEP : Before)
    AddInvariant(*GEP);
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB) {
      Value *X;
      unsigned Bits;
      if (isShiftedMaskOfMultiple(I, SE, X, Bits) && isa<Instruction>(X) &&
          Nest.contains(cast<Instruction>(X)) && feedsAddress(I) &&
          hidesStructure(SE.getSCEV(&I), Nest, SE)) {
        Found.push_back(&I);
        continue;
      }
      auto *Ext = dyn_cast<CastInst>(&I);
      if (!Ext || (!isa<SExtInst>(Ext) && !isa<ZExtInst>(Ext)) ||
          !Ext->getType()->isIntegerTy(64))
        continue;
      auto *Op = dyn_cast<Instruction>(Ext->getOperand(0));
      if (!Op || !Nest.contains(Op) || !feedsAddress(*Ext))
        continue;
      if (hidesStructure(SE.getSCEV(Ext), Nest, SE))
        Found.push_back(Ext);
    }
  return Found;
}

/// The conditions that make every subscript of @p Subscripts exact; nothing
/// if one of them is known to fail or cannot be computed before @p At.
static std::optional<SmallVector<Condition, 8>>
getConditions(ArrayRef<Subscript> Subscripts, const BoundsOverNest &B,
              Instruction *At, ScalarEvolution &SE) {
  SmallVector<Condition, 8> Conditions = getTripCountConditions(B, SE);
  for (const Subscript &S : Subscripts) {
    APInt Lo =
        S.Signed ? APInt::getSignedMinValue(S.Bits).sext(128) : APInt(128, 0);
    APInt Hi = S.Signed ? APInt::getSignedMaxValue(S.Bits).sext(128)
                        : APInt::getMaxValue(S.Bits).zext(128);
    Conditions.push_back(
        {ICmpInst::ICMP_SGE, S.Range->Min, SE.getConstant(Lo)});
    Conditions.push_back(
        {ICmpInst::ICMP_SLE, S.Range->Max, SE.getConstant(Hi)});
  }
  if (!simplifyConditions(Conditions, At, SE))
    return std::nullopt;
  return Conditions;
}

/// Widens the subscripts of @p Nest if that can be done and checked.
static std::optional<VersionedNest>
widenNest(Loop &Nest, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE) {
  SmallSetVector<GetElementPtrInst *, 4> Before = findAddressesBefore(Nest, SE);
  SmallVector<Instruction *, 8> Exts =
      findExtensions(Nest, Before.getArrayRef(), SE);
  if (Exts.empty() || !canVersion(Nest))
    return std::nullopt;
  Widener W(Nest, SE);
  BoundsOverNest B(Nest, SE);
  SmallVector<Subscript, 8> Subscripts;
  for (Instruction *Ext : Exts) {
    Subscript S(Ext, SE);
    // Arithmetic from before the nest is rebuilt too where the result can
    // be checked (a diagonal's stride `ld + 1`, which SCEV sees as one
    // opaque value once extended, and Polly cannot divide by the rows'
    // `ld`); otherwise, for an extension in the nest, such values are
    // parameters (`sext(M * N)`, whose bounds SCEV finds where those of
    // `sext(M) * sext(N)` are no linear expression).
    for (bool Outside : {true, false}) {
      if (!Outside && !Nest.contains(Ext))
        break;
      S.Wide = W.widen(S.Narrow, S.Signed, Outside);
      if (!S.Wide)
        continue;
      const SCEV *Wide = SE.getSCEV(S.Wide);
      if (hidesStructure(Wide, Nest, SE) || !(S.Range = B.get(Wide)))
        continue;
      Subscripts.push_back(S);
      break;
    }
  }
  // Addresses from before the nest with a widened subscript, or computed
  // from such an address, are made again in the nest for the copy to use.
  DenseMap<Value *, Value *> Rebuilt;
  for (const Subscript &S : Subscripts)
    if (!Nest.contains(S.Ext))
      Rebuilt[S.Ext] = S.Wide;
  SmallVector<std::pair<GetElementPtrInst *, Instruction *>, 4> Addresses;
  for (GetElementPtrInst *GEP : reverse(Before))
    if (any_of(GEP->operands(), [&](Value *Op) { return Rebuilt.count(Op); }))
      Addresses.push_back({GEP, W.rebuild(*GEP, Rebuilt)});
  for (auto [GEP, Copy] : Addresses)
    Rebuilt[GEP] = Copy;
  // Where the check goes, or its dominator if the nest has no preheader yet.
  Instruction *Entry = Nest.getLoopPredecessor()->getTerminator();
  std::optional<SmallVector<Condition, 8>> Conditions;
  if (!Subscripts.empty())
    Conditions = getConditions(Subscripts, B, Entry, SE);
  // What was built for subscripts that stay as they are is dead: drop it.
  auto DropDead = [&](auto Map) {
    for (const WeakVH &I : reverse(W.created()))
      if (auto *Inst = dyn_cast_or_null<Instruction>(Map(I)))
        RecursivelyDeleteTriviallyDeadInstructions(Inst);
  };
  if (!Conditions) {
    DropDead([](Value *I) { return I; });
    return std::nullopt;
  }
  if (!Nest.getLoopPreheader())
    InsertPreheaderForLoop(&Nest, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
  Value *Check = expandCheck(
      *Conditions, Nest.getLoopPreheader()->getTerminator(), SE, "raise.widen");
  ValueToValueMapTy VMap;
  // Plain variables: lambdas may not capture structured bindings (C++17).
  Loop *Copy;
  BranchInst *Guard;
  std::tie(Copy, Guard) = versionNest(Nest, Check, VMap, LI, DT);
  auto InCopy = [&](Use &U) {
    auto *User = dyn_cast<Instruction>(U.getUser());
    return User && Copy->contains(User);
  };
  // What was built before the nest is the copy's as it is.
  auto InCopyOf = [&](Value *Built) {
    Value *Copied = VMap.lookup(Built);
    return Copied ? Copied : Built;
  };
  for (auto [GEP, Rebuilt] : Addresses)
    GEP->replaceUsesWithIf(InCopyOf(Rebuilt), InCopy);
  for (const Subscript &S : Subscripts) {
    Value *Wide = VMap.lookup(S.Wide);
    if (!Nest.contains(S.Ext)) {
      // From before the nest: only the copy's uses change.
      S.Ext->replaceUsesWithIf(Wide ? Wide : S.Wide, InCopy);
      continue;
    }
    auto *Ext = cast<Instruction>(VMap[S.Ext]);
    Ext->replaceAllUsesWith(Wide ? Wide : S.Wide);
    Ext->eraseFromParent();
  }
  DropDead([&](Value *I) -> Value * { return I ? VMap.lookup(I) : nullptr; });
  DropDead([](Value *I) { return I; });
  VersionedNest N{Guard, Copy->getHeader(), Nest.getHeader(),
                  unsigned(Subscripts.size())};
  for (const WeakVH &V : W.created())
    if (auto *I = dyn_cast_or_null<Instruction>(V);
        I && !Nest.contains(I) && !Copy->contains(I))
      N.ForCopy.push_back(I);
  return N;
}

std::vector<VersionedNest> raising::widenSubscripts(Function &F, LoopInfo &LI,
                                                    DominatorTree &DT,
                                                    ScalarEvolution &SE) {
  std::vector<VersionedNest> Widened;
  // Versioning adds loops to LI: walk the nests that were there.
  SmallVector<Loop *, 8> Nests(LI.begin(), LI.end());
  for (Loop *Nest : Nests)
    if (std::optional<VersionedNest> N = widenNest(*Nest, LI, DT, SE)) {
      Widened.push_back(*N);
      // The nest's exits now have a second way in, from the copy.
      SE.forgetLoop(Nest);
    }
  return Widened;
}
