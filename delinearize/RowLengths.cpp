//===- RowLengths.cpp - Rows Polly measured short -------------------------===//
//
// Why the new shape addresses the same elements: element [r, s + c*r] of
// rows of length L is at offset r*L + s + c*r = r*(L + c) + s, element [r, s]
// of rows of length L + c. Only arrays of two dimensions change: in more,
// the strides of the outer dimensions are products of the inner lengths and
// would change too.
//
//===----------------------------------------------------------------------===//

#include "RowLengths.h"

#include "AffineForm.h"

#include "polly/ScopInfo.h"
#include "polly/Support/ISLTools.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Instruction.h"
#include "isl/aff.h"
#include "isl/constraint.h"

#include <optional>

using namespace llvm;
using namespace polly;
using namespace raising;

namespace {
/// One access of an array as its row and column, on its statement's domain.
struct RowColumn {
  MemoryAccess *MA;
  isl::pw_aff Row, Column;
};
} // namespace

/// The row and column of @p MA, a load or store on a two-dimensional array;
/// nothing if its relation is not one affine function of the iterators.
static std::optional<RowColumn> readRowColumn(MemoryAccess &MA) {
  isl::map Relation = MA.getLatestAccessRelation();
  if (!Relation.is_single_valued().is_true())
    return std::nullopt;
  isl::pw_multi_aff Subscripts = isl::pw_multi_aff::from_map(Relation);
  return RowColumn{&MA, Subscripts.at(0), Subscripts.at(1)};
}

/// The c with which @p A's column is s + c * row, s independent of the
/// iterators in its row: 0 where the row has none (then any c is not), or
/// nothing if no integer c works.
static std::optional<int64_t> getShift(const RowColumn &A) {
  isl::set Domain = A.MA->getStatement()->getDomain();
  std::optional<AffineForm> Row = readAffineForm(A.Row, Domain);
  std::optional<AffineForm> Column = readAffineForm(A.Column, Domain);
  if (!Row || !Column)
    return std::nullopt;
  std::optional<int64_t> Shift;
  for (auto [R, C] : zip(Row->Iters, Column->Iters)) {
    if (R == 0)
      continue;
    if (C % R != 0 || (Shift && *Shift != C / R))
      return std::nullopt;
    Shift = C / R;
  }
  return Shift.value_or(0);
}

/// The parameters for which @p Column leaves [0, @p Length) somewhere in the
/// domain of @p A's statement.
static isl::set getOutOfRowParams(const RowColumn &A, isl::pw_aff Column,
                                  isl::pw_aff Length) {
  isl::set Domain = A.MA->getStatement()->getDomain();
  Length =
      Length.add_dims(isl::dim::in, unsignedFromIslSize(Domain.tuple_dim()));
  Length = Length.set_tuple_id(isl::dim::in, Domain.get_tuple_id());
  isl::pw_aff Zero(Domain, isl::val::zero(Domain.ctx()));
  return Column.lt_set(Zero)
      .unite(Column.ge_set(Length))
      .intersect(Domain)
      .params();
}

/// True if no constraint of @p Domain ties two of its loops together: a box
/// (bounds on parameters only). A triangle's column counted from its row
/// (`C[i][i + j']`, j' < n - i) is no short row: raise-align-triangles
/// counts it from the outer index again.
static bool isBox(const isl::set &Domain) {
  bool Box = true;
  Domain.foreach_basic_set([&](isl::basic_set BSet) -> isl::stat {
    isl_basic_set_foreach_constraint(
        BSet.get(),
        [](isl_constraint *C, void *User) -> isl_stat {
          unsigned Dims = 0;
          for (int D = 0, E = isl_constraint_dim(C, isl_dim_set); D < E; ++D)
            Dims += isl_constraint_involves_dims(C, isl_dim_set, D, 1) ==
                    isl_bool_true;
          isl_constraint_free(C);
          if (Dims > 1)
            *static_cast<bool *>(User) = false;
          return isl_stat_ok;
        },
        &Box);
    return isl::stat::ok();
  });
  return Box;
}

