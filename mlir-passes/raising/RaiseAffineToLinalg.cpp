//===- RaiseAffineToLinalg.cpp - The raise-affine-to-linalg pass ----------===//
//
// Per outermost affine.for nest: split it into units, match each against the
// tactics, and if anything matched, replace the nest by the raised units and
// (for units that matched nothing) loop nests of their own, in the original
// order. Splitting a nest is done only where it is legal; a nest is either
// replaced as a whole or left exactly as it was.
//
//===----------------------------------------------------------------------===//

#include "LinalgBuilder.h"
#include "NestVersion.h"
#include "OldValues.h"
#include "Passes.h"
#include "PruneNest.h"
#include "mlir-passes/tactics/Tactics.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/SmallBitVector.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISEAFFINETOLINALG
#include "mlir-passes/raising/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;
using namespace mlir::raise;

std::string RaisedOp::str() const {
  std::string S =
      Op + " (" + Tactic + (Detail.empty() ? "" : "; " + Detail) + ")";
  if (Sizes.empty())
    return S;
  std::string Names, Values;
  for (const auto &[Index, Size] : Sizes) {
    Names += (Names.empty() ? "" : " x ") + Index;
    Values += (Values.empty() ? "" : " x ") + Size;
  }
  return S + ", " + Names + " = " + Values;
}

