//===- NestAnalysis.cpp - Statements of an affine loop nest ---------------===//

#include "NestAnalysis.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::raise;
using affine::AffineForOp;
using affine::AffineLoadOp;
using affine::AffineStoreOp;

int LinearForm::singleLoop() const {
  int Loop = -1;
  for (auto [L, C] : llvm::enumerate(Coeffs)) {
    if (C == 0)
      continue;
    if (C != 1 || Loop >= 0)
      return -1;
    Loop = L;
  }
  return Loop;
}

SmallVector<const LinearForm *, 4> Access::loopDims() const {
  SmallVector<const LinearForm *, 4> Result;
  for (const LinearForm &F : Dims)
    if (F.usesLoops())
      Result.push_back(&F);
  return Result;
}

bool Access::sameElementsAs(const Access &Other) const {
  if (Memref != Other.Memref || Dims.size() != Other.Dims.size())
    return false;
  for (auto [A, B] : llvm::zip(Dims, Other.Dims))
    if (A.Coeffs != B.Coeffs || !A.sameRest(B))
      return false;
  return true;
}

int Unit::loopOf(Value Iv) const {
  for (auto [Pos, Loop] : llvm::enumerate(Loops))
    if (Loop.getInductionVar() == Iv)
      return Pos;
  return -1;
}

bool Unit::cutsSum() const {
  if (!Tri)
    return false;
  const Access &Out = K == Kind::LocalScalar ? FinalOutput : Output;
  auto Stored = [&](unsigned Loop) {
    return llvm::any_of(Out.loopDims(), [&](const LinearForm *F) {
      return Loop < F->Coeffs.size() && F->Coeffs[Loop] != 0;
    });
  };
  return Stored(Tri->Inner) != Stored(Tri->Outer);
}

bool Unit::isInvariant(Value V) const {
  Operation *Root = root();
  if (auto Arg = dyn_cast<BlockArgument>(V))
    return !Root->isAncestor(Arg.getOwner()->getParentOp());
  return !Root->isAncestor(V.getDefiningOp());
}

namespace {

/// Accumulates `Factor * E` into a linear form; fails on non-linear terms.
struct Linearizer {
  const Unit &U;
  ValueRange Operands;
  unsigned NumDims;
  LinearForm &Form;
  std::string &Why;

  LogicalResult operand(Value V, int64_t Factor) {
    int Loop = U.loopOf(V);
    if (Loop >= 0) {
      Form.Coeffs[Loop] += Factor;
      return success();
    }
    if (!U.isInvariant(V)) {
      Why = "a subscript is computed inside the loop nest";
      return failure();
    }
    auto *It = llvm::find(Form.RestOperands, V);
    unsigned Pos = It - Form.RestOperands.begin();
    if (It == Form.RestOperands.end())
      Form.RestOperands.push_back(V);
    Form.Rest = Form.Rest + getAffineSymbolExpr(Pos, V.getContext()) * Factor;
    return success();
  }

  LogicalResult add(AffineExpr E, int64_t Factor) {
    switch (E.getKind()) {
    case AffineExprKind::DimId:
      return operand(Operands[cast<AffineDimExpr>(E).getPosition()], Factor);
    case AffineExprKind::SymbolId:
      return operand(
          Operands[NumDims + cast<AffineSymbolExpr>(E).getPosition()], Factor);
    case AffineExprKind::Constant:
      Form.Rest = Form.Rest + cast<AffineConstantExpr>(E).getValue() * Factor;
      return success();
    case AffineExprKind::Add: {
      auto Bin = cast<AffineBinaryOpExpr>(E);
      return success(succeeded(add(Bin.getLHS(), Factor)) &&
                     succeeded(add(Bin.getRHS(), Factor)));
    }
    case AffineExprKind::Mul: {
      auto Bin = cast<AffineBinaryOpExpr>(E);
      if (auto C = dyn_cast<AffineConstantExpr>(Bin.getRHS()))
        return add(Bin.getLHS(), Factor * C.getValue());
      if (auto C = dyn_cast<AffineConstantExpr>(Bin.getLHS()))
        return add(Bin.getRHS(), Factor * C.getValue());
      break;
    }
    default:
      break;
    }
    if (succeeded(invariant(E, Factor)))
      return success();
    Why = "a subscript is not linear in the loop indices";
    return failure();
  }

