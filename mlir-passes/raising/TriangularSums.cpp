//===- TriangularSums.cpp - A forward substitution's sums moved outward ---===//
//
// In a forward substitution, element p sums over the finished elements
// q < p and is then finished itself (divided by the diagonal): each sum is
// a chain of dependent adds, one add's latency per step. Moved outward, the
// loop over q finishes element q and then updates every later element with
// it, which are independent: LLVM vectorizes that loop where it streams.
//
// Why the order of each element's operations stays: iteration p of the
// original loop writes only its own element, from itself, the finished
// earlier elements and data nothing in the loop writes. So element p
// receives pre(p), red(p, q) for q = lb .. p - 1 and post(p) in both
// schedules, and red(p, q) reads element q after post(q) in both.
//
//===----------------------------------------------------------------------===//

#include "InterchangeSupport.h"
#include "ScalarAnalysis.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

/// Rows whose sums interleaveTriangularSum runs side by side: eight
/// independent chains keep both FMA pipes of the x86 cores raise targets
/// busy through an FMA's latency of four cycles.
static constexpr int64_t InterleavedRows = 8;

namespace {

/// The parts of a forward substitution (see isTriangularSumToMoveOut).
struct TriangularSum {
  affine::AffineForOp Outer, Inner;
  SmallVector<Operation *> Pre, Post;
  /// red's store to X[e(p)].
  affine::AffineStoreOp Update;
};

/// True if @p Op is a store, or a load, of exactly what @p Update writes.
bool isOwnElement(Operation *Op, affine::AffineStoreOp Update) {
  raise::ElementRef Own = raise::elementOf(Update);
  if (auto Load = dyn_cast<affine::AffineLoadOp>(Op))
    return raise::elementOf(Load) == Own;
  auto Store = dyn_cast<affine::AffineStoreOp>(Op);
  return Store && raise::elementOf(Store) == Own;
}

/// True if @p Op loads X[e(q)]: what @p Update writes with q for p.
bool isEarlierElement(Operation *Op, affine::AffineStoreOp Update, Value P,
                      Value Q) {
  auto Load = dyn_cast<affine::AffineLoadOp>(Op);
  if (!Load || Load.getMemRef() != Update.getMemRef() ||
      Load.getAffineMap() != Update.getAffineMap())
    return false;
  auto Mine = Update.getMapOperands(), Theirs = Load.getMapOperands();
  return llvm::equal(
      Mine, Theirs, [&](Value M, Value T) { return M == P ? T == Q : T == M; });
}

/// True if @p Access touches no element X[e(p)] that @p Update writes in
/// any iteration of the loops from @p Depth down.
bool isApart(Operation *Access, affine::AffineStoreOp Update, unsigned Depth) {
  affine::MemRefAccess A(Access), U(Update);
  if (A.memref != U.memref)
    return true;
  unsigned Common = affine::getNumCommonSurroundingLoops(*Access, *Update);
  for (unsigned D = Depth; D <= Common + 1; ++D)
    if (!affine::noDependence(affine::checkMemrefAccessDependence(A, U, D)) ||
        !affine::noDependence(affine::checkMemrefAccessDependence(U, A, D)))
      return false;
  return true;
}

std::optional<TriangularSum> matchTriangularSum(affine::AffineForOp Outer) {
  if (Outer.getNumIterOperands() || Outer.getStepAsInt() != 1)
    return std::nullopt;
  TriangularSum T{Outer, nullptr, {}, {}, nullptr};
  for (Operation &Op : Outer.getBody()->without_terminator()) {
    if (auto For = dyn_cast<affine::AffineForOp>(Op); For && !T.Inner) {
      T.Inner = For;
      continue;
    }
    if (Op.getNumRegions() ||
        (!isa<affine::AffineLoadOp, affine::AffineStoreOp>(Op) &&
         !isMemoryEffectFree(&Op)))
      return std::nullopt;
    (T.Inner ? T.Post : T.Pre).push_back(&Op);
  }
  affine::AffineForOp Inner = T.Inner;
  if (!Inner || Inner.getNumIterOperands() || Inner.getStepAsInt() != 1)
    return std::nullopt;
  // q from p's first value up to p.
  Value P = Outer.getInductionVar(), Q = Inner.getInductionVar();
  AffineMap Ub = Inner.getUpperBoundMap();
  if (Ub.getNumResults() != 1 || Ub.getNumInputs() != 1 ||
      Ub.getResult(0) != getAffineDimExpr(0, Ub.getContext()) ||
      Inner.getUpperBoundOperands()[0] != P ||
      Inner.getLowerBoundMap() != Outer.getLowerBoundMap() ||
      Inner.getLowerBoundOperands() != Outer.getLowerBoundOperands())
    return std::nullopt;
  // red: effect-free operations, loads and one store, of X[e(p)].
  for (Operation &Op : Inner.getBody()->without_terminator()) {
    if (Op.getNumRegions())
      return std::nullopt;
    if (auto Store = dyn_cast<affine::AffineStoreOp>(Op)) {
      if (T.Update)
        return std::nullopt;
      T.Update = Store;
    } else if (!isa<affine::AffineLoadOp>(Op) && !isMemoryEffectFree(&Op)) {
      return std::nullopt;
    }
  }
  affine::AffineStoreOp Update = T.Update;
  if (!Update || !llvm::is_contained(Update.getMapOperands(), P) ||
      llvm::any_of(Update.getMapOperands(), [&](Value V) {
        return V != P &&
               !V.getParentRegion()->isProperAncestor(&Outer.getRegion());
      }))
    return std::nullopt;
  // Iteration p writes X[e(p)] alone, a different element for each p.
  unsigned Depth = affine::getNestingDepth(Outer) + 1;
  affine::MemRefAccess Own(Update);
  if (!affine::noDependence(
          affine::checkMemrefAccessDependence(Own, Own, Depth)))
    return std::nullopt;
  WalkResult Walk = Outer.walk([&](Operation *Op) {
    if (!isa<affine::AffineLoadOp, affine::AffineStoreOp>(Op) ||
        isOwnElement(Op, Update) ||
        (Inner->isAncestor(Op) && isEarlierElement(Op, Update, P, Q)))
      return WalkResult::advance();
    return isa<affine::AffineLoadOp>(Op) && isApart(Op, Update, Depth)
               ? WalkResult::advance()
               : WalkResult::interrupt();
  });
  if (Walk.wasInterrupted())
    return std::nullopt;
  // pre runs on its own first: red and post must not use its values.
  SmallPtrSet<Operation *, 8> PreOps(T.Pre.begin(), T.Pre.end());
  auto UsesPre = [&](Operation *Op) {
    return llvm::any_of(Op->getOperands(), [&](Value V) {
      return PreOps.contains(V.getDefiningOp());
    });
  };
  if (llvm::any_of(T.Post, UsesPre) ||
      Inner
          .walk([&](Operation *Op) {
            return UsesPre(Op) ? WalkResult::interrupt()
                               : WalkResult::advance();
          })
          .wasInterrupted())
    return std::nullopt;
  return T;
}

/// The one load in red of the element it updates (its running sum), if red
/// touches that element only there and in its store.
affine::AffineLoadOp getRunningSum(TriangularSum &T) {
  affine::AffineLoadOp Sum;
  for (Operation &Op : T.Inner.getBody()->without_terminator()) {
    if (&Op == T.Update.getOperation() || !isOwnElement(&Op, T.Update))
      continue;
    if (Sum)
      return nullptr;
    Sum = dyn_cast<affine::AffineLoadOp>(Op);
  }
  return Sum;
}

} // namespace