namespace {

/// Whether two accesses touch a common element only in the same iteration
/// of the loops the units share: then running the first unit to completion
/// before the second keeps every dependence.
bool sameSharedIteration(const Access &A, const Access &B, unsigned Shared) {
  for (unsigned L = 0; L < Shared; ++L) {
    bool Pinned = false;
    for (auto [FA, FB] : llvm::zip(A.Dims, B.Dims))
      if (FA.singleLoop() == int(L) && FB.singleLoop() == int(L) &&
          FA.sameRest(FB))
        Pinned = true;
    if (!Pinned)
      return false;
  }
  return true;
}

/// Whether @p A and @p B touch a matrix as X[i+p][j+q] and X[j+r][i+s]
/// (the symmetric copy of covariance and correlation) in two units cut by
/// the same triangle j >= i + c (or j <= i + c), i and j among the loops
/// they share, so that they meet nowhere, or only where the iterations are
/// the same (on the diagonal). A common element has j' = i + p - r and
/// i' = j + q - s; with both iterations inside the triangle, j - i lies
/// between c and p + s - q - r - c (above), which is empty when that bound
/// is below c and one point, the same iteration, when it equals c and
/// p - r = s - q = c.
bool transposedInTriangle(const Access &A, const Access &B, const Unit &U1,
                          const Unit &U2, unsigned Shared) {
  if (!U1.Tri || !U2.Tri || A.Dims.size() != 2 || B.Dims.size() != 2)
    return false;
  const Triangle &T = *U1.Tri, &T2 = *U2.Tri;
  if (T.Outer != T2.Outer || T.Inner != T2.Inner || T.Below != T2.Below ||
      T.Offset != T2.Offset || T.Inner >= Shared)
    return false;
  // Each subscript's loop and constant offset.
  auto Split =
      [](const LinearForm &F) -> std::optional<std::pair<int, int64_t>> {
    auto C = dyn_cast<AffineConstantExpr>(F.Rest);
    int Loop = F.singleLoop();
    if (!C || Loop < 0)
      return std::nullopt;
    return std::make_pair(Loop, C.getValue());
  };
  auto A0 = Split(A.Dims[0]), A1 = Split(A.Dims[1]);
  auto B0 = Split(B.Dims[0]), B1 = Split(B.Dims[1]);
  if (!A0 || !A1 || !B0 || !B1)
    return false;
  int O = T.Outer, I = T.Inner;
  // X[i+p][j+q] first.
  if (A0->first == I)
    std::swap(A0, B0), std::swap(A1, B1);
  if (A0->first != O || A1->first != I || B0->first != I || B1->first != O)
    return false;
  int64_t P = A0->second, Q = A1->second, R = B0->second, S = B1->second;
  int64_t D = P + S - Q - R;
  // Below, j < i + Offset: j - i <= Offset - 1, the same bounds mirrored.
  int64_t C = T.Below ? T.Offset - 1 : T.Offset;
  bool Empty = T.Below ? D > 2 * C : D < 2 * C;
  bool Diagonal = D == 2 * C && P - R == C && S - Q == C;
  return Empty || Diagonal;
}

/// Whether no instance of @p Later's access comes before an instance of
/// @p Earlier's that touches the same element, by MLIR's affine dependence
/// test. trmm's product reads the rows below its own, `B[k][j]` for k > i,
/// which the scaling `B[i][j] *= alpha` writes only in later iterations of
/// i.
/// Accesses in an else region are tested on @p Test's clone (see
/// DependenceView), where mayPrecede() can tell.
bool onlyForward(const Access &Earlier, const Access &Later,
                 const DependenceView &Test) {
  return Earlier.Memref && !mayPrecede(Test(Later.Op), Test(Earlier.Op));
}

/// The order in which the units of @p N may run one after another, each
/// over its whole iteration space, or nothing. Unit U must run before unit
/// V where an instance of one of U's accesses comes before an instance of
/// one of V's that touches the same element, one of them a write: an order
/// that keeps every such edge (program order where it can) keeps every
/// dependence. A unit has no edge to an earlier one where their accesses
/// meet only in the same iteration of the loops they share, the earlier
/// unit's access first (a later unit's value may be computed from a load
/// that precedes an earlier unit's store in the loop body; the split would
/// recompute it after that store), or where the affine dependence test
/// proves it. symm's `C[k][j] += alpha * B[i][j] * A[i][k]` for k < i runs
/// after the statement that computes C[i][j] from its own sum, below it in
/// the loop: it only updates rows that statement wrote in earlier
/// iterations of i.
std::optional<SmallVector<unsigned>> splitOrder(const Nest &N) {
  DenseMap<Operation *, unsigned> Position;
  N.Root->walk<WalkOrder::PreOrder>(
      [&](Operation *Op) { Position[Op] = Position.size(); });
  for (const Unit &U : N.Units)
    if (!U.AccessesKnown)
      return std::nullopt;
  // A local scalar holds one iteration's value at a time: a unit that reads
  // another's (`a[j] = f(sum)` beside `delta_h[j] = g(sum)`) would, split
  // off, read what the last iteration left, or nothing once that unit is
  // raised. Its own unit does not list the scalar among its accesses.
  for (const Unit &Owner : N.Units)
    if (Owner.K == Unit::Kind::LocalScalar)
      for (const Unit &U : N.Units)
        if (&U != &Owner && llvm::any_of(U.Accesses, [&](const Access &A) {
              return A.Memref == Owner.Scalar;
            }))
          return std::nullopt;
  size_t Count = N.Units.size();
  DependenceView Test(N.Root);
  // Before[V]: the units that must run before V. Edges against program
  // order first; those along it matter (and cost dependence tests) only
  // where there is one.
  SmallVector<llvm::SmallBitVector> Before(Count, llvm::SmallBitVector(Count));
  auto ForEachPair = [&](auto Fn) {
    for (size_t I = 0; I < Count; ++I)
      for (size_t J = I + 1; J < Count; ++J) {
        const Unit &U1 = N.Units[I], &U2 = N.Units[J];
        unsigned Shared = 0;
        while (Shared < U1.Loops.size() && Shared < U2.Loops.size() &&
               U1.Loops[Shared] == U2.Loops[Shared])
          ++Shared;
        for (const Access &A : U1.Accesses)
          for (const Access &B : U2.Accesses)
            if (A.Memref == B.Memref && (A.IsWrite || B.IsWrite))
              Fn(I, J, A, B, Shared);
      }
  };
  bool Backward = false;
  ForEachPair([&](size_t I, size_t J, const Access &A, const Access &B,
                  unsigned Shared) {
    const Unit &U1 = N.Units[I], &U2 = N.Units[J];
    bool InOrder = (sameSharedIteration(A, B, Shared) ||
                    transposedInTriangle(A, B, U1, U2, Shared)) &&
                   Position.lookup(A.Op) <= Position.lookup(B.Op);
    if (!Before[I].test(J) && !InOrder && !onlyForward(A, B, Test)) {
      Before[I].set(J);
      Backward = true;
    }
  });
  if (!Backward)
    return llvm::to_vector(llvm::seq<unsigned>(0, Count));
  ForEachPair(
      [&](size_t I, size_t J, const Access &A, const Access &B, unsigned) {
        if (!Before[J].test(I) && !onlyForward(B, A, Test))
          Before[J].set(I);
      });
  // Each step takes the first unit left whose predecessors have all run.
  SmallVector<unsigned> Order;
  llvm::SmallBitVector Done(Count);
  while (Order.size() < Count) {
    std::optional<unsigned> Next;
    for (unsigned U = 0; U < Count && !Next; ++U)
      if (!Done.test(U) && !Before[U].test(Done))
        Next = U;
    if (!Next)
      return std::nullopt;
    Done.set(*Next);
    Order.push_back(*Next);
  }
  return Order;
}

/// Erases from a clone of the nest everything that does not serve the
/// stores tagged `raise.keep`: other stores, then dead ops and empty loops.
void pruneClone(affine::AffineForOp Clone) {
  SmallVector<Operation *> Drop;
  Clone.walk([&](affine::AffineStoreOp Store) {
    if (!Store->hasAttr("raise.keep"))
      Drop.push_back(Store);
    Store->removeAttr("raise.keep");
  });
  for (Operation *Op : Drop)
    Op->erase();
  pruneNest(Clone);
}

/// Whether @p T accumulates a sum over an index its output does not have
/// (a product, a contraction): what is worth raising over a triangle, where
/// the tuned GEMM skips the tiles outside it.
bool sumsOverAnIndex(const Tactic &T) {
  return T.Pattern.Assign == AssignKind::AddAssign &&
         statementIndices(T.Pattern).size() > T.Pattern.Output.Subs.size();
}

/// A value stored twice into one memref, `c[i][j] = v; c[j][i] = v;` (the
/// symmetric copy of covariance), makes the second store a statement that
/// computes v again from loads made before the first store, which a split
/// would run after it. Reading the value back from where the first store
/// put it, right before the second, reads v (nothing writes in between),
/// and the second store becomes a copy that may run after the first.
void reloadTwiceStored(affine::AffineForOp Root) {
  Root.walk([](affine::AffineStoreOp Second) {
    Value V = Second.getValueToStore();
    for (Operation *Op = Second->getPrevNode(); Op; Op = Op->getPrevNode()) {
      auto First = dyn_cast<affine::AffineStoreOp>(Op);
      if (First && First.getValueToStore() == V &&
          First.getMemRef() == Second.getMemRef()) {
        OpBuilder B(Second);
        Value Again = affine::AffineLoadOp::create(
            B, Second.getLoc(), First.getMemRef(), First.getAffineMap(),
            First.getMapOperands());
        Second->setOperand(0, Again);
        return;
      }
      if (!isMemoryEffectFree(Op))
        return;
    }
  });
}

bool raiseNest(affine::AffineForOp Root, ArrayRef<Tactic> Tactics,
               bool NamedOps, const TtgtOptions &Ttgt, NestReport &Report,
               bool MayCopy = true);

/// Raises @p Root with its loads of values from before it reading a copy
/// taken before it (see OldValues.h), if there are such loads and that
/// raises it; else leaves it as it was.
bool raiseReadingCopies(affine::AffineForOp Root, ArrayRef<Tactic> Tactics,
                        bool NamedOps, const TtgtOptions &Ttgt,
                        NestReport &Report) {
  if (!onlyAffineAccesses(Root))
    return false;
  SmallVector<CopyBox> Boxes;
  {
    DependenceView Test(Root);
    OldValueLoads Old = findOldValueLoads(Root, Root, Test);
    DominanceInfo Dom(Root->getParentOfType<func::FuncOp>());
    for (auto &[M, Loads] : Old) {
      std::optional<CopyBox> In = getCopyBox(M, Loads, Root, Dom);
      if (!In)
        return false;
      Boxes.push_back(std::move(*In));
    }
  }
  if (Boxes.empty())
    return false;
  SmallVector<SmallVector<Operation *>> Made;
  for (const CopyBox &In : Boxes)
    Made.push_back(loadFromCopy(In, Root));
  NestReport Again = Report;
  if (raiseNest(Root, Tactics, NamedOps, Ttgt, Again, /*MayCopy=*/false)) {
    Report = std::move(Again);
    return true;
  }
  for (unsigned I = Boxes.size(); I-- > 0;)
    undoLoadsFromCopy(Boxes[I], Made[I]);
  return false;
}

/// Raises one nest; fills `Report`. With @p MayCopy, statements that cannot
/// be separated because some read values from before the nest in place are
/// separated reading a copy.
bool raiseNest(affine::AffineForOp Root, ArrayRef<Tactic> Tactics,
               bool NamedOps, const TtgtOptions &Ttgt, NestReport &Report,
               bool MayCopy) {
  reloadTwiceStored(Root);
  Nest N = analyzeNest(Root);
  if (!N.Unsupported.empty()) {
    Report.Reason = N.Unsupported;
    return false;
  }
  if (N.Units.empty()) {
    Report.Reason = "the loop nest stores nothing";
    return false;
  }

  // Match every unit before changing anything.
  SmallVector<std::optional<MatchResult>> Matches(N.Units.size());
  std::optional<DependenceView> Test(std::in_place, Root);
  MatchFailure Closest;
  bool Any = false;
  for (auto [I, U] : llvm::enumerate(N.Units)) {
    std::string Why = checkUnit(U, *Test);
    if (!Why.empty()) {
      if (Report.Reason.empty())
        Report.Reason = Why;
      continue;
    }
    MatchFailure UnitBest;
    std::string UnitTactic;
    // Integer sums of three loops (a GEMM) go to the tuned GEMM kernels if
    // 32-bit, over inputs of the sum's type or narrower (int8 and int16
    // inputs, quantized inference's, are widened as they are packed: int16
    // at 512^3 on Zen 3, 52 Gop/s against 23 as loops); 64-bit lanes gain
    // only where the vector unit
    // multiplies them (AVX-512DQ: 3.8x at 512^3 on Zen 5; AVX2: 0.9-1.05x),
    // which raising does not know. Other sums lower to the loops LLVM
    // vectorizes anyway (there is no tuned integer matvec), where raised
    // they would only cost the run-time check (an int32 GEMM at 256 as
    // loops: 0.8x on Zen 5).
    Type SumTy = U.Store.getValueToStore().getType();
    bool IntegerSum = isa<IntegerType>(SumTy);
    bool TunedSum =
        SumTy.isInteger(32) && U.Loops.size() == 3 &&
        llvm::all_of(U.Accesses, [&](const Access &A) {
          Type Elem = getElementTypeOrSelf(A.Memref.getType());
          return Elem == SumTy || (!A.IsWrite && Elem.isInteger() &&
                                   Elem.getIntOrFloatBitWidth() < 32);
        });
    for (const Tactic &T : Tactics) {
      MatchResult R;
      MatchFailure F;
      if (IntegerSum && sumsOverAnIndex(T) && !TunedSum)
        continue;
      // Over a triangle only products of three loops are worth raising
      // (the tuned GEMM masks them); anything else would run over the box.
      if (U.Tri && (U.Loops.size() != 3 || !sumsOverAnIndex(T)))
        continue;
      if (matchTactic(U, T, R, F)) {
        Matches[I] = std::move(R);
        break;
      }
      if (F.Progress > UnitBest.Progress || UnitTactic.empty()) {
        UnitBest = F;
        UnitTactic = T.Name;
      }
    }
    if (U.Tri && !Matches[I]) {
      UnitBest.Reason =
          "the iteration space is a triangle and no product tactic matches it";
      UnitTactic.clear();
    } else if (IntegerSum && !Matches[I]) {
      UnitBest.Reason = "a sum of integers that is no 32-bit GEMM over inputs "
                        "of its own type or narrower: no tuned kernel lowers "
                        "it, and the loops vectorize as they are";
      UnitTactic.clear();
    }
    Any |= Matches[I].has_value();
    if (!Matches[I] && (Report.ClosestTactic.empty() ||
                        UnitBest.Progress > Closest.Progress)) {
      Closest = UnitBest;
      Report.ClosestTactic = UnitTactic;
      Report.Reason = UnitBest.Reason;
    }
  }
  // The clone goes before anything is emitted.
  Test.reset();
  if (!Any)
    return false;
  std::optional<SmallVector<unsigned>> Order =
      N.Units.size() > 1 ? splitOrder(N) : SmallVector<unsigned>{0};
  if (!Order) {
    if (MayCopy && raiseReadingCopies(Root, Tactics, NamedOps, Ttgt, Report))
      return true;
    Report.ClosestTactic.clear();
    Report.Reason = "the statements of the nest cannot be separated";
    return false;
  }

  // Emit, in the split's order, before the nest; undo everything on
  // failure.
  OpBuilder B(Root);
  Block *Parent = Root->getBlock();
  Operation *Before = Root->getPrevNode();
  auto Undo = [&] {
    Operation *First = Before ? Before->getNextNode() : &Parent->front();
    SmallVector<Operation *> Created;
    for (Operation *Op = First; Op != Root.getOperation();
         Op = Op->getNextNode())
      Created.push_back(Op);
    for (Operation *Op : llvm::reverse(Created))
      Op->erase();
  };
  for (unsigned I : *Order) {
    const Unit &U = N.Units[I];
    if (Matches[I]) {
      std::string Why;
      FailureOr<RaisedOp> R =
          buildRaised(B, U, *Matches[I], NamedOps, Ttgt, Why);
      if (failed(R)) {
        Undo();
        Report.Raised.clear();
        Report.ClosestTactic = Matches[I]->T->Name;
        Report.Reason = "matched, but " + Why;
        return false;
      }
      Report.Raised.push_back(std::move(*R));
      continue;
    }
    for (Operation *Op : U.Ops)
      Op->setAttr("raise.keep", B.getUnitAttr());
    auto Clone = cast<affine::AffineForOp>(B.clone(*Root));
    for (Operation *Op : U.Ops)
      Op->removeAttr("raise.keep");
    pruneClone(Clone);
  }
  Root->erase();
  return true;
}

struct RaiseAffineToLinalgPass
    : public raise::impl::RaiseAffineToLinalgBase<RaiseAffineToLinalgPass> {
  using RaiseAffineToLinalgBase::RaiseAffineToLinalgBase;

  RaiseAffineToLinalgPass(std::shared_ptr<const std::vector<Tactic>> Parsed,
                          NestReportHandler Handler, bool Named)
      : Tactics(std::move(Parsed)), Handler(std::move(Handler)) {
    namedOps = Named;
  }

  /// Parses every tactics file before any function is touched.
  LogicalResult initialize(MLIRContext *Ctx) override {
    if (Tactics && tacticFiles.empty())
      return success();
    auto Loaded = std::make_shared<std::vector<Tactic>>();
    TacticsError Error;
    std::vector<std::string> Files(tacticFiles.begin(), tacticFiles.end());
    if (!loadTactics(Files, *Loaded, Error)) {
      Location Loc =
          Error.Pos.Line
              ? Location(FileLineColLoc::get(Ctx, Error.File, Error.Pos.Line,
                                             Error.Pos.Column))
              : Location(FileLineColLoc::get(Ctx, Error.File, 0, 0));
      emitError(Loc) << Error.Message;
      return failure();
    }
    Tactics = std::move(Loaded);
    return success();
  }

  void runOnOperation() override {
    TtgtOptions Ttgt;
    Ttgt.Enable = ttgt;
    Ttgt.MinDim = ttgtMinDim;
    std::vector<NestReport> Reports =
        raiseAffineToLinalg(getOperation(), *Tactics, namedOps, Ttgt);
    for (const NestReport &R : Reports) {
      ++numNests;
      if (R.raised()) {
        ++numNestsRaised;
        for (const RaisedOp &Op : R.Raised) {
          ++(Op.Op == "linalg.generic" ? numGenericOps : numNamedOps);
          if (StringRef(Op.Detail).starts_with("TTGT"))
            ++numTtgt;
        }
      }
      if (emitRemarks) {
        std::string Where =
            R.Version.empty() ? "" : "(where " + R.Version + ") ";
        if (R.raised()) {
          InFlightDiagnostic D = emitRemark(R.Loc) << Where << "raised to ";
          llvm::interleave(
              R.Raised, [&](const RaisedOp &Op) { D << Op.str(); },
              [&] { D << "; "; });
          if (!R.Reason.empty())
            D << "; not raised: " << R.Reason;
        } else {
          InFlightDiagnostic D = emitRemark(R.Loc) << Where << "not raised: ";
          if (!R.ClosestTactic.empty())
            D << "closest tactic " << R.ClosestTactic << ": ";
          D << R.Reason;
        }
      }
      if (Handler)
        Handler(R);
    }
  }

  std::shared_ptr<const std::vector<Tactic>> Tactics;
  NestReportHandler Handler;
};

} // namespace