  /// A term of values defined outside the nest alone (a remainder loop's
  /// start `(n floordiv 8) * 8`) joins Rest as it is.
  LogicalResult invariant(AffineExpr E, int64_t Factor) {
    MLIRContext *Ctx = E.getContext();
    unsigned NumSymbols = Operands.size() - NumDims;
    SmallVector<AffineExpr> Dims(NumDims), Symbols(NumSymbols);
    bool Ok = true;
    auto Rename = [&](Value V) {
      if (U.loopOf(V) >= 0 || !U.isInvariant(V)) {
        Ok = false;
        return getAffineConstantExpr(0, Ctx);
      }
      auto *It = llvm::find(Form.RestOperands, V);
      unsigned Pos = It - Form.RestOperands.begin();
      if (It == Form.RestOperands.end())
        Form.RestOperands.push_back(V);
      return getAffineSymbolExpr(Pos, Ctx);
    };
    for (unsigned D = 0; D < NumDims; ++D)
      if (E.isFunctionOfDim(D))
        Dims[D] = Rename(Operands[D]);
    for (unsigned S = 0; S < NumSymbols; ++S)
      if (E.isFunctionOfSymbol(S))
        Symbols[S] = Rename(Operands[NumDims + S]);
    if (!Ok)
      return failure();
    for (AffineExpr &D : Dims)
      if (!D)
        D = getAffineConstantExpr(0, Ctx);
    for (AffineExpr &S : Symbols)
      if (!S)
        S = getAffineConstantExpr(0, Ctx);
    Form.Rest = Form.Rest + E.replaceDimsAndSymbols(Dims, Symbols) * Factor;
    return success();
  }
};

/// Ops a loop body may hold besides loops, loads and stores.
bool isPureCompute(Operation *Op) {
  return isMemoryEffectFree(Op) && Op->getNumRegions() == 0;
}

/// Whether `V` is computed from a load of `Memref` inside the nest.
bool dependsOnLoadOf(Value V, Value Memref) {
  SmallVector<Value> Work{V};
  llvm::SmallPtrSet<Operation *, 16> Seen;
  while (!Work.empty()) {
    Operation *Op = Work.pop_back_val().getDefiningOp();
    if (!Op || !Seen.insert(Op).second)
      continue;
    if (auto Load = dyn_cast<AffineLoadOp>(Op))
      if (Load.getMemRef() == Memref)
        return true;
    llvm::append_range(Work, Op->getOperands());
  }
  return false;
}

/// The loops between `Op` and `Root` (both included), outermost first.
SmallVector<AffineForOp, 4> enclosingLoops(Operation *Op, AffineForOp Root) {
  SmallVector<AffineForOp, 4> Loops;
  for (Operation *P = Op->getParentOp(); P; P = P->getParentOp()) {
    if (auto For = dyn_cast<AffineForOp>(P))
      Loops.push_back(For);
    if (P == Root.getOperation())
      break;
  }
  std::reverse(Loops.begin(), Loops.end());
  return Loops;
}

/// Whether `Memref` is a 0-d buffer allocated in the function: a local
/// scalar the translator put in memory.
bool isLocalScalar(Value Memref) {
  auto Type = dyn_cast<MemRefType>(Memref.getType());
  return Type && Type.getRank() == 0 &&
         Memref.getDefiningOp<memref::AllocaOp>();
}

LogicalResult accessOf(Operation *Op, const Unit &U, Access &A,
                       std::string &Why) {
  A.Op = Op;
  if (auto Load = dyn_cast<AffineLoadOp>(Op)) {
    A.Memref = Load.getMemRef();
    return computeForms(Load.getAffineMap(), Load.getMapOperands(), U, A.Dims,
                        Why);
  }
  auto Store = cast<AffineStoreOp>(Op);
  A.Memref = Store.getMemRef();
  A.IsWrite = true;
  return computeForms(Store.getAffineMap(), Store.getMapOperands(), U, A.Dims,
                      Why);
}

/// Recognizes `Bound` of loop @p Inner as `iv(Outer) + c` for an enclosing
/// loop of the unit; fills @p T.
bool triangleBound(const Unit &U, unsigned Inner, AffineMap Map,
                   ValueRange Operands, bool Upper, Triangle &T) {
  if (Map.getNumResults() != 1 || Operands.size() != 1 || Map.getNumDims() != 1)
    return false;
  int Outer = U.loopOf(Operands[0]);
  if (Outer < 0 || unsigned(Outer) >= Inner)
    return false;
  AffineExpr Rest = Map.getResult(0) - getAffineDimExpr(0, Map.getContext());
  auto C = dyn_cast<AffineConstantExpr>(simplifyAffineExpr(Rest, 1, 0));
  if (!C)
    return false;
  T = {unsigned(Outer), Inner, Upper, C.getValue()};
  return true;
}

/// Checks the loops of a unit: step 1, bounds invariant in the nest (the
/// iteration space is a box, which is what linalg can express), or one bound
/// `iv + c` of an enclosing loop of the unit (a triangle, kept in U.Tri).
void checkLoops(Unit &U) {
  for (auto [Pos, Loop] : llvm::enumerate(U.Loops)) {
    if (Loop.getStepAsInt() != 1) {
      U.Unsupported = "a loop has a step other than 1";
      return;
    }
    auto Invariant = [&](ValueRange Operands) {
      return llvm::all_of(Operands, [&](Value V) { return U.isInvariant(V); });
    };
    bool LbOk = Invariant(Loop.getLowerBoundOperands());
    bool UbOk = Invariant(Loop.getUpperBoundOperands());
    if (LbOk && UbOk)
      continue;
    Triangle T;
    bool Cut = !U.Tri && (LbOk || UbOk) &&
               (UbOk ? triangleBound(U, Pos, Loop.getLowerBoundMap(),
                                     Loop.getLowerBoundOperands(),
                                     /*Upper=*/false, T)
                     : triangleBound(U, Pos, Loop.getUpperBoundMap(),
                                     Loop.getUpperBoundOperands(),
                                     /*Upper=*/true, T));
    if (!Cut) {
      U.Tri.reset();
      U.Unsupported = "loop bounds depend on an enclosing loop (the "
                      "iteration space is not a box)";
      return;
    }
    U.Tri = T;
  }
}

/// Records every access reached from the unit's stores; flags what a raised
/// unit cannot express.
void collectAccesses(Unit &U, ArrayRef<Operation *> Stores) {
  llvm::SmallPtrSet<Operation *, 16> Seen;
  SmallVector<Operation *> Work(Stores.begin(), Stores.end());
  while (!Work.empty() && U.Unsupported.empty()) {
    Operation *Op = Work.pop_back_val();
    if (!Seen.insert(Op).second)
      continue;
    if (isa<AffineLoadOp, AffineStoreOp>(Op)) {
      Value Memref = isa<AffineLoadOp>(Op)
                         ? cast<AffineLoadOp>(Op).getMemRef()
                         : cast<AffineStoreOp>(Op).getMemRef();
      if (Memref != U.Scalar) {
        Access A;
        if (failed(accessOf(Op, U, A, U.Unsupported)))
          return;
        U.Accesses.push_back(std::move(A));
      }
      if (isa<AffineLoadOp>(Op))
        continue;
      Work.push_back(cast<AffineStoreOp>(Op).getValueToStore().getDefiningOp());
      if (!Work.back())
        Work.pop_back();
      continue;
    }
    if (isa<memref::LoadOp>(Op)) {
      U.Unsupported = "an access is not affine (memref.load)";
      return;
    }
    if (!isPureCompute(Op)) {
      U.Unsupported = ("the statement uses '" + Op->getName().getStringRef() +
                       "', which has effects")
                          .str();
      return;
    }
    for (Value Operand : Op->getOperands()) {
      if (U.loopOf(Operand) >= 0 ||
          (isa<BlockArgument>(Operand) && !U.isInvariant(Operand))) {
        U.Unsupported = "the statement uses a loop index as a value";
        return;
      }
      if (Operation *Def = Operand.getDefiningOp())
        if (!U.isInvariant(Operand))
          Work.push_back(Def);
    }
  }
}

/// Recognizes `store init, %s[]; for ... { %s = f(%s, ...) }; %v = load %s[]`
/// in the block of `Init` and fills the local-scalar fields of `U`.
LogicalResult buildLocalScalar(AffineStoreOp Init, AffineForOp Root, Unit &U) {
  Value S = Init.getMemRef();
  U.K = Unit::Kind::LocalScalar;
  U.Scalar = S;
  U.InitStore = Init;
  auto Reduction = dyn_cast_or_null<AffineForOp>(Init->getNextNode());
  if (!Reduction)
    return failure();
  AffineStoreOp Update;
  bool Bad = false;
  Reduction.walk([&](Operation *Op) {
    if (auto Store = dyn_cast<AffineStoreOp>(Op);
        Store && Store.getMemRef() == S) {
      Bad |= bool(Update);
      Update = Store;
    }
  });
  if (!Update || Bad || !dependsOnLoadOf(Update.getValueToStore(), S))
    return failure();
  // Every other use of the scalar: loads inside the reduction, and one load
  // after it, in the block of the initialization.
  for (Operation *User : S.getUsers()) {
    if (!Root->isAncestor(User) || User == Init || User == Update)
      continue;
    auto Load = dyn_cast<AffineLoadOp>(User);
    if (!Load)
      return failure();
    if (Reduction->isAncestor(Load))
      continue;
    if (Load->getBlock() != Init->getBlock() || U.FinalLoad)
      return failure();
    U.FinalLoad = Load;
  }
  if (!U.FinalLoad || !U.FinalLoad->hasOneUse())
    return failure();
  // The epilogue: one store after the load, using the scalar's value.
  for (Operation *Op = U.FinalLoad->getNextNode(); Op; Op = Op->getNextNode())
    if (auto Store = dyn_cast<AffineStoreOp>(Op))
      if (dependsOnLoadOf(Store.getValueToStore(), S)) {
        U.FinalStore = Store;
        break;
      }
  if (!U.FinalStore)
    return failure();
  U.Store = Update;
  U.Loops = enclosingLoops(Update, Root);
  U.NumOuter = enclosingLoops(Init, Root).size();
  return success();
}

} // namespace