bool raise::isTriangularSumToMoveOut(affine::AffineForOp Outer) {
  std::optional<TriangularSum> T = matchTriangularSum(Outer);
  return T && !vectorizesAlready(T->Inner) &&
         streamsAlong(T->Inner, Outer.getInductionVar());
}

void raise::moveTriangularSumOut(affine::AffineForOp Outer) {
  TriangularSum T = *matchTriangularSum(Outer);
  Location Loc = Outer.getLoc();
  Value P = Outer.getInductionVar();
  OpBuilder B(Outer);
  auto LoopLikeOuter = [&](OpBuilder &At) {
    return affine::AffineForOp::create(
        At, Loc, Outer.getLowerBoundOperands(), Outer.getLowerBoundMap(),
        Outer.getUpperBoundOperands(), Outer.getUpperBoundMap());
  };
  if (!T.Pre.empty()) {
    auto PreLoop = LoopLikeOuter(B);
    OpBuilder In = OpBuilder::atBlockBegin(PreLoop.getBody());
    IRMapping Map;
    Map.map(P, PreLoop.getInductionVar());
    for (Operation *Op : T.Pre)
      In.clone(*Op, Map);
  }
  auto QLoop = LoopLikeOuter(B);
  Value Q = QLoop.getInductionVar();
  OpBuilder In = OpBuilder::atBlockBegin(QLoop.getBody());
  IRMapping PostMap;
  PostMap.map(P, Q);
  for (Operation *Op : T.Post)
    In.clone(*Op, PostMap);
  // The later elements, q + 1 up to the end.
  AffineExpr D0 = In.getAffineDimExpr(0);
  auto PLoop = affine::AffineForOp::create(
      In, Loc, ValueRange{Q}, AffineMap::get(1, 0, D0 + 1),
      Outer.getUpperBoundOperands(), Outer.getUpperBoundMap());
  OpBuilder InP = OpBuilder::atBlockBegin(PLoop.getBody());
  IRMapping RedMap;
  RedMap.map(P, PLoop.getInductionVar());
  RedMap.map(T.Inner.getInductionVar(), Q);
  for (Operation &Op : T.Inner.getBody()->without_terminator())
    InP.clone(Op, RedMap);
  Outer.erase();
}