std::vector<NestReport>
mlir::raise::raiseAffineToLinalg(func::FuncOp Func,
                                 const std::vector<Tactic> &Tactics,
                                 bool NamedOps, const TtgtOptions &Ttgt) {
  std::vector<NestReport> Reports;
  SmallVector<affine::AffineForOp> Roots;
  Func.walk([&](affine::AffineForOp For) {
    if (!For->getParentOfType<affine::AffineForOp>())
      Roots.push_back(For);
  });
  // A version's key: the top-level op its version tree hangs from, and its
  // place among the nests of its own branch.
  DenseMap<Region *, unsigned> NestsInRegion;
  Block &Body = Func.getBody().front();
  for (affine::AffineForOp Root : Roots) {
    // Loops a raising pass made around what it raised (an expanded
    // temporary's copy back): not the source's, nothing to report.
    if (Root->hasAttr("raise.not_a_kernel"))
      continue;
    Operation *Top = Body.findAncestorOpInBlock(*Root);
    unsigned TopIndex = std::distance(Body.begin(), Top->getIterator());
    std::string Version = describeVersion(Root);
    // The original nest raise-split-sums kept beside its split, for where
    // the split's peeled or last iteration would not be the next k.
    if (Root->hasAttr("raise.split_sums_kept"))
      Version += std::string(Version.empty() ? "" : " and ") +
                 "the partial sums' loop runs no iteration";
    NestReport Report{Root.getLoc(),
                      Func.getName().str(),
                      {},
                      "",
                      "",
                      Version,
                      {TopIndex, NestsInRegion[Root->getParentRegion()]++}};
    Root.walk([&](affine::AffineForOp) { ++Report.NumLoops; });
    raiseNest(Root, Tactics, NamedOps, Ttgt, Report);
    Reports.push_back(std::move(Report));
  }
  return Reports;
}

