//===- AliasBounds.cpp - Exact bounds for a SCoP's alias checks -----------===//

#include "AliasBounds.h"

#include "polly/ScopInfo.h"
#include "polly/Support/GICHelper.h"
#include "polly/Support/ISLTools.h"
#include "isl/ctx.h"
#include "isl/options.h"

using namespace llvm;
using namespace polly;
using namespace raising;

/// isl operations one array's bounds may take (Polly's own alias checks
/// allow their computation a similar budget).
static constexpr unsigned long MaxOperations = 300000;

/// The elements of the array @p SAI the accesses of @p S reach, as Polly
/// built them.
static isl::set getAccessedElements(Scop &S, const ScopArrayInfo &SAI) {
  isl::union_map Accesses = isl::union_map::empty(S.getIslCtx());
  for (ScopStmt &Stmt : S)
    for (MemoryAccess *MA : Stmt)
      if (MA->getLatestScopArrayInfo() == &SAI)
        Accesses = Accesses.unite(isl::union_map(
            MA->getAccessRelation().intersect_domain(Stmt.getDomain())));
  isl::union_set Range = Accesses.range();
  if (Range.is_null())
    return {};
  isl::set_list Sets = Range.get_set_list();
  for (unsigned I = 0, E = unsignedFromIslSize(Sets.size()); I != E; ++I)
    if (Sets.at(I).get_tuple_id().get() == SAI.getBasePtrId().get())
      return Sets.at(I);
  return {};
}

/// One past @p Max in its last dimension: the end of the region it bounds.
static isl::pw_multi_aff pastLast(isl::pw_multi_aff Max) {
  unsigned Last = unsignedFromIslSize(Max.dim(isl::dim::out)) - 1;
  isl::pw_aff LastDim = Max.at(Last);
  isl::aff One(isl::local_space(LastDim.get_domain_space()));
  return Max.set_pw_aff(Last, LastDim.add(One.add_constant_si(1)));
}

/// Tightens @p Bounds (the lowest and one past the highest element of one
/// array); returns whether it changed them.
static bool tighten(Scop &S, Scop::MinMaxAccessTy &Bounds) {
  isl::id Array = Bounds.second.get_tuple_id(isl::dim::out);
  const ScopArrayInfo *SAI = ScopArrayInfo::getFromId(Array);
  if (!SAI)
    return false;
  isl_ctx *Ctx = S.getIslCtx().get();
  isl::pw_multi_aff Min, Max;
  {
    IslMaxOperationsGuard Guard(Ctx, MaxOperations);
    isl::set Elements = getAccessedElements(S, *SAI);
    if (Elements.is_null())
      return false;
    Min = Elements.lexmin_pw_multi_aff().coalesce();
    Max = Elements.lexmax_pw_multi_aff().coalesce();
    if (Guard.hasQuotaExceeded() || Min.is_null() || Max.is_null())
      return false;
  }
  Max = pastLast(Max);
  // Over the parameters the SCoP runs with, the old bounds are no tighter.
  if (Min.plain_is_equal(Bounds.first) && Max.plain_is_equal(Bounds.second))
    return false;
  Bounds = {Min, Max};
  return true;
}

unsigned raising::tightenAliasBounds(Scop &S) {
  unsigned Tightened = 0;
  // Scop keeps its alias groups for the code generator to read; it has no
  // setter, and the bounds are replaced in place in this (non-const) Scop.
  auto &Groups =
      const_cast<Scop::MinMaxVectorPairVectorTy &>(S.getAliasGroups());
  for (Scop::MinMaxVectorPairTy &Group : Groups)
    for (Scop::MinMaxVectorTy *Arrays : {&Group.first, &Group.second})
      for (Scop::MinMaxAccessTy &Bounds : *Arrays)
        Tightened += tighten(S, Bounds);
  return Tightened;
}