bool raise::isTriangularSumToInterleave(affine::AffineForOp Outer) {
  std::optional<TriangularSum> T = matchTriangularSum(Outer);
  return T && Outer.hasConstantLowerBound() &&
         Outer.getUpperBoundMap().getNumResults() == 1 && getRunningSum(*T) &&
         !vectorizesAlready(T->Inner) &&
         streamsAlong(T->Inner, T->Inner.getInductionVar());
}

void raise::interleaveTriangularSum(affine::AffineForOp Outer) {
  TriangularSum T = *matchTriangularSum(Outer);
  affine::AffineLoadOp Running = getRunningSum(T);
  Location Loc = Outer.getLoc();
  MLIRContext *Ctx = Outer.getContext();
  Value P = Outer.getInductionVar(), Q = T.Inner.getInductionVar();
  int64_t Lb = Outer.getConstantLowerBound();
  AffineMap Ub = Outer.getUpperBoundMap();
  AffineMap Whole = AffineMap::get(
      Ub.getNumDims(), Ub.getNumSymbols(),
      (Ub.getResult(0) - Lb).floorDiv(InterleavedRows) * InterleavedRows + Lb);
  AffineExpr D0 = getAffineDimExpr(0, Ctx);
  AffineMap Same = AffineMap::get(1, 0, D0);
  OpBuilder B(Outer);
  // Whole blocks of rows; the rest runs in the original loop after them.
  auto Blocks = affine::AffineForOp::create(
      B, Loc, ValueRange{}, AffineMap::getConstantMap(Lb, Ctx),
      Outer.getUpperBoundOperands(), Whole, InterleavedRows);
  Value First = Blocks.getInductionVar();
  OpBuilder In = OpBuilder::atBlockTerminator(Blocks.getBody());
  SmallVector<IRMapping> Rows(InterleavedRows);
  for (auto [R, Map] : llvm::enumerate(Rows))
    Map.map(P, affine::AffineApplyOp::create(
                   In, Loc, AffineMap::get(1, 0, D0 + int64_t(R)), First));
  for (IRMapping &Map : Rows)
    for (Operation *Op : T.Pre)
      In.clone(*Op, Map);
  // Every row's sum over the elements before the block, interleaved.
  SmallVector<Value> Starts;
  for (IRMapping &Map : Rows)
    Starts.push_back(In.clone(*Running, Map)->getResult(0));
  auto Before = affine::AffineForOp::create(
      In, Loc, T.Inner.getLowerBoundOperands(), T.Inner.getLowerBoundMap(),
      ValueRange{First}, Same, 1, Starts);
  OpBuilder InBefore = OpBuilder::atBlockBegin(Before.getBody());
  SmallVector<Value> Sums;
  for (auto [R, Map] : llvm::enumerate(Rows)) {
    Map.map(Q, Before.getInductionVar());
    Map.map(Running.getResult(), Before.getRegionIterArgs()[R]);
    for (Operation &Op : T.Inner.getBody()->without_terminator())
      if (&Op != Running.getOperation() && &Op != T.Update.getOperation())
        InBefore.clone(Op, Map);
    Sums.push_back(Map.lookupOrDefault(T.Update.getValueToStore()));
  }
  affine::AffineYieldOp::create(InBefore, Loc, Sums);
  for (auto [R, Map] : llvm::enumerate(Rows)) {
    Map.map(T.Update.getValueToStore(), Before.getResult(R));
    In.clone(*T.Update, Map);
  }
  // Row by row, the sum over the block's own earlier elements, then post.
  auto Block = affine::AffineForOp::create(
      In, Loc, ValueRange{First}, Same, ValueRange{First},
      AffineMap::get(1, 0, D0 + InterleavedRows));
  OpBuilder InBlock = OpBuilder::atBlockTerminator(Block.getBody());
  IRMapping Map;
  Map.map(P, Block.getInductionVar());
  auto Within =
      affine::AffineForOp::create(InBlock, Loc, ValueRange{First}, Same,
                                  ValueRange{Block.getInductionVar()}, Same);
  Map.map(Q, Within.getInductionVar());
  OpBuilder InWithin = OpBuilder::atBlockTerminator(Within.getBody());
  for (Operation &Op : T.Inner.getBody()->without_terminator())
    InWithin.clone(Op, Map);
  for (Operation *Op : T.Post)
    InBlock.clone(*Op, Map);
  // A copy: the operands are reassigned from the op's own storage.
  SmallVector<Value> UbOperands(Outer.getUpperBoundOperands());
  Outer.setLowerBound(UbOperands, Whole);
}