std::unique_ptr<Pass> mlir::raise::createRaiseAffineToLinalgPass(
    std::shared_ptr<const std::vector<Tactic>> Tactics,
    NestReportHandler Handler, bool NamedOps) {
  return std::make_unique<RaiseAffineToLinalgPass>(
      std::move(Tactics), std::move(Handler), NamedOps);
}

void mlir::raise::registerRaisingPasses(
    std::function<std::vector<std::string>()> DefaultTacticFiles) {
  registerPass([DefaultTacticFiles]() -> std::unique_ptr<Pass> {
    RaiseAffineToLinalgOptions Options;
    if (DefaultTacticFiles) {
      std::vector<std::string> Files = DefaultTacticFiles();
      Options.tacticFiles.assign(Files.begin(), Files.end());
    }
    return createRaiseAffineToLinalg(Options);
  });
  registerPass([] { return createRaiseForwardScalars(); });
  registerPass([] { return createRaiseHoistGuards(); });
  registerPass([] { return createRaiseAlignTriangles(); });
  registerPass([] { return createRaiseInterchangeReductions(); });
  registerPass([] { return createRaiseExpandTemporaries(); });
  registerPass([] { return createRaiseRerollLanes(); });
  registerPass([] { return createRaiseScalarizeArrays(); });
  registerPass([] { return createRaiseReverseLoops(); });
  registerPass([] { return createRaiseSplitSums(); });
  registerPass([] { return createRaiseStridedViews(); });
  registerPass([] { return createRaiseSplitRecurrences(); });
  registerPass([] { return createRaiseMatrixChain(); });
}
