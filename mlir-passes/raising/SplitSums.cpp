//===- SplitSums.cpp - The raise-split-sums pass --------------------------===//
//
// Splits a product accumulated in interleaved partial sums (s0 over even k,
// s1 over odd k, added at the end) into one accumulation per partial sum,
// each over a strided view of its operands, and the final combination as
// written. Exact: each partial sum keeps its operations in their order, and
// the combination is the source's.
//
//===----------------------------------------------------------------------===//

#include "AffineAccess.h"
#include "FastMath.h"
#include "Passes.h"

#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "raise-split-sums"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISESPLITSUMS
#include "mlir-passes/raising/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;
using affine::AffineForOp;
using affine::AffineIfOp;
using affine::AffineLoadOp;
using affine::AffineStoreOp;
using raise::isAccess;
using raise::isLocalScalar;
using raise::mapOf;
using raise::mapOperandsOf;
using raise::memrefOf;

namespace {

/// Affine expressions over one list of values, each a symbol: subscripts of
/// different accesses, loop bounds and conditions compared in one space.
class SymbolSpace {
public:
  explicit SymbolSpace(MLIRContext *Ctx) : Ctx(Ctx) {}

  AffineExpr symbolFor(Value V) {
    auto [It, New] = Position.try_emplace(V, Values.size());
    if (New)
      Values.push_back(V);
    return getAffineSymbolExpr(It->second, Ctx);
  }

  /// Result @p R of @p Map applied to @p Operands; @p Replace substitutes
  /// an expression for one operand (a loop index).
  AffineExpr expr(AffineMap Map, ValueRange Operands, unsigned R,
                  Value Replaced = {}, AffineExpr By = {}) {
    SmallVector<AffineExpr> Dims, Syms;
    for (auto [I, V] : llvm::enumerate(Operands)) {
      AffineExpr E = (Replaced && V == Replaced) ? By : symbolFor(V);
      (I < Map.getNumDims() ? Dims : Syms).push_back(E);
    }
    return simplify(Map.getResult(R).replaceDimsAndSymbols(Dims, Syms));
  }

  /// @p E as a map over the values it uses, which it returns.
  AffineMap mapOf(AffineExpr E, SmallVectorImpl<Value> &Operands) {
    E = simplify(E);
    SmallVector<AffineExpr> Syms(Values.size(), AffineExpr());
    E.walk([&](AffineExpr Sub) {
      if (auto S = dyn_cast<AffineSymbolExpr>(Sub);
          S && !Syms[S.getPosition()]) {
        Syms[S.getPosition()] = getAffineSymbolExpr(Operands.size(), Ctx);
        Operands.push_back(Values[S.getPosition()]);
      }
    });
    for (AffineExpr &S : Syms)
      if (!S)
        S = getAffineConstantExpr(0, Ctx);
    return AffineMap::get(0, Operands.size(),
                          E.replaceDimsAndSymbols({}, Syms));
  }

  AffineExpr simplify(AffineExpr E) {
    return simplifyAffineExpr(E, 0, Values.size());
  }

  /// Whether the constraints of @p Set (over @p Operands) and `E >= 0` may
  /// hold together: false only where that is proven empty.
  bool mayHold(ArrayRef<std::pair<IntegerSet, SmallVector<Value>>> Context,
               AffineExpr E) {
    SmallVector<AffineExpr> Constraints{E};
    SmallVector<bool> Eq{false};
    for (auto &[Set, Operands] : Context) {
      SmallVector<AffineExpr> Dims, Syms;
      for (auto [I, V] : llvm::enumerate(Operands))
        (I < Set.getNumDims() ? Dims : Syms).push_back(symbolFor(V));
      for (auto [C, IsEq] : llvm::zip(Set.getConstraints(), Set.getEqFlags())) {
        Constraints.push_back(C.replaceDimsAndSymbols(Dims, Syms));
        Eq.push_back(IsEq);
      }
    }
    IntegerSet All = IntegerSet::get(0, Values.size(), Constraints, Eq);
    return !FlatLinearValueConstraints(All).isEmpty();
  }

  MLIRContext *Ctx;
  SmallVector<Value> Values;
  DenseMap<Value, unsigned> Position;
};

/// The coefficient of @p Iv in a subscript linear in it, or nothing.
std::optional<int64_t> coefficientOf(SymbolSpace &S, AffineMap Map,
                                     ValueRange Operands, unsigned R,
                                     Value Iv) {
  MLIRContext *Ctx = Map.getContext();
  AffineExpr Zero = getAffineConstantExpr(0, Ctx);
  AffineExpr E = S.expr(Map, Operands, R);
  AffineExpr E0 = S.expr(Map, Operands, R, Iv, Zero);
  auto C = dyn_cast<AffineConstantExpr>(S.simplify(
      S.expr(Map, Operands, R, Iv, getAffineConstantExpr(1, Ctx)) - E0));
  if (!C)
    return std::nullopt;
  auto Rest = dyn_cast<AffineConstantExpr>(
      S.simplify(E - E0 - S.symbolFor(Iv) * C.getValue()));
  if (!Rest || Rest.getValue() != 0)
    return std::nullopt;
  return C.getValue();
}

/// One partial sum.
struct Lane {
  Value Scalar;
  AffineStoreOp Update;          ///< In the reduction loop.
  AffineLoadOp AccLoad;          ///< The update's load of the scalar.
  SmallVector<Operation *> Ops;  ///< The update's slice, program order.
  Value Init;                    ///< Defined outside the nest.
  SmallVector<Operation *> Peel; ///< Iteration lb - 1, before the loop.
  SmallVector<Operation *> Tail; ///< Iteration ub, after the loop.
  AffineLoadOp After;            ///< The load of the scalar after the loop.
  Value Final;                   ///< The partial sum's value.
};

class Splitter {
public:
  Splitter(AffineForOp Red, bool AllowReassoc)
      : Red(Red), Space(Red.getContext()), Body(Red->getBlock()),
        AllowReassoc(AllowReassoc) {}