/// Lengthens the rows of @p SAI if its accesses ask for it.
static bool lengthenArrayRows(Scop &S, ScopArrayInfo &SAI,
                              ArrayRef<MemoryAccess *> Accesses) {
  if (SAI.getNumberOfDimensions() != 2 ||
      isa<SCEVConstant>(SAI.getDimensionSize(1)))
    return false;
  SmallVector<RowColumn, 4> Reads;
  std::optional<int64_t> Shift;
  for (MemoryAccess *MA : Accesses) {
    if (!isBox(MA->getStatement()->getDomain()))
      return false;
    std::optional<RowColumn> A = readRowColumn(*MA);
    std::optional<int64_t> C = A ? getShift(*A) : std::nullopt;
    // A row that is no loop index (a fixed row) would change its column by
    // c times itself, which need not stay in the row: keep the shape.
    if (!C || *C == 0 || (Shift && *Shift != *C))
      return false;
    Shift = C;
    Reads.push_back(*A);
  }
  if (!Shift)
    return false;
  ScalarEvolution &SE = *S.getSE();
  const SCEV *Length = SAI.getDimensionSize(1);
  const SCEV *Longer =
      SE.getAddExpr(Length, SE.getConstant(Length->getType(), *Shift));
  std::string Name = SAI.getName() + "_rows";
  ScopArrayInfo *Shaped = S.getOrCreateScopArrayInfo(
      nullptr, SAI.getElementType(), {nullptr, Longer}, MemoryKind::Array,
      Name.c_str());
  Shaped->setBasePtr(SAI.getBasePtr());
  isl::pw_aff LongerPw = Shaped->getDimensionSizePw(1);
  isl::set Outside = isl::set::empty(S.getFullParamSpace());
  isl::val C(S.getIslCtx(), *Shift);
  for (const RowColumn &A : Reads) {
    isl::pw_aff Column = A.Column.sub(A.Row.scale(C));
    Outside = Outside.unite(getOutOfRowParams(A, Column, LongerPw));
    isl::map Relation = isl::map::from_pw_aff(A.Row).flat_range_product(
        isl::map::from_pw_aff(Column));
    Relation = Relation.set_tuple_id(isl::dim::in,
                                     A.MA->getStatement()->getDomainId());
    A.MA->setNewAccessRelation(
        Relation.set_tuple_id(isl::dim::out, Shaped->getBasePtrId()));
  }
  Instruction *At = Accesses.front()->getAccessInstruction();
  S.addAssumption(DELINEARIZATION, Outside.complement(),
                  At ? At->getDebugLoc() : DebugLoc(), AS_ASSUMPTION,
                  At ? At->getParent() : nullptr, /*RTC=*/true);
  return true;
}

unsigned raising::lengthenRows(Scop &S) {
  MapVector<ScopArrayInfo *, SmallVector<MemoryAccess *, 4>> Arrays;
  SmallPtrSet<const ScopArrayInfo *, 4> Kept;
  for (ScopStmt &Stmt : S)
    for (MemoryAccess *MA : Stmt) {
      if (!MA->isLatestArrayKind())
        continue;
      auto *SAI = const_cast<ScopArrayInfo *>(MA->getLatestScopArrayInfo());
      // Arrays with a memset or memcpy keep their shape.
      if (MA->isMemoryIntrinsic())
        Kept.insert(SAI);
      else
        Arrays[SAI].push_back(MA);
    }
  for (const ScopArrayInfo *SAI : Kept)
    Arrays.erase(const_cast<ScopArrayInfo *>(SAI));
  // So do arrays Polly hoisted loads from.
  for (InvariantEquivClassTy &Class : S.invariantEquivClasses())
    for (MemoryAccess *MA : Class.InvariantAccesses)
      if (MA->isLatestArrayKind())
        Arrays.erase(const_cast<ScopArrayInfo *>(MA->getLatestScopArrayInfo()));
  unsigned Changed = 0;
  for (auto &[SAI, Accesses] : Arrays)
    Changed += lengthenArrayRows(S, *SAI, Accesses);
  return Changed;
}