LogicalResult mlir::raise::computeForms(AffineMap Map, ValueRange Operands,
                                        const Unit &U,
                                        SmallVectorImpl<LinearForm> &Forms,
                                        std::string &Why) {
  for (AffineExpr E : Map.getResults()) {
    LinearForm Form;
    Form.Coeffs.assign(U.Loops.size(), 0);
    Form.Rest = getAffineConstantExpr(0, Map.getContext());
    Linearizer L{U, Operands, Map.getNumDims(), Form, Why};
    if (failed(L.add(E, 1)))
      return failure();
    Form.Rest = simplifyAffineExpr(Form.Rest, 0, Form.RestOperands.size());
    Forms.push_back(std::move(Form));
  }
  return success();
}

/// Why a nest whose local scalars raising cannot place is not raised. One
/// without a multiplication sums elements into them (Fortran's `sum(c)`,
/// carried from row to row): a reduction, not a product, which its loops
/// compute in the source's order.
static std::string describeLocalScalarUse(AffineForOp Root) {
  bool Multiplies =
      Root.walk([](Operation *Op) {
            return isa<arith::MulFOp, arith::MulIOp, LLVM::FMulAddOp,
                       LLVM::FMAOp, math::FmaOp>(Op)
                       ? WalkResult::interrupt()
                       : WalkResult::advance();
          })
          .wasInterrupted();
  if (!Multiplies)
    return "it sums into local scalars that outlive the nest (a reduction, "
           "not a product), which its loops compute in the source's order";
  return "a local scalar is used in a way raising does not model";
}