  LogicalResult run(std::string &Why);

private:
  bool inRoot(Value V) {
    return Root->isAncestor(V.getParentRegion()->getParentOp());
  }
  LogicalResult collectLoops(std::string &Why);
  LogicalResult collectLanes(std::string &Why);
  LogicalResult matchPieces(Lane &L, std::string &Why);
  bool matchSlice(Lane &L, ArrayRef<Operation *> Other, Value Acc,
                  AffineExpr IvValue);
  bool equalUnderContext(AffineExpr A, AffineExpr B);
  LogicalResult collectCombination(std::string &Why);
  LogicalResult checkAccesses(std::string &Why);
  bool checkMerge();
  void rewrite();

  AffineForOp Red;
  SymbolSpace Space;
  Block *Body;
  bool AllowReassoc;
  AffineForOp Root;
  SmallVector<AffineForOp> Outer; ///< Outermost first.
  /// An outer loop's bound uses another's index (a triangle).
  bool Triangle = false;
  SmallVector<std::pair<IntegerSet, SmallVector<Value>>> Context;
  SmallVector<Lane> Lanes;
  SmallVector<Operation *> Combination; ///< Program order.
  SmallVector<Operation *> Dead;        ///< Stores of the initial values.
  int64_t Lb = 0;
  AffineExpr Ub;
  bool Guard = false;
  /// Under reassociation: the partial sums become one sum over every k, the
  /// adds that combine them (Tree, rooted at TreeRoot) go.
  bool Merge = false;
  llvm::SmallPtrSet<Operation *, 4> Tree;
  Operation *TreeRoot = nullptr;
  unsigned Base = 0; ///< The lane of the first k.
  AffineExpr Total;  ///< Iterations of the merged loop.
};

LogicalResult Splitter::collectLoops(std::string &Why) {
  Why = "the accumulation loop is not a loop by 1 in a perfect nest";
  if (Red.getNumResults() != 0 || !Red.hasConstantLowerBound() ||
      Red.getStepAsInt() != 1 || Red.getUpperBoundMap().getNumResults() != 1)
    return failure();
  Lb = Red.getConstantLowerBound();
  auto Parent = dyn_cast<AffineForOp>(Red->getParentOp());
  while (Parent) {
    Outer.insert(Outer.begin(), Parent);
    auto Next = dyn_cast<AffineForOp>(Parent->getParentOp());
    if (!Next || Next.getBody()->getOperations().size() != 2)
      break;
    Parent = Next;
  }
  if (Outer.empty())
    return failure();
  Root = Outer.front();
  for (auto [M, L] : llvm::enumerate(Outer)) {
    if (L.getNumResults() != 0 || !L.hasConstantLowerBound() ||
        L.getConstantLowerBound() != 0 || L.getStepAsInt() != 1 ||
        L.getUpperBoundMap().getNumResults() != 1)
      return failure();
    // A bound may be linear in the indices of loops around (a triangle):
    // the temporaries take its largest value.
    for (Value V : L.getUpperBoundOperands()) {
      if (!inRoot(V))
        continue;
      Triangle = true;
      auto *Around = llvm::find_if(
          llvm::ArrayRef(Outer).take_front(M),
          [&](AffineForOp O) { return O.getInductionVar() == V; });
      if (Around == Outer.begin() + M ||
          !coefficientOf(Space, L.getUpperBoundMap(), L.getUpperBoundOperands(),
                         0, V))
        return failure();
    }
  }
  if (llvm::any_of(Red.getUpperBoundOperands(),
                   [&](Value V) { return inRoot(V); }))
    return failure();
  Ub = Space.expr(Red.getUpperBoundMap(), Red.getUpperBoundOperands(), 0);
  // The conditions the nest runs under (the versions raise-hoist-guards
  // made), to compare subscripts that are equal only under them.
  for (Operation *Op = Root->getParentOp(); Op; Op = Op->getParentOp())
    if (auto If = dyn_cast<AffineIfOp>(Op))
      if (If.getThenRegion().isAncestor(Root->getParentRegion()))
        Context.push_back(
            {If.getIntegerSet(), llvm::to_vector(If.getOperands())});
  Why.clear();
  return success();
}

LogicalResult Splitter::collectLanes(std::string &Why) {
  DenseMap<Operation *, unsigned> LaneOf;
  for (Operation &Op : Red.getBody()->without_terminator()) {
    if (Op.getNumRegions() != 0 || (!isAccess(&Op) && !isPure(&Op))) {
      Why = "the accumulation loop holds an operation with effects";
      return failure();
    }
    if (auto Store = dyn_cast<AffineStoreOp>(&Op)) {
      if (!isLocalScalar(Store.getMemRef())) {
        Why = "the accumulation loop stores to an array";
        return failure();
      }
      LaneOf[Store] = Lanes.size();
      Lanes.push_back({});
      Lanes.back().Scalar = Store.getMemRef();
      Lanes.back().Update = Store;
    }
  }
  if (Lanes.size() < 2) {
    Why = "fewer than two partial sums";
    return failure();
  }
  // Each op of the loop belongs to the one lane whose update uses it.
  for (Operation &Op : llvm::reverse(Red.getBody()->without_terminator())) {
    std::optional<unsigned> L;
    if (auto It = LaneOf.find(&Op); It != LaneOf.end())
      L = It->second;
    for (Operation *User : Op.getUsers()) {
      auto It = LaneOf.find(User);
      if (It == LaneOf.end() || (L && *L != It->second)) {
        Why = "the partial sums share an operation";
        return failure();
      }
      L = It->second;
    }
    if (!L) {
      Why = "the accumulation loop computes what no partial sum uses";
      return failure();
    }
    LaneOf[&Op] = *L;
    Lanes[*L].Ops.insert(Lanes[*L].Ops.begin(), &Op);
    if (auto Load = dyn_cast<AffineLoadOp>(&Op);
        Load && isLocalScalar(Load.getMemRef())) {
      if (Load.getMemRef() != Lanes[*L].Scalar || Lanes[*L].AccLoad) {
        Why = "a partial sum reads another local scalar";
        return failure();
      }
      Lanes[*L].AccLoad = Load;
    }
  }
  for (Lane &L : Lanes)
    if (!L.AccLoad || llvm::count_if(Lanes, [&](Lane &O) {
                        return O.Scalar == L.Scalar;
                      }) != 1) {
      Why = "a local scalar is not one partial sum";
      return failure();
    }
  return success();
}

bool Splitter::equalUnderContext(AffineExpr A, AffineExpr B) {
  AffineExpr D = Space.simplify(A - B);
  if (auto C = dyn_cast<AffineConstantExpr>(D))
    return C.getValue() == 0;
  return !Space.mayHold(Context, D - 1) && !Space.mayHold(Context, -D - 1);
}

/// Whether @p Other computes what the loop's update of @p L computes at
/// iteration @p IvValue, with @p Acc for the scalar's value.
bool Splitter::matchSlice(Lane &L, ArrayRef<Operation *> Other, Value Acc,
                          AffineExpr IvValue) {
  SmallVector<Operation *> Ref;
  for (Operation *Op : L.Ops)
    if (Op != L.AccLoad && Op != L.Update)
      Ref.push_back(Op);
  if (Ref.size() != Other.size())
    return false;
  IRMapping Map;
  Map.map(L.AccLoad.getResult(), Acc);
  Value Iv = Red.getInductionVar();
  for (auto [R, O] : llvm::zip(Ref, Other)) {
    if (R->getName() != O->getName() ||
        R->getResultTypes() != O->getResultTypes())
      return false;
    if (!isAccess(R)) {
      if (R->getNumOperands() != O->getNumOperands())
        return false;
      if (R->getAttrDictionary() != O->getAttrDictionary())
        return false;
      for (auto [VR, VO] : llvm::zip(R->getOperands(), O->getOperands()))
        if (Map.lookupOrDefault(VR) != VO)
          return false;
    } else {
      auto Load = cast<AffineLoadOp>(R);
      if (Load.getMemRef() != memrefOf(O))
        return false;
      AffineMap MO = mapOf(O);
      for (unsigned I = 0, E = Load.getAffineMap().getNumResults(); I != E; ++I)
        if (!equalUnderContext(Space.expr(Load.getAffineMap(),
                                          Load.getMapOperands(), I, Iv,
                                          IvValue),
                               Space.expr(MO, mapOperandsOf(O), I)))
          return false;
    }
    for (auto [VR, VO] : llvm::zip(R->getResults(), O->getResults()))
      Map.map(VR, VO);
  }
  return Map.lookupOrDefault(L.Update.getValueToStore()) ==
         Other.back()->getResult(0);
}

/// The ops of @p Body that @p V is computed from, program order, stopping
/// at @p Leaf; fails if one is not pure or reads a local scalar.
bool sliceOf(Value V, Value Leaf, Block *Body,
             SmallVectorImpl<Operation *> &Slice) {
  llvm::SmallPtrSet<Operation *, 16> Seen;
  SmallVector<Value> Work{V};
  while (!Work.empty()) {
    Value W = Work.pop_back_val();
    Operation *Def = W.getDefiningOp();
    if (W == Leaf || !Def || Def->getBlock() != Body ||
        !Seen.insert(Def).second)
      continue;
    if (Def->getNumRegions() != 0 ||
        (!isa<AffineLoadOp>(Def) && !isPure(Def)) ||
        (isa<AffineLoadOp>(Def) && isLocalScalar(memrefOf(Def))))
      return false;
    llvm::append_range(Work, Def->getOperands());
  }
  for (Operation &Op : *Body)
    if (Seen.contains(&Op))
      Slice.push_back(&Op);
  return true;
}

LogicalResult Splitter::matchPieces(Lane &L, std::string &Why) {
  MLIRContext *Ctx = Red.getContext();
  // Before the loop: stores of the initial value, the last maybe the
  // iteration lb - 1 peeled; after it, one load of the sum.
  SmallVector<AffineStoreOp> Before;
  for (Operation *User : L.Scalar.getUsers()) {
    if (Red->isAncestor(User))
      continue;
    if (User->getBlock() != Body) {
      Why = "a partial sum is used outside its loop nest";
      return failure();
    }
    if (User->isBeforeInBlock(Red)) {
      auto Store = dyn_cast<AffineStoreOp>(User);
      if (!Store) {
        Why = "a partial sum is read before its loop";
        return failure();
      }
      Before.push_back(Store);
      continue;
    }
    if (!isa<AffineLoadOp>(User) || L.After) {
      Why = "a partial sum is used more than once after its loop";
      return failure();
    }
    L.After = cast<AffineLoadOp>(User);
  }
  if (Before.empty() || !L.After) {
    Why = "a partial sum has no initial value or no use";
    return failure();
  }
  llvm::sort(Before, [](AffineStoreOp A, AffineStoreOp B) {
    return A->isBeforeInBlock(B);
  });
  Value Last = Before.back().getValueToStore();
  auto IsInit = [&](Value V) {
    return !inRoot(V) && V.getType() == L.AccLoad.getType();
  };
  if (IsInit(Last)) {
    L.Init = Last;
  } else {
    // The peeled iteration: the update at lb - 1 from an initial value.
    SmallVector<Operation *> Slice;
    if (!sliceOf(Last, {}, Body, Slice) || Slice.empty()) {
      Why = "a partial sum starts from a value computed in the nest";
      return failure();
    }
    // The initial value is the operand the loop's accumulator stands for.
    Operation *AccUser = *L.AccLoad->getUsers().begin();
    if (AccUser->getNumResults() != 1) {
      Why = "the first iteration peeled is not the loop's";
      return failure();
    }
    unsigned Pos = 0;
    for (auto [I, V] : llvm::enumerate(AccUser->getOperands()))
      if (V == L.AccLoad.getResult())
        Pos = I;
    unsigned Index = 0;
    for (Operation *Op : L.Ops) {
      if (Op == AccUser)
        break;
      if (Op != L.AccLoad)
        ++Index;
    }
    if (Index >= Slice.size() || Slice[Index]->getNumOperands() <= Pos) {
      Why = "the first iteration peeled is not the loop's";
      return failure();
    }
    Value Acc = Slice[Index]->getOperand(Pos);
    if (!IsInit(Acc) ||
        !matchSlice(L, Slice, Acc, getAffineConstantExpr(Lb - 1, Ctx))) {
      Why = "the first iteration peeled is not the loop's";
      return failure();
    }
    L.Init = Acc;
    L.Peel = Slice;
  }
  for (AffineStoreOp Store : Before)
    Dead.push_back(Store);
  // After the loop: the iteration ub, if the update follows the load.
  L.Final = L.After.getResult();
  if (L.After->hasOneUse() &&
      (*L.AccLoad->getUsers().begin())->getNumResults() == 1) {
    Operation *User = *L.After->getUsers().begin();
    // Follow the update's chain from its accumulator to its result.
    Operation *RefOp = *L.AccLoad->getUsers().begin();
    Operation *Op = User;
    while (RefOp->getResult(0) != L.Update.getValueToStore() && Op &&
           RefOp->hasOneUse() && Op->getNumResults() == 1 && Op->hasOneUse()) {
      RefOp = *RefOp->getUsers().begin();
      Op = *Op->getUsers().begin();
      if (RefOp->getNumResults() != 1)
        break;
    }
    SmallVector<Operation *> Slice;
    if (Op && Op->getBlock() == Body && Op->getNumResults() == 1 &&
        RefOp->getNumResults() == 1 &&
        RefOp->getResult(0) == L.Update.getValueToStore() &&
        sliceOf(Op->getResult(0), L.After.getResult(), Body, Slice) &&
        matchSlice(L, Slice, L.After.getResult(), Ub)) {
      L.Tail = Slice;
      L.Final = Op->getResult(0);
    }
  }
  if (!L.Peel.empty() || !L.Tail.empty())
    Guard = true;
  return success();
}

LogicalResult Splitter::collectCombination(std::string &Why) {
  // What is left of the body: array stores and what they compute from the
  // partial sums' final values.
  llvm::SmallPtrSet<Operation *, 32> LaneOps;
  for (Operation *Op : Dead)
    LaneOps.insert(Op);
  for (Lane &L : Lanes) {
    LaneOps.insert(L.After);
    LaneOps.insert(L.Peel.begin(), L.Peel.end());
    LaneOps.insert(L.Tail.begin(), L.Tail.end());
  }
  llvm::SmallPtrSet<Operation *, 32> Needed;
  SmallVector<Operation *> Work;
  for (Operation &Op : Body->without_terminator()) {
    if (&Op == Red.getOperation() || LaneOps.contains(&Op))
      continue;
    if (auto Store = dyn_cast<AffineStoreOp>(&Op)) {
      if (isLocalScalar(Store.getMemRef()) || Op.isBeforeInBlock(Red)) {
        Why = "the nest stores other than the partial sums and their "
              "combination";
        return failure();
      }
      Work.push_back(&Op);
    }
  }
  if (Work.empty()) {
    Why = "the partial sums are not stored";
    return failure();
  }
  SmallVector<Value> Finals;
  for (Lane &L : Lanes)
    Finals.push_back(L.Final);
  llvm::SmallPtrSet<Value, 4> Used;
  while (!Work.empty()) {
    Operation *Op = Work.pop_back_val();
    if (!Needed.insert(Op).second)
      continue;
    if (Op->getNumRegions() != 0 || (!isAccess(Op) && !isPure(Op)) ||
        (isAccess(Op) && isLocalScalar(memrefOf(Op)))) {
      Why = "a partial sum is used other than in the final combination";
      return failure();
    }
    for (Value V : Op->getOperands()) {
      if (llvm::is_contained(Finals, V)) {
        Used.insert(V);
        continue;
      }
      if (Operation *Def = V.getDefiningOp(); Def && Def->getBlock() == Body)
        Work.push_back(Def);
      else if (Def && Red->isAncestor(Def)) {
        Why = "the combination uses a value of the accumulation loop";
        return failure();
      }
    }
  }
  if (Used.size() != Lanes.size()) {
    Why = "a partial sum is not used by the final combination";
    return failure();
  }
  // Every op of the body is a lane's or the combination's: nothing else
  // runs in between that the split would move.
  for (Operation &Op : Body->without_terminator())
    if (&Op != Red.getOperation() && !LaneOps.contains(&Op) &&
        !Needed.contains(&Op) && !isPure(&Op)) {
      Why = "the nest does more than the partial sums and their combination";
      return failure();
    }
  for (Operation &Op : Body->without_terminator())
    if (Needed.contains(&Op))
      Combination.push_back(&Op);
  // A lane's final value is used only by the combination.
  for (Lane &L : Lanes)
    for (Operation *User : L.Final.getUsers())
      if (!Needed.contains(User)) {
        Why = "a partial sum is used other than in the final combination";
        return failure();
      }
  return success();
}

LogicalResult Splitter::checkAccesses(std::string &Why) {
  // The loop's array accesses become accesses of views that step by the
  // subscript's coefficient: the subscripts that step with the loop may
  // use nothing else of the nest.
  Value Iv = Red.getInductionVar();
  llvm::SmallPtrSet<Value, 8> Written;
  for (Operation *Op : Combination)
    if (isa<AffineStoreOp>(Op))
      Written.insert(memrefOf(Op));
  for (Lane &L : Lanes)
    for (Operation *Op : L.Ops) {
      if (!isa<AffineLoadOp>(Op) || Op == L.AccLoad)
        continue;
      Value Memref = memrefOf(Op);
      if (inRoot(Memref) || Written.contains(Memref)) {
        Why = "an operand is an array the nest computes";
        return failure();
      }
      AffineMap Map = mapOf(Op);
      for (unsigned R = 0; R != Map.getNumResults(); ++R) {
        std::optional<int64_t> C =
            coefficientOf(Space, Map, mapOperandsOf(Op), R, Iv);
        if (!C || *C < 0) {
          Why = "a subscript does not step forward with the loop";
          return failure();
        }
        if (*C == 0)
          continue;
        AffineExpr E = Space.expr(Map, mapOperandsOf(Op), R);
        bool Outside = true;
        E.walk([&](AffineExpr Sub) {
          if (auto S = dyn_cast<AffineSymbolExpr>(Sub))
            if (Space.Values[S.getPosition()] != Iv &&
                inRoot(Space.Values[S.getPosition()]))
              Outside = false;
        });
        if (!Outside) {
          Why = "a subscript that steps with the loop also uses an outer "
                "loop";
          return failure();
        }
      }
    }
  return success();
}

bool isFloatZero(Value V) {
  auto Cst = V.getDefiningOp<arith::ConstantOp>();
  auto F = Cst ? dyn_cast<FloatAttr>(Cst.getValue()) : FloatAttr();
  return F && F.getValue().isZero();
}

bool Splitter::checkMerge() {
  int64_t S = Lanes.size();
  for (Lane &L : Lanes)
    for (Operation *Op : llvm::concat<Operation *const>(L.Ops, L.Peel, L.Tail))
      if (!raise::isReassociable(Op))
        return false;
  // The combination's adds of the partial sums: a tree of arith.addf whose
  // leaves are the partial sums, each once.
  llvm::SmallPtrSet<Value, 8> Inner;
  for (Lane &L : Lanes)
    Inner.insert(L.Final);
  unsigned Leaves = 0;
  for (Operation *Op : Combination) {
    if (!isa<arith::AddFOp>(Op) || !raise::isReassociable(Op) ||
        !llvm::all_of(Op->getOperands(),
                      [&](Value V) { return Inner.contains(V); }))
      continue;
    for (Value V : Op->getOperands())
      if (!V.hasOneUse())
        return false;
    Leaves += llvm::count_if(Op->getOperands(), [&](Value V) {
      return llvm::any_of(Lanes, [&](Lane &L) { return L.Final == V; });
    });
    Tree.insert(Op);
    Inner.insert(Op->getResult(0));
    TreeRoot = Op;
  }
  if (Leaves != S || Tree.size() != static_cast<size_t>(S - 1) ||
      llvm::any_of(Lanes, [&](Lane &L) {
        return llvm::any_of(L.Final.getUsers(),
                            [&](Operation *U) { return !Tree.contains(U); });
      }))
    return false;
  for (Operation *Op : Tree)
    if (Op != TreeRoot && llvm::any_of(Op->getUsers(), [&](Operation *U) {
          return !Tree.contains(U);
        }))
      return false;
  // Every lane is the first one's operations on elements t * a / S on,
  // where a is the subscript's step with the loop: lane t handles k = S * k'
  // + t of one loop over every k.
  Value Iv = Red.getInductionVar();
  SmallVector<int64_t> Rel(S, 0);
  const Lane &First = Lanes.front();
  for (auto [T, L] : llvm::enumerate(Lanes)) {
    if (L.Ops.size() != First.Ops.size() ||
        L.Peel.empty() != First.Peel.empty())
      return false;
    std::optional<int64_t> Shift;
    IRMapping Map;
    for (auto [R0, RT] : llvm::zip(First.Ops, L.Ops)) {
      if (R0->getName() != RT->getName() ||
          R0->getResultTypes() != RT->getResultTypes())
        return false;
      if (isa<AffineLoadOp>(R0) && R0 != First.AccLoad) {
        if (RT == L.AccLoad || memrefOf(R0) != memrefOf(RT))
          return false;
        AffineMap M0 = mapOf(R0), MT = mapOf(RT);
        if (M0.getNumResults() != MT.getNumResults())
          return false;
        for (unsigned D = 0; D != M0.getNumResults(); ++D) {
          std::optional<int64_t> A0 =
              coefficientOf(Space, M0, mapOperandsOf(R0), D, Iv);
          std::optional<int64_t> AT =
              coefficientOf(Space, MT, mapOperandsOf(RT), D, Iv);
          auto Diff = dyn_cast<AffineConstantExpr>(
              Space.simplify(Space.expr(MT, mapOperandsOf(RT), D) -
                             Space.expr(M0, mapOperandsOf(R0), D)));
          if (!A0 || A0 != AT || !Diff || *A0 % S != 0)
            return false;
          int64_t Step = *A0 / S;
          if (Step == 0) {
            if (Diff.getValue() != 0)
              return false;
            continue;
          }
          if (Diff.getValue() % Step != 0 ||
              (Shift && *Shift != Diff.getValue() / Step))
            return false;
          Shift = Diff.getValue() / Step;
        }
      } else if (!isAccess(R0)) {
        if (R0->getAttrDictionary() != RT->getAttrDictionary() ||
            R0->getNumOperands() != RT->getNumOperands())
          return false;
        for (auto [V0, VT] : llvm::zip(R0->getOperands(), RT->getOperands()))
          if (Map.lookupOrDefault(V0) != VT)
            return false;
      } else if ((R0 == First.AccLoad) != (RT == L.AccLoad)) {
        return false;
      }
      for (auto [V0, VT] : llvm::zip(R0->getResults(), RT->getResults()))
        Map.map(V0, VT);
    }
    if (!Shift)
      return false;
    Rel[T] = *Shift;
  }
  int64_t Min = *llvm::min_element(Rel);
  SmallVector<bool> Seen(S, false);
  for (auto [T, R] : llvm::enumerate(Rel)) {
    int64_t Pos = R - Min;
    if (Pos >= S || Seen[Pos])
      return false;
    Seen[Pos] = true;
    if (Pos == 0)
      Base = T;
  }
  // The lanes together visit every k once: lane t runs (Total - t + S - 1)
  // floordiv S times. The others' initial values are zeros, which the
  // merged sum, starting from the first lane's, drops.
  Total = getAffineConstantExpr(0, Red.getContext());
  int64_t FirstIt = Lb - (First.Peel.empty() ? 0 : 1);
  auto TripOf = [&](const Lane &L) {
    return Ub - FirstIt + (L.Tail.empty() ? 0 : 1);
  };
  for (Lane &L : Lanes)
    Total = Total + TripOf(L);
  for (auto [T, L] : llvm::enumerate(Lanes)) {
    int64_t Pos = Rel[T] - Min;
    AffineExpr Expected = (Total - Pos + (S - 1)).floorDiv(S);
    if (!equalUnderContext(TripOf(L), Expected))
      return false;
    if (T != Base && !isFloatZero(L.Init))
      return false;
  }
  return true;
}

void Splitter::rewrite() {
  MLIRContext *Ctx = Red.getContext();
  Location Loc = Root.getLoc();
  OpBuilder B(Root);
  Value Iv = Red.getInductionVar();
  int64_t NumLanes = Lanes.size();

  // The values of the space's symbols, for maps over it.
  auto ApplyExpr = [&](OpBuilder &B, AffineExpr E) -> Value {
    E = Space.simplify(E);
    if (auto C = dyn_cast<AffineConstantExpr>(E))
      return arith::ConstantIndexOp::create(B, Loc, C.getValue());
    SmallVector<Value> Operands;
    AffineMap M = Space.mapOf(E, Operands);
    return affine::AffineApplyOp::create(B, Loc, M, Operands);
  };

  // Partial sums may run only from lb - 1 to ub if the loop runs at least
  // once: where not known, the original nest is kept for the other case.
  Block *Then = nullptr;
  AffineIfOp If;
  if (Guard &&
      Space.mayHold(Context,
                    Space.simplify(getAffineConstantExpr(Lb - 1, Ctx) - Ub))) {
    SmallVector<Value> Operands;
    AffineMap M = Space.mapOf(Ub - Lb, Operands);
    IntegerSet Set =
        IntegerSet::get(0, Operands.size(), {M.getResult(0)}, {false});
    If = AffineIfOp::create(B, Loc, Set, Operands, /*withElseRegion=*/true);
    Then = If.getThenBlock();
    B.setInsertionPointToStart(Then);
  }

  // Temporaries for the partial sums over the outer loops, each extent the
  // loop's largest trip count: a bound linear in an outer index is largest
  // at that index's first or last value.
  SmallVector<Value> Sizes;
  DenseMap<Value, Value> Last;
  Value Zero;
  for (AffineForOp L : Outer) {
    AffineMap Ub = L.getUpperBoundMap();
    AffineMap Max =
        AffineMap::get(Ub.getNumDims(), Ub.getNumSymbols(),
                       {Ub.getResult(0), getAffineConstantExpr(0, Ctx)}, Ctx);
    SmallVector<Value> Operands;
    for (Value V : L.getUpperBoundOperands()) {
      auto It = Last.find(V);
      if (It == Last.end()) {
        Operands.push_back(V);
      } else if (*coefficientOf(Space, Ub, L.getUpperBoundOperands(), 0, V) >=
                 0) {
        Operands.push_back(It->second);
      } else {
        if (!Zero)
          Zero = arith::ConstantIndexOp::create(B, Loc, 0);
        Operands.push_back(Zero);
      }
    }
    Sizes.push_back(affine::AffineMaxOp::create(B, Loc, Max, Operands));
    Last[L.getInductionVar()] =
        affine::AffineApplyOp::create(
            B, Loc, AffineMap::get(0, 1, getAffineSymbolExpr(0, Ctx) - 1),
            ValueRange{Sizes.back()})
            .getResult();
  }
  // Over a triangle, laid out as the array the combination stores to, each
  // sum at its element: raise-align-triangles, which starts a loop Polly
  // counts from zero at its first index, then sees the same subscripts in
  // both.
  AffineStoreOp Out;
  if (Triangle) {
    for (Operation *Op : Combination)
      if (auto Store = dyn_cast<AffineStoreOp>(Op))
        Out = Out ? AffineStoreOp() : Store;
  }
  if (Out) {
    Sizes.clear();
    for (int64_t D = 0, E = Out.getMemRefType().getRank(); D != E; ++D)
      Sizes.push_back(memref::DimOp::create(B, Loc, Out.getMemRef(), D));
  }
  Type Elem = Lanes.front().AccLoad.getType();
  auto TempType = MemRefType::get(
      SmallVector<int64_t>(Sizes.size(), ShapedType::kDynamic), Elem);
  SmallVector<Value> Temps;
  for (int64_t T = 0; T < NumLanes && !Merge; ++T)
    Temps.push_back(memref::AllocOp::create(B, Loc, TempType, Sizes));
  // Merged, the first lane alone runs over every k, its subscripts
  // stepping by a / S.
  SmallVector<unsigned> Emitted;
  for (unsigned T = 0; T < Lanes.size(); ++T)
    if (!Merge || T == Base)
      Emitted.push_back(T);
  int64_t Divisor = Merge ? NumLanes : 1;

  // Per lane, its trip count and views of what its loop reads.
  SmallVector<AffineExpr> Trips;
  DenseMap<Operation *, Value> ViewOf;
  for (unsigned T : Emitted) {
    Lane &L = Lanes[T];
    int64_t First = Lb - (L.Peel.empty() ? 0 : 1);
    AffineExpr Trip = Merge ? Total : Ub - First + (L.Tail.empty() ? 0 : 1);
    Trips.push_back(Trip);
    // A view's size may not be negative where the loop does not run.
    SmallVector<Value> TripOperands;
    AffineMap TripMap = Space.mapOf(Trip, TripOperands);
    Value TripV = affine::AffineMaxOp::create(
        B, Loc,
        AffineMap::get(0, TripOperands.size(),
                       {TripMap.getResult(0), getAffineConstantExpr(0, Ctx)},
                       Ctx),
        TripOperands);
    for (Operation *Op : L.Ops) {
      if (!isa<AffineLoadOp>(Op) || Op == L.AccLoad)
        continue;
      auto Load = cast<AffineLoadOp>(Op);
      AffineMap Map = Load.getAffineMap();
      SmallVector<OpFoldResult> Offsets, ViewSizes, Strides;
      for (unsigned R = 0; R != Map.getNumResults(); ++R) {
        int64_t C = *coefficientOf(Space, Map, Load.getMapOperands(), R, Iv);
        if (C == 0) {
          Offsets.push_back(B.getIndexAttr(0));
          ViewSizes.push_back(
              memref::DimOp::create(B, Loc, Load.getMemRef(), R).getResult());
          Strides.push_back(B.getIndexAttr(1));
          continue;
        }
        Offsets.push_back(
            ApplyExpr(B, Space.expr(Map, Load.getMapOperands(), R, Iv,
                                    getAffineConstantExpr(First, Ctx))));
        ViewSizes.push_back(TripV);
        Strides.push_back(B.getIndexAttr(C / Divisor));
      }
      ViewOf[Op] = memref::SubViewOp::create(B, Loc, Load.getMemRef(), Offsets,
                                             ViewSizes, Strides);
    }
  }

  // One nest: per lane its accumulation into its temporary, then the
  // combination, each element as before.
  IRMapping Map;
  OpBuilder NB = B;
  SmallVector<Value> Ivs;
  AffineForOp NewRoot;
  for (AffineForOp L : Outer) {
    auto For = AffineForOp::create(
        NB, Loc, L.getLowerBoundOperands(), L.getLowerBoundMap(),
        llvm::map_to_vector(L.getUpperBoundOperands(),
                            [&](Value V) { return Map.lookupOrDefault(V); }),
        L.getUpperBoundMap(), 1);
    if (!NewRoot)
      NewRoot = For;
    Map.map(L.getInductionVar(), For.getInductionVar());
    Ivs.push_back(For.getInductionVar());
    NB.setInsertionPointToStart(For.getBody());
  }
  // Where the temporaries hold each sum: the outer indices, or the
  // combination's element.
  AffineMap TempMap = Out ? Out.getAffineMap()
                          : AffineMap::getMultiDimIdentityMap(Ivs.size(), Ctx);
  SmallVector<Value> TempOperands =
      Out ? llvm::map_to_vector(Out.getMapOperands(),
                                [&](Value V) { return Map.lookupOrDefault(V); })
          : Ivs;
  NewRoot->setAttr(Merge ? "raise.partial_sums_merged" : "raise.partial_sums",
                   NB.getI64IntegerAttr(NumLanes));
  for (auto [I, T] : llvm::enumerate(Emitted)) {
    Lane &L = Lanes[T];
    AffineStoreOp::create(NB, Loc, L.Init, L.Scalar, ValueRange{});
    SmallVector<Value> Operands;
    AffineMap TripMap = Space.mapOf(Trips[I], Operands);
    auto For = AffineForOp::create(NB, Loc, ValueRange{},
                                   AffineMap::getConstantMap(0, Ctx), Operands,
                                   TripMap, 1);
    OpBuilder LB = OpBuilder::atBlockBegin(For.getBody());
    IRMapping LaneMap = Map;
    LaneMap.map(Iv, For.getInductionVar());
    for (Operation *Op : L.Ops) {
      auto It = ViewOf.find(Op);
      if (It == ViewOf.end()) {
        LB.clone(*Op, LaneMap);
        continue;
      }
      // The subscripts that step with the loop are the loop's index in
      // the view; the others stay.
      auto Load = cast<AffineLoadOp>(Op);
      AffineMap M = Load.getAffineMap();
      SmallVector<AffineExpr> Results;
      for (unsigned R = 0; R != M.getNumResults(); ++R) {
        int64_t C = *coefficientOf(Space, M, Load.getMapOperands(), R, Iv);
        Results.push_back(C == 0 ? M.getResult(R)
                                 : getAffineDimExpr(M.getNumDims(), Ctx));
      }
      SmallVector<Value> Operands;
      for (auto [I, V] : llvm::enumerate(Load.getMapOperands())) {
        if (I == M.getNumDims())
          Operands.push_back(For.getInductionVar());
        Operands.push_back(LaneMap.lookupOrDefault(V));
      }
      if (M.getNumSymbols() == 0)
        Operands.push_back(For.getInductionVar());
      AffineMap NewMap =
          AffineMap::get(M.getNumDims() + 1, M.getNumSymbols(), Results, Ctx);
      auto NewLoad =
          AffineLoadOp::create(LB, Loc, It->second, NewMap, Operands);
      LaneMap.map(Load.getResult(), NewLoad.getResult());
    }
    Value Sum = AffineLoadOp::create(NB, Loc, L.Scalar, ValueRange{});
    if (Merge)
      Map.map(TreeRoot->getResult(0), Sum);
    else
      AffineStoreOp::create(NB, Loc, Sum, Temps[T], TempMap, TempOperands);
  }
  for (auto [T, Temp] : llvm::enumerate(Temps))
    Map.map(
        Lanes[T].Final,
        AffineLoadOp::create(NB, Loc, Temp, TempMap, TempOperands).getResult());
  for (Operation *Op : Combination)
    if (!Merge || !Tree.contains(Op))
      NB.clone(*Op, Map);

  for (Value Temp : Temps)
    memref::DeallocOp::create(B, Loc, Temp);
  if (If) {
    Root->moveBefore(If.getElseBlock(), If.getElseBlock()->begin());
    Root->setAttr("raise.split_sums_kept", B.getUnitAttr());
  } else {
    Root->erase();
  }
}

LogicalResult Splitter::run(std::string &Why) {
  if (failed(collectLoops(Why)) || failed(collectLanes(Why)))
    return failure();
  for (Lane &L : Lanes)
    if (failed(matchPieces(L, Why)))
      return failure();
  if (failed(collectCombination(Why)) || failed(checkAccesses(Why)))
    return failure();
  Merge = AllowReassoc && checkMerge();
  rewrite();
  return success();
}

/// The remainder loop after a product's partial sums (retrolm's _matmul:
/// `sum = s0 + s1 + s2 + s3; for (; k < K; ++k) sum += A[i][k] * B[k][j];
/// C[i][j] = sum;`): the combination stored to a local scalar, a loop that
/// only updates that scalar, then its value stored to one array element.
struct Remainder {
  AffineStoreOp Start;  ///< The combination stored to the scalar.
  AffineForOp Loop;     ///< The remainder loop.
  AffineLoadOp Final;   ///< The scalar's value after it.
  AffineStoreOp Result; ///< That value stored to the array.
  AffineForOp Root;     ///< The outermost loop of the perfect nest.
};

/// The remainder after the partial sums of @p Red, if the body around it
/// ends with one and the nest around that body is perfect: nothing else in
/// it writes memory other than the partial sums, and nothing reads the
/// result's array.
std::optional<Remainder> findRemainder(AffineForOp Red) {
  Block *Body = Red->getBlock();
  auto Inner = dyn_cast<AffineForOp>(Red->getParentOp());
  if (!Inner || Body->getOperations().size() < 5)
    return std::nullopt;
  // The last four ops before the terminator: start, loop, final, result.
  auto It = std::prev(Body->end(), 2);
  Remainder R;
  R.Result = dyn_cast<AffineStoreOp>(&*It);
  R.Final = dyn_cast<AffineLoadOp>(&*std::prev(It));
  R.Loop = dyn_cast<AffineForOp>(&*std::prev(It, 2));
  R.Start = dyn_cast<AffineStoreOp>(&*std::prev(It, 3));
  if (!R.Result || !R.Final || !R.Loop || !R.Start ||
      R.Result.getValueToStore() != R.Final.getResult() ||
      !R.Final->hasOneUse() || isLocalScalar(R.Result.getMemRef()) ||
      R.Final.getMemRef() != R.Start.getMemRef() ||
      !isLocalScalar(R.Start.getMemRef()) || R.Loop.getNumResults() != 0 ||
      !Red->isBeforeInBlock(R.Start) ||
      !R.Start.getValueToStore().getDefiningOp<arith::AddFOp>())
    return std::nullopt;
  Value Sum = R.Start.getMemRef();
  // The scalar lives only here; the loop writes nothing else and uses only
  // what is defined outside the body or in itself.
  for (Operation *User : Sum.getUsers())
    if (User != R.Start && User != R.Final && !R.Loop->isAncestor(User))
      return std::nullopt;
  bool Simple = true;
  R.Loop.walk([&](Operation *Op) {
    if (auto Store = dyn_cast<AffineStoreOp>(Op))
      Simple &= Store.getMemRef() == Sum;
    else if (!isa<AffineForOp, affine::AffineYieldOp>(Op) && !isAccess(Op) &&
             !isPure(Op))
      Simple = false;
    for (Value V : Op->getOperands())
      if (Operation *Def = V.getDefiningOp();
          Def && Def->getBlock() == Body && Def != R.Loop)
        Simple = false;
  });
  if (!Simple)
    return std::nullopt;
  // The result's subscripts use the loops around the body alone; nothing
  // else in the nest writes an array or reads the result's.
  for (Value V : R.Result.getMapOperands())
    if (Operation *Def = V.getDefiningOp(); Def && Def->getBlock() == Body)
      return std::nullopt;
  R.Root = Inner;
  while (auto Parent = dyn_cast<AffineForOp>(R.Root->getParentOp())) {
    if (Parent.getBody()->getOperations().size() != 2)
      break;
    R.Root = Parent;
  }
  for (AffineForOp L = Inner;; L = cast<AffineForOp>(L->getParentOp())) {
    if (L.getNumResults() != 0)
      return std::nullopt;
    if (L == R.Root)
      break;
  }
  Value Out = R.Result.getMemRef();
  bool Alone = true;
  R.Root.walk([&](Operation *Op) {
    if (auto Store = dyn_cast<AffineStoreOp>(Op))
      Alone &= Store == R.Result || isLocalScalar(Store.getMemRef());
    else if (auto Load = dyn_cast<AffineLoadOp>(Op))
      Alone &= Load.getMemRef() != Out;
  });
  if (!Alone)
    return std::nullopt;
  return R;
}

/// Moves the remainder @p R of the partial sums into a nest of its own over
/// the same loops, after this one: here the combination is stored to the
/// result's element; there the scalar starts from that element, the loop
/// runs as written, and the result is stored again. Exact: every element's
/// operations are the same, in the same order; the element holds the
/// combination in between, which nothing else in the nest reads or writes.
void splitOffRemainder(Remainder R) {
  OpBuilder B(R.Root->getContext());
  B.setInsertionPointAfter(R.Root);
  IRMapping Map;
  B.clone(*R.Root, Map);
  // The copy keeps the remainder alone, starting from the element.
  auto CopyStart = cast<AffineStoreOp>(Map.lookup(R.Start.getOperation()));
  auto CopyResult = cast<AffineStoreOp>(Map.lookup(R.Result.getOperation()));
  B.setInsertionPoint(CopyStart);
  auto Element = AffineLoadOp::create(
      B, CopyStart.getLoc(), CopyResult.getMemRef(), CopyResult.getAffineMap(),
      CopyResult.getMapOperands());
  CopyStart->setOperand(0, Element.getResult());
  SmallVector<Operation *> Before;
  for (Operation *Op = Element->getPrevNode(); Op; Op = Op->getPrevNode())
    Before.push_back(Op);
  for (Operation *Op : Before)
    if (Op->use_empty())
      Op->erase();
  // Here the combination goes to the element.
  B.setInsertionPoint(R.Start);
  AffineStoreOp::create(B, R.Start.getLoc(), R.Start.getValueToStore(),
                        R.Result.getMemRef(), R.Result.getAffineMap(),
                        R.Result.getMapOperands());
  R.Result.erase();
  R.Final.erase();
  R.Loop.erase();
  R.Start.erase();
}

struct RaiseSplitSumsPass
    : public raise::impl::RaiseSplitSumsBase<RaiseSplitSumsPass> {
  using RaiseSplitSumsBase::RaiseSplitSumsBase;

  void runOnOperation() override {
    // A split nest is replaced: collect the candidates again after each.
    while (true) {
      SmallVector<AffineForOp> Loops;
      getOperation().walk([&](AffineForOp Loop) {
        if (isa<AffineForOp>(Loop->getParentOp()))
          Loops.push_back(Loop);
      });
      bool Changed = false;
      for (AffineForOp Loop : Loops) {
        // The original kept beside a split (where the loop may not run)
        // is not split again.
        bool Kept = false;
        for (Operation *Op = Loop; Op; Op = Op->getParentOp())
          Kept |= Op->hasAttr("raise.split_sums_kept");
        if (Kept)
          continue;
        std::string Why;
        if (succeeded(Splitter(Loop, mergeReassociable).run(Why))) {
          ++numSplit;
          Changed = true;
          break;
        }
        LLVM_DEBUG(llvm::dbgs() << "not split: " << Why << "\n");
        // A remainder loop after the combination goes to a nest of its own;
        // the partial sums are tried again without it.
        if (std::optional<Remainder> R = findRemainder(Loop)) {
          splitOffRemainder(*R);
          ++numRemainders;
          Changed = true;
          break;
        }
      }
      if (!Changed)
        return;
    }
  }
};

} // namespace
