//===- ExpandTemporaries.cpp - The raise-expand-temporaries pass ----------===//
//
// A temporary array that each iteration of some outer loops fills, updates
// and reads back (PolyBench's doitgen: `sum[p]` accumulated over s for each
// (r, q), then copied into A[r][q][p]) ties every iteration of those loops
// to the next: no tactic can match the nest, nor can it be split. Given one
// copy of the temporary per iteration (array expansion), the product and
// the copy become nests of their own. Each read of the expanded array reads
// what the same iteration wrote there, so every value is computed by the
// same operations as before; the last iteration's copy goes back into the
// temporary after the nest, so it ends with the values it had.
//
//===----------------------------------------------------------------------===//

#include "AffineAccess.h"
#include "Passes.h"
#include "PruneNest.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISEEXPANDTEMPORARIES
#include "mlir-passes/raising/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;
using affine::AffineForOp;
using affine::AffineLoadOp;
using affine::AffineStoreOp;

namespace {

/// The affine.for loops around @p Op up to @p Root (both included),
/// outermost first; empty if something else than a loop is in between.
SmallVector<AffineForOp> loopsAround(Operation *Op, AffineForOp Root) {
  SmallVector<AffineForOp> Loops;
  for (Operation *P = Op->getParentOp(); P; P = P->getParentOp()) {
    auto For = dyn_cast<AffineForOp>(P);
    if (!For)
      return {};
    Loops.push_back(For);
    if (For == Root)
      break;
  }
  std::reverse(Loops.begin(), Loops.end());
  return Loops;
}

/// Whether @p V is defined outside @p Root.
bool outside(Value V, AffineForOp Root) {
  return !Root->isAncestor(V.getParentBlock()->getParentOp());
}

/// A temporary of one nest and the loops it is expanded along.
struct Temporary {
  Value Memref;
  SmallVector<Operation *> Accesses;
  unsigned BandSize = 0;
};

/// Whether two loops run the same iterations.
bool sameBounds(AffineForOp A, AffineForOp B) {
  return A.getLowerBoundMap() == B.getLowerBoundMap() &&
         A.getUpperBoundMap() == B.getUpperBoundMap() &&
         A.getLowerBoundOperands() == B.getLowerBoundOperands() &&
         A.getUpperBoundOperands() == B.getUpperBoundOperands() &&
         A.getStepAsInt() == B.getStepAsInt();
}

/// Whether store @p St writes, earlier in the same iteration of the band,
/// every element load @p Ld reads: St comes first, the subscripts are the
/// same, and each of St's own loops (which all index the element) stands for
/// a loop around Ld with the same bounds.
bool covers(Operation *St, Operation *Ld, ArrayRef<AffineForOp> SLoops,
            ArrayRef<AffineForOp> LLoops, unsigned Band) {
  if (raise::mapOf(St) != raise::mapOf(Ld))
    return false;
  unsigned Shared = Band;
  while (Shared < SLoops.size() && Shared < LLoops.size() &&
         SLoops[Shared] == LLoops[Shared])
    ++Shared;
  AffineForOp Inner = LLoops[Shared - 1];
  Block *Common = Inner.getBody();
  Operation *SAnc = Common->findAncestorOpInBlock(*St);
  Operation *LAnc = Common->findAncestorOpInBlock(*Ld);
  if (!SAnc || !LAnc || SAnc == LAnc || !SAnc->isBeforeInBlock(LAnc))
    return false;
  auto Own = [&](Value V) -> AffineForOp {
    for (AffineForOp L : SLoops.drop_front(Shared))
      if (L.getInductionVar() == V)
        return L;
    return {};
  };
  DenseMap<Value, Value> Same;
  for (auto [SV, LV] :
       llvm::zip(raise::mapOperandsOf(St), raise::mapOperandsOf(Ld))) {
    AffineForOp S = Own(SV);
    if (!S) {
      if (SV != LV)
        return false;
      continue;
    }
    AffineForOp L = affine::getForInductionVarOwner(LV);
    if (!L || !llvm::is_contained(LLoops, L) || !sameBounds(S, L) ||
        (Same.count(SV) && Same[SV] != LV))
      return false;
    Same[SV] = LV;
  }
  // Every loop of St's own indexes the element, so it writes them all.
  return llvm::all_of(SLoops.drop_front(Shared), [&](AffineForOp L) {
    return Same.count(L.getInductionVar());
  });
}

/// Checks @p T in the nest of @p Root and fills its band; fails where
/// expanding it would not keep every value.
bool analyse(Temporary &T, AffineForOp Root) {
  auto Type = dyn_cast<MemRefType>(T.Memref.getType());
  if (!Type || Type.getRank() == 0 || !Type.getLayout().isIdentity())
    return false;
  // The band: the loops around every access, subscripts free of them.
  SmallVector<AffineForOp> Band;
  for (auto [I, Op] : llvm::enumerate(T.Accesses)) {
    SmallVector<AffineForOp> Loops = loopsAround(Op, Root);
    if (Loops.empty())
      return false;
    if (I == 0)
      Band = Loops;
    unsigned Common = 0;
    while (Common < Band.size() && Common < Loops.size() &&
           Band[Common] == Loops[Common])
      ++Common;
    Band.resize(Common);
  }
  // The band's trip counts give the expanded array's leading extents:
  // constant lower bounds, upper bounds computed outside the nest.
  while (!Band.empty() && llvm::any_of(Band, [&](AffineForOp L) {
    return !L.hasConstantLowerBound() || L.getStepAsInt() != 1 ||
           L.getUpperBoundMap().getNumResults() != 1 ||
           !llvm::all_of(L.getUpperBoundOperands(),
                         [&](Value V) { return outside(V, Root); });
  }))
    Band.pop_back();
  if (Band.empty())
    return false;
  T.BandSize = Band.size();
  auto InBand = [&](Value V) {
    return llvm::any_of(
        Band, [&](AffineForOp L) { return L.getInductionVar() == V; });
  };
  bool Accumulates = false;
  for (Operation *Op : T.Accesses) {
    // The same elements in every iteration of the band.
    if (llvm::any_of(raise::mapOperandsOf(Op), InBand))
      return false;
    SmallVector<AffineForOp> Loops = loopsAround(Op, Root);
    for (AffineForOp L : ArrayRef(Loops).drop_front(Band.size()))
      if (llvm::any_of(L.getOperands(), InBand))
        return false;
    if (auto St = dyn_cast<AffineStoreOp>(Op)) {
      Operation *Def = St.getValueToStore().getDefiningOp();
      if (Def)
        Accumulates |= llvm::any_of(Def->getOperands(), [&](Value V) {
          auto L = V.getDefiningOp<AffineLoadOp>();
          return L && L.getMemRef() == T.Memref;
        });
      continue;
    }
    // Every read sees a write of the same iteration.
    bool Covered = llvm::any_of(T.Accesses, [&](Operation *St) {
      return isa<AffineStoreOp>(St) &&
             covers(St, Op, loopsAround(St, Root), Loops, Band.size());
    });
    if (!Covered)
      return false;
  }
  // Only a temporary something accumulates into is worth its copies.
  return Accumulates;
}

/// The elements of @p Type's @p Band leading extents and its own.
Value byteCount(OpBuilder &B, Location Loc, ArrayRef<Value> Extents,
                MemRefType Type) {
  Value Bytes =
      arith::ConstantIndexOp::create(B, Loc, Type.getElementTypeBitWidth() / 8);
  for (Value E : Extents)
    Bytes = arith::MulIOp::create(B, Loc, Bytes, E);
  return Bytes;
}

/// Expands @p T in the nest of @p Root: `scf.if (the copy fits) {
/// expanded nest; copy back } else { the nest }`.
void expand(const Temporary &T, AffineForOp Root, int64_t MaxBytes) {
  OpBuilder B(Root);
  Location Loc = Root.getLoc();
  auto Type = cast<MemRefType>(T.Memref.getType());
  SmallVector<AffineForOp> Band = loopsAround(T.Accesses.front(), Root);
  Band.resize(T.BandSize);

  // Extents: the band's trip counts, then the temporary's own.
  SmallVector<Value> Extents;
  SmallVector<int64_t> Shape;
  for (AffineForOp L : Band) {
    AffineMap Ub = L.getUpperBoundMap();
    AffineExpr Tc = Ub.getResult(0) - L.getConstantLowerBound();
    Value V = affine::AffineMaxOp::create(
        B, Loc,
        AffineMap::get(Ub.getNumDims(), Ub.getNumSymbols(),
                       {Tc, getAffineConstantExpr(0, B.getContext())},
                       B.getContext()),
        L.getUpperBoundOperands());
    Extents.push_back(V);
    Shape.push_back(ShapedType::kDynamic);
  }
  SmallVector<Value> Dynamic = Extents;
  for (int64_t D = 0; D < Type.getRank(); ++D) {
    Shape.push_back(Type.getDimSize(D));
    if (Type.isDynamicDim(D)) {
      Value Dim = memref::DimOp::create(B, Loc, T.Memref, D);
      Dynamic.push_back(Dim);
      Extents.push_back(Dim);
    } else {
      Extents.push_back(arith::ConstantIndexOp::create(B, Loc, Shape.back()));
    }
  }
  Value Fits = arith::CmpIOp::create(
      B, Loc, arith::CmpIPredicate::ule, byteCount(B, Loc, Extents, Type),
      arith::ConstantIndexOp::create(B, Loc, MaxBytes));
  auto If = scf::IfOp::create(B, Loc, Fits, /*withElseRegion=*/true);
  std::string Name = "a temporary";
  if (auto Arg = dyn_cast<BlockArgument>(T.Memref))
    Name = "arg" + std::to_string(Arg.getArgNumber());
  If->setAttr("raise.version",
              B.getStringAttr(Name + " expanded, one copy per iteration"));
  If->setAttr("raise.version_else",
              B.getStringAttr(Name + " too large to expand"));
  B.setInsertionPoint(If.elseYield());
  B.clone(*Root);
  Root->moveBefore(If.thenYield());
  B.setInsertionPoint(Root);
  auto ExpandedType = MemRefType::get(Shape, Type.getElementType());
  Value Tmp = memref::AllocOp::create(B, Loc, ExpandedType, Dynamic,
                                      B.getI64IntegerAttr(64));

  // Each access reads its iteration's copy: Tmp[band - lb..., subscripts].
  auto Expanded = [&](Operation *Op, SmallVectorImpl<Value> &Operands) {
    AffineMap Map = raise::mapOf(Op);
    MLIRContext *Ctx = B.getContext();
    unsigned N = Band.size();
    SmallVector<AffineExpr> Shift, Results;
    for (unsigned D = 0; D < Map.getNumDims(); ++D)
      Shift.push_back(getAffineDimExpr(D + N, Ctx));
    for (auto [I, L] : llvm::enumerate(Band))
      Results.push_back(getAffineDimExpr(I, Ctx) - L.getConstantLowerBound());
    for (AffineExpr E : Map.getResults())
      Results.push_back(E.replaceDims(Shift));
    Operands.clear();
    for (AffineForOp L : Band)
      Operands.push_back(L.getInductionVar());
    llvm::append_range(Operands, raise::mapOperandsOf(Op));
    return AffineMap::get(Map.getNumDims() + N, Map.getNumSymbols(), Results,
                          Ctx);
  };
  for (Operation *Op : T.Accesses) {
    OpBuilder At(Op);
    SmallVector<Value> Operands;
    AffineMap Map = Expanded(Op, Operands);
    if (auto Load = dyn_cast<AffineLoadOp>(Op)) {
      Load.getResult().replaceAllUsesWith(
          AffineLoadOp::create(At, Load.getLoc(), Tmp, Map, Operands));
    } else {
      auto St = cast<AffineStoreOp>(Op);
      AffineStoreOp::create(At, St.getLoc(), St.getValueToStore(), Tmp, Map,
                            Operands);
    }
  }

  for (Operation *Op : T.Accesses)
    Op->erase();

  // After the nest, the last iteration's copy back into the temporary: a
  // clone whose band runs its last iteration only and whose stores copy.
  B.setInsertionPointAfter(Root);
  auto Back = cast<AffineForOp>(B.clone(*Root));
  // A few copies, nothing to raise: raise-affine-to-linalg skips it.
  Back->setAttr("raise.not_a_kernel", B.getUnitAttr());
  SmallVector<Operation *> Drop;
  Back.walk([&](Operation *Op) {
    auto St = dyn_cast<AffineStoreOp>(Op);
    if (!St) {
      if (isa<AffineLoadOp>(Op))
        Drop.push_back(Op);
      return;
    }
    if (St.getMemRef() == Tmp) {
      OpBuilder At(St);
      SmallVector<Value> Operands(St.getMapOperands());
      Value V = AffineLoadOp::create(At, St.getLoc(), Tmp, St.getAffineMap(),
                                     Operands);
      AffineMap Map = St.getAffineMap();
      AffineStoreOp::create(
          At, St.getLoc(), V, T.Memref,
          Map.getSliceMap(Band.size(), Map.getNumResults() - Band.size()),
          Operands);
    }
    Drop.push_back(St);
  });
  for (Operation *Op : Drop) {
    Op->dropAllUses();
    Op->erase();
  }
  // Dead computations and loops left empty.
  raise::pruneNest(Back);
  // The band of the clone: its last iteration (none if it has none).
  SmallVector<AffineForOp> BackBand;
  for (AffineForOp L = Back; BackBand.size() < Band.size();) {
    BackBand.push_back(L);
    auto Next = llvm::find_if(L.getBody()->getOperations(), [](Operation &Op) {
      return isa<AffineForOp>(Op);
    });
    if (Next == L.getBody()->end())
      break;
    L = cast<AffineForOp>(*Next);
  }
  for (AffineForOp L : BackBand) {
    AffineMap Ub = L.getUpperBoundMap();
    AffineMap Lb = AffineMap::get(
        Ub.getNumDims(), Ub.getNumSymbols(),
        {getAffineConstantExpr(L.getConstantLowerBound(), B.getContext()),
         Ub.getResult(0) - 1},
        B.getContext());
    L.setLowerBound(llvm::to_vector(L.getUpperBoundOperands()), Lb);
  }
  B.setInsertionPointAfter(Back);
  memref::DeallocOp::create(B, Loc, Tmp);
}

struct RaiseExpandTemporaries
    : public raise::impl::RaiseExpandTemporariesBase<RaiseExpandTemporaries> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp Func = getOperation();
    SmallVector<AffineForOp> Roots;
    Func.walk([&](AffineForOp For) {
      if (!For->getParentOfType<AffineForOp>())
        Roots.push_back(For);
    });
    for (AffineForOp Root : Roots) {
      llvm::MapVector<Value, Temporary> Temps;
      llvm::SmallPtrSet<Value, 4> Other;
      Root.walk([&](Operation *Op) {
        if (raise::isAccess(Op)) {
          Value M = raise::memrefOf(Op);
          Temps[M].Memref = M;
          Temps[M].Accesses.push_back(Op);
          return;
        }
        for (Value V : Op->getOperands())
          if (isa<MemRefType>(V.getType()))
            Other.insert(V);
      });
      for (auto &[M, T] : Temps) {
        if (Other.contains(M) || !analyse(T, Root))
          continue;
        expand(T, Root, maxBytes);
        ++numExpanded;
        break; // One per nest: the nest moved into a version.
      }
    }
  }
};

} // namespace