Nest mlir::raise::analyzeNest(AffineForOp Root) {
  Nest N;
  N.Root = Root;
  SmallVector<Operation *> Stores;
  DenseMap<Operation *, unsigned> Order;
  Root.walk<WalkOrder::PreOrder>([&](Operation *Op) {
    unsigned Pos = Order.size();
    Order[Op] = Pos;
    if (isa<AffineForOp, affine::AffineYieldOp, AffineLoadOp, memref::LoadOp>(
            Op) ||
        isPureCompute(Op))
      return;
    if (isa<AffineStoreOp>(Op)) {
      Stores.push_back(Op);
      return;
    }
    if (N.Unsupported.empty())
      N.Unsupported =
          ("the loop nest contains '" + Op->getName().getStringRef() + "'")
              .str();
  });
  if (!N.Unsupported.empty())
    return N;

  // Local scalars first: their stores belong to one unit each.
  llvm::SmallPtrSet<Operation *, 8> Claimed;
  for (Operation *Op : Stores) {
    auto Store = cast<AffineStoreOp>(Op);
    if (!isLocalScalar(Store.getMemRef()) || Claimed.count(Op) ||
        dependsOnLoadOf(Store.getValueToStore(), Store.getMemRef()))
      continue;
    Unit U;
    U.Order = Order[Op];
    if (failed(buildLocalScalar(Store, Root, U))) {
      // Not the shape we know: the scalar's stores are kept together as an
      // unsupported unit, so that the nest is never split across them.
      N.Unsupported = describeLocalScalarUse(Root);
      return N;
    }
    U.Ops = {U.InitStore, U.Store, U.FinalStore};
    Claimed.insert(U.Ops.begin(), U.Ops.end());
    N.Units.push_back(std::move(U));
  }
  for (Operation *Op : Stores) {
    if (Claimed.count(Op))
      continue;
    auto Store = cast<AffineStoreOp>(Op);
    if (isLocalScalar(Store.getMemRef())) {
      N.Unsupported = describeLocalScalarUse(Root);
      return N;
    }
    Unit U;
    U.Order = Order[Op];
    U.Store = Store;
    U.Loops = enclosingLoops(Op, Root);
    U.NumOuter = U.Loops.size();
    U.Ops = {Op};
    N.Units.push_back(std::move(U));
  }
  llvm::sort(N.Units,
             [](const Unit &A, const Unit &B) { return A.Order < B.Order; });

  for (Unit &U : N.Units) {
    // A unit that cannot be raised may still be split off as loops of its
    // own: its accesses decide whether that is legal, so they are collected
    // whatever its loops are.
    checkLoops(U);
    std::string LoopsWhy = std::move(U.Unsupported);
    U.Unsupported.clear();
    collectAccesses(U, U.Ops);
    U.AccessesKnown = U.Unsupported.empty();
    if (!LoopsWhy.empty())
      U.Unsupported = std::move(LoopsWhy);
    if (!U.Unsupported.empty())
      continue;
    if (U.K == Unit::Kind::Statement) {
      std::string Why;
      if (failed(accessOf(U.Store, U, U.Output, Why)))
        U.Unsupported = Why;
      continue;
    }
    // The temporary of a local scalar: one element per outer iteration.
    U.Output.IsWrite = true;
    for (unsigned L = 0; L < U.NumOuter; ++L) {
      LinearForm Form;
      Form.Coeffs.assign(U.Loops.size(), 0);
      Form.Coeffs[L] = 1;
      Form.Rest = getAffineConstantExpr(0, Root.getContext());
      U.Output.Dims.push_back(std::move(Form));
    }
    std::string Why;
    if (failed(accessOf(U.FinalStore, U, U.FinalOutput, Why)))
      U.Unsupported = Why;
  }
  return N;
}

bool mlir::raise::inElseRegion(Operation *Op) {
  for (Operation *Parent = Op->getParentOp(); Parent;
       Parent = Parent->getParentOp())
    if (auto If = dyn_cast<affine::AffineIfOp>(Parent);
        If && If.hasElse() &&
        If.getElseRegion().isAncestor(Op->getParentRegion()))
      return true;
  return false;
}

bool mlir::raise::mayPrecede(Operation *Src, Operation *Dst) {
  auto IsAffine = [](Operation *Op) {
    return isa<AffineLoadOp, AffineStoreOp>(Op);
  };
  if (!IsAffine(Src) || !IsAffine(Dst) || inElseRegion(Src) ||
      inElseRegion(Dst))
    return true;
  affine::MemRefAccess From(Src), To(Dst);
  unsigned Common = affine::getNumCommonSurroundingLoops(*Src, *Dst);
  for (unsigned Depth = 1; Depth <= Common + 1; ++Depth)
    if (affine::checkMemrefAccessDependence(From, To, Depth).value !=
        affine::DependenceResult::NoDependence)
      return true;
  return false;
}
