//===- OldValues.cpp - Loads of what an array held before a nest ----------===//

#include "OldValues.h"

#include "AffineAccess.h"
#include "NestAnalysis.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;
using affine::AffineForOp;
using affine::AffineLoadOp;
using affine::AffineStoreOp;

raise::DependenceView::DependenceView(AffineForOp Root) {
  if (!inElseRegion(Root))
    return;
  Block &Entry = Root->getParentOfType<func::FuncOp>().getBody().front();
  OpBuilder B(&Entry, Entry.begin());
  IRMapping Map;
  Clone = B.clone(*Root, Map);
  Root->walk([&](Operation *Op) { ToClone[Op] = Map.lookup(Op); });
}

raise::DependenceView::~DependenceView() {
  if (Clone)
    Clone->erase();
}

bool raise::onlyAffineAccesses(Operation *Op) {
  WalkResult R = Op->walk([](Operation *Inner) {
    if (isa<AffineLoadOp, AffineStoreOp>(Inner) ||
        Inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
        isMemoryEffectFree(Inner))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return !R.wasInterrupted();
}

bool raise::sameElement(Operation *A, Operation *B) {
  AffineMap Map = mapOf(A);
  return memrefOf(A) == memrefOf(B) && Map == mapOf(B) &&
         llvm::equal(mapOperandsOf(A), mapOperandsOf(B));
}

/// Whether the value @p L loads is stored, computed with or not, into its
/// array at an element other than the one it loads (a local scalar it
/// goes through is no such element).
static bool feedsOtherElements(AffineLoadOp L) {
  SetVector<Operation *> Slice;
  getForwardSlice(L.getOperation(), &Slice);
  return llvm::any_of(Slice, [&](Operation *Op) {
    auto Store = dyn_cast<AffineStoreOp>(Op);
    return Store && Store.getMemRef() == L.getMemRef() &&
           !raise::sameElement(Op, L);
  });
}

raise::OldValueLoads raise::findOldValueLoads(Operation *Scope,
                                              AffineForOp Root,
                                              const DependenceView &Test) {
  SmallVector<AffineStoreOp> RootStores;
  Root.walk([&](AffineStoreOp S) { RootStores.push_back(S); });
  llvm::SetVector<Value> Written;
  SmallVector<AffineStoreOp> Stores;
  Scope->walk([&](AffineStoreOp S) {
    Written.insert(S.getMemRef());
    Stores.push_back(S);
  });
  OldValueLoads Old;
  Scope->walk([&](AffineLoadOp L) {
    Value M = L.getMemRef();
    if (cast<MemRefType>(M.getType()).getRank() == 0 || !Written.contains(M))
      return;
    // A load of an element a store writes back (`x = f(x)`) stays in place,
    // unless its value also goes to other elements: STRMM's `TEMP =
    // ALPHA*B(K,J)` scales the column's rows above K before B(K,J) is
    // overwritten with it.
    if (llvm::any_of(Stores,
                     [&](AffineStoreOp S) { return sameElement(S, L); }) &&
        !feedsOtherElements(L))
      return;
    if (llvm::any_of(RootStores, [&](AffineStoreOp S) {
          return mayPrecede(Test(S), Test(L));
        }))
      return;
    Old[M].push_back(L);
  });
  return Old;
}

std::optional<raise::CopyBox> raise::getCopyBox(Value M,
                                                ArrayRef<AffineLoadOp> Loads,
                                                AffineForOp Root,
                                                DominanceInfo &Dom) {
  affine::MemRefRegion Region(Root.getLoc());
  for (auto [I, Load] : llvm::enumerate(Loads)) {
    AffineLoadOp L = Load;
    if (I == 0) {
      if (failed(Region.compute(L, /*loopDepth=*/0)))
        return std::nullopt;
      continue;
    }
    affine::MemRefRegion One(L.getLoc());
    if (failed(One.compute(L, /*loopDepth=*/0)) ||
        failed(Region.unionBoundingBox(One)))
      return std::nullopt;
  }
  CopyBox Result{M, SmallVector<AffineLoadOp, 2>(Loads), {}, {}, {}};
  unsigned Rank = cast<MemRefType>(M.getType()).getRank();
  for (unsigned D = 0; D < Rank; ++D) {
    AffineMap Lb, Ub;
    Region.getLowerAndUpperBound(D, Lb, Ub);
    if (!Lb || !Ub || Lb.getNumResults() == 0 || Ub.getNumResults() == 0)
      return std::nullopt;
    Result.Lbs.push_back(Lb);
    Result.Ubs.push_back(Ub);
  }
  Region.getConstraints()->getValues(
      Rank, Region.getConstraints()->getNumVars(), &Result.Operands);
  if (!llvm::all_of(Result.Operands,
                    [&](Value V) { return Dom.properlyDominates(V, Root); }))
    return std::nullopt;
  return Result;
}

SmallVector<Operation *> raise::loadFromCopy(const CopyBox &In,
                                             AffineForOp Root) {
  auto Type = cast<MemRefType>(In.Memref.getType());
  OpBuilder B(Root);
  Location Loc = Root.getLoc();
  SmallVector<Operation *> Made;
  SmallVector<Value> Sizes;
  for (unsigned D = 0; D < Type.getRank(); ++D)
    if (Type.isDynamicDim(D)) {
      auto Dim = memref::DimOp::create(B, Loc, In.Memref, D);
      Made.push_back(Dim);
      Sizes.push_back(Dim);
    }
  auto CopyType = MemRefType::get(Type.getShape(), Type.getElementType());
  auto Copy =
      memref::AllocOp::create(B, Loc, CopyType, Sizes, B.getI64IntegerAttr(64));
  Made.push_back(Copy);
  SmallVector<Value> Indices;
  for (unsigned D = 0; D < Type.getRank(); ++D) {
    auto For = AffineForOp::create(B, Loc, In.Operands, In.Lbs[D], In.Operands,
                                   In.Ubs[D]);
    if (D == 0)
      Made.push_back(For);
    Indices.push_back(For.getInductionVar());
    B.setInsertionPoint(For.getBody()->getTerminator());
  }
  Value V = AffineLoadOp::create(B, Loc, In.Memref, Indices);
  AffineStoreOp::create(B, Loc, V, Copy, Indices);
  B.setInsertionPointAfter(Root);
  Made.push_back(memref::DeallocOp::create(B, Loc, Copy));
  for (AffineLoadOp L : In.Loads)
    L->setOperand(L.getMemRefOperandIndex(), Copy);
  return Made;
}

void raise::undoLoadsFromCopy(const CopyBox &In, ArrayRef<Operation *> Made) {
  for (AffineLoadOp L : In.Loads)
    L->setOperand(L.getMemRefOperandIndex(), In.Memref);
  for (Operation *Op : llvm::reverse(Made))
    Op->erase();
}
