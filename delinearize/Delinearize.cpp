//===- Delinearize.cpp - Multi-dimensional shapes for a SCoP's arrays -----===//

#include "Delinearize.h"

#include "AffineForm.h"
#include "StrideChain.h"

#include "polly/ScopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/raw_ostream.h"
#include "isl/aff.h"
#include "isl/set.h"
#include "isl/space.h"

using namespace llvm;
using namespace polly;
using namespace raising;

namespace {

/// One access to an array, its offset read out in elements.
struct Access {
  MemoryAccess *MA = nullptr;
  /// The statement instances that touch memory: the statement's domain, for
  /// a memset/memcpy only where its length is positive. Parameters aligned
  /// with the SCoP's.
  isl::set Domain;
  /// The offset of the first element touched, from the base pointer.
  AffineForm Offset;
  /// For a memset/memcpy, the number of elements it covers.
  std::optional<AffineForm> Length;
};

/// One access's subscripts in the new shape, one affine function per
/// dimension.
using Subscripts = SmallVector<isl::aff, 4>;

/// A reason to refuse an array, or success.
using Failure = std::optional<std::string>;

/// The element type all loads and stores of @p Accesses agree on, or null
/// with @p Reason set. Only memset/memcpy: null without a reason.
Type *getCommonElementType(ArrayRef<MemoryAccess *> Accesses,
                           std::string &Reason) {
  Type *Common = nullptr;
  for (MemoryAccess *MA : Accesses) {
    if (MA->isMemoryIntrinsic())
      continue;
    Type *Ty = MA->getElementType();
    if (Common && Ty != Common) {
      raw_string_ostream(Reason)
          << "it is accessed as both " << *Common << " and " << *Ty;
      return nullptr;
    }
    Common = Ty;
  }
  return Common;
}

/// @p PA on the domain of @p Stmt, with the parameters of @p ParamSpace in
/// its order; null if it needs parameters the SCoP does not know.
isl::pw_aff alignToStatement(isl::pw_aff PA, ScopStmt &Stmt,
                             isl::space ParamSpace) {
  PA = PA.set_tuple_id(isl::dim::in, Stmt.getDomainId());
  PA = isl::manage(isl_pw_aff_align_params(PA.release(), ParamSpace.copy()));
  if (isl_pw_aff_dim(PA.get(), isl_dim_param) !=
      isl_space_dim(ParamSpace.get(), isl_dim_param))
    return {};
  return PA;
}

/// Reads one access's offset (and length) in elements of @p ElemSize bytes.
Failure readAccess(MemoryAccess &MA, int64_t ElemSize, isl::space ParamSpace,
                   Access &Result) {
  ScopStmt &Stmt = *MA.getStatement();
  Result.MA = &MA;
  Result.Domain = isl::manage(
      isl_set_align_params(Stmt.getDomain().release(), ParamSpace.copy()));
  // Polly keeps the byte offset from the base pointer as the only subscript
  // of a one-dimensional access, and the length as the second one of a
  // memset/memcpy.
  unsigned Expected = MA.isMemoryIntrinsic() ? 2 : 1;
  if (MA.getNumSubscripts() != Expected || !MA.getSubscript(0))
    return std::string("an access has no single offset");
  isl::pw_aff Offset =
      alignToStatement(MA.getPwAff(MA.getSubscript(0)), Stmt, ParamSpace);
  if (MA.isMemoryIntrinsic()) {
    if (!MA.getSubscript(1))
      return std::string("a memset or memcpy of it has a length that is not "
                         "affine");
    isl::pw_aff Length =
        alignToStatement(MA.getPwAff(MA.getSubscript(1)), Stmt, ParamSpace);
    if (Length.is_null())
      return std::string("a memset or memcpy of it has an unknown length");
    Result.Domain = Result.Domain.intersect(Length.gt_set(
        isl::pw_aff(Result.Domain, isl::val::zero(Result.Domain.ctx()))));
    std::optional<AffineForm> Bytes = readAffineForm(Length, Result.Domain);
    if (!Bytes)
      return std::string("a memset or memcpy of it has a length that is not "
                         "one affine function");
    if (!Bytes->isDivisibleBy(ElemSize))
      return "a memset or memcpy of it covers part of one of its " +
             std::to_string(ElemSize) + "-byte elements";
    Result.Length = Bytes->divideBy(ElemSize);
  }
  if (Offset.is_null())
    return std::string("an offset depends on values the SCoP does not know");
  std::optional<AffineForm> Bytes = readAffineForm(Offset, Result.Domain);
  if (!Bytes)
    return std::string("an offset is not one affine function");
  if (!Bytes->isDivisibleBy(ElemSize))
    return "an access is not aligned to its " + std::to_string(ElemSize) +
           "-byte elements";
  Result.Offset = Bytes->divideBy(ElemSize);
  return std::nullopt;
}

/// Splits the offset of the first element @p A touches over the dimensions of
/// @p Strides.
Subscripts splitAccess(const Access &A, ArrayRef<int64_t> Strides) {
  unsigned NumDims = Strides.size();
  SmallVector<AffineForm, 4> Forms(NumDims);
  for (AffineForm &Form : Forms) {
    Form.Iters.assign(A.Offset.Iters.size(), 0);
    Form.Params.assign(A.Offset.Params.size(), 0);
  }
  for (unsigned I = 0; I < A.Offset.Iters.size(); ++I) {
    SmallVector<int64_t, 4> Digits =
        splitCoefficient(A.Offset.Iters[I], Strides);
    for (unsigned Dim = 0; Dim < NumDims; ++Dim)
      Forms[Dim].Iters[I] = Digits[Dim];
  }
  for (unsigned P = 0; P < A.Offset.Params.size(); ++P) {
    SmallVector<int64_t, 4> Digits =
        splitCoefficient(A.Offset.Params[P], Strides);
    for (unsigned Dim = 0; Dim < NumDims; ++Dim)
      Forms[Dim].Params[P] = Digits[Dim];
  }

  isl::space Space = A.Domain.get_space();
  SmallVector<std::optional<int64_t>, 4> Mins;
  for (const AffineForm &Form : Forms) {
    isl::val Min = A.Domain.min_val(buildAff(Form, Space));
    if (!Min.is_null() && Min.is_int() &&
        Min.abs().lt(isl::val(Min.ctx(), int64_t(1) << 40)))
      Mins.push_back(Min.get_num_si());
    else
      Mins.push_back(std::nullopt);
  }
  SmallVector<int64_t, 4> Constants =
      splitConstant(A.Offset.Constant, Strides, Mins);

  Subscripts Result;
  for (unsigned Dim = 0; Dim < NumDims; ++Dim) {
    Forms[Dim].Constant = Constants[Dim];
    Result.push_back(buildAff(Forms[Dim], Space));
  }
  return Result;
}

/// A constant function on @p Space.
isl::aff buildConstant(isl::space Space, int64_t Value) {
  AffineForm Form;
  Form.Iters.assign(isl_space_dim(Space.get(), isl_dim_set), 0);
  Form.Params.assign(isl_space_dim(Space.get(), isl_dim_param), 0);
  Form.Constant = Value;
  return buildAff(Form, Space);
}

/// The last element @p A touches in the innermost dimension, if its range
/// stays in the row of its first element @p Subs: differs from Subs.back()
/// only for a memset/memcpy.
isl::aff getLastInner(const Access &A, const Subscripts &Subs) {
  if (!A.Length)
    return Subs.back();
  return Subs.back()
      .add(buildAff(*A.Length, A.Domain.get_space()))
      .add_constant_si(-1);
}

/// The parameters for which @p A with @p Subs leaves an inner dimension of
/// the shape with @p Sizes somewhere in its domain.
isl::set getOutOfBoundsParams(const Access &A, const Subscripts &Subs,
                              ArrayRef<int64_t> Sizes) {
  isl::space Space = A.Domain.get_space();
  isl::set Bad = isl::set::empty(Space);
  for (unsigned Dim = 1; Dim < Sizes.size(); ++Dim) {
    isl::aff Last = Dim + 1 == Sizes.size() ? getLastInner(A, Subs) : Subs[Dim];
    Bad = Bad.unite(Subs[Dim].lt_set(buildConstant(Space, 0)))
              .unite(Last.ge_set(buildConstant(Space, Sizes[Dim])));
  }
  return Bad.intersect(A.Domain).params();
}

/// The new access relation of @p A with @p Subs on @p SAI; a memset/memcpy
/// covers Subs.back() to its last element in the innermost dimension.
isl::map buildAccessRelation(const Access &A, const Subscripts &Subs,
                             const ScopArrayInfo &SAI) {
  isl::map Relation;
  for (const isl::aff &Sub : Subs) {
    isl::map Dim = isl::map::from_aff(Sub);
    if (&Sub == &Subs.back() && A.Length) {
      isl::space Range = Dim.get_space().range();
      Dim = Dim.apply_range(isl::map::lex_le(Range))
                .intersect(isl::map::from_aff(getLastInner(A, Subs))
                               .apply_range(isl::map::lex_ge(Range)));
    }
    Relation = Relation.is_null() ? Dim : Relation.flat_range_product(Dim);
  }
  Relation =
      Relation.set_tuple_id(isl::dim::in, A.MA->getStatement()->getDomainId());
  return Relation.set_tuple_id(isl::dim::out, SAI.getBasePtrId());
}

/// The new access relation of @p A, a memset or memcpy, on @p SAI, whose
/// dimensions have @p Strides and @p Sizes: every element whose linear offset
/// lies in the range the intrinsic covers. Exact for any range, even one that
/// spans rows, so it needs no assumption; used where a range within one row
/// would need one that the loads and stores do not already.
isl::map buildRangeRelation(const Access &A, ArrayRef<int64_t> Strides,
                            ArrayRef<int64_t> Sizes, const ScopArrayInfo &SAI) {
  isl::space Space = A.Domain.get_space();
  isl::aff First = buildAff(A.Offset, Space);
  isl::aff Last = First.add(buildAff(*A.Length, Space)).add_constant_si(-1);
  // { Stmt[i] -> [x] : First(i) <= x <= Last(i) }
  isl::map Range = isl::map::from_aff(First);
  isl::space Offsets = Range.get_space().range();
  Range = Range.apply_range(isl::map::lex_le(Offsets))
              .intersect(isl::map::from_aff(Last).apply_range(
                  isl::map::lex_ge(Offsets)));
  // { A[d] -> [sum(Strides[m] * d[m])] : 0 <= d[m] < Sizes[m], m > 0 }
  isl::space ArraySpace = isl::space(Space.ctx(), 0, Strides.size());
  AffineForm Linear;
  Linear.Iters.assign(Strides.begin(), Strides.end());
  isl::set InBounds = isl::set::universe(ArraySpace);
  for (unsigned Dim = 1; Dim < Sizes.size(); ++Dim) {
    AffineForm Sub;
    Sub.Iters.assign(Strides.size(), 0);
    Sub.Iters[Dim] = 1;
    isl::aff SubAff = buildAff(Sub, ArraySpace);
    InBounds =
        InBounds.intersect(SubAff.ge_set(buildConstant(ArraySpace, 0)))
            .intersect(SubAff.lt_set(buildConstant(ArraySpace, Sizes[Dim])));
  }
  isl::map Linearize = isl::map::from_aff(buildAff(Linear, ArraySpace))
                           .intersect_domain(InBounds);
  isl::map Relation = Range.apply_range(Linearize.reverse());
  Relation =
      Relation.set_tuple_id(isl::dim::in, A.MA->getStatement()->getDomainId());
  return Relation.set_tuple_id(isl::dim::out, SAI.getBasePtrId()).coalesce();
}

/// "[?][1100]".
std::string describeSizes(ArrayRef<int64_t> Sizes) {
  std::string Text = "[?]";
  for (int64_t Size : drop_begin(Sizes))
    Text += "[" + std::to_string(Size) + "]";
  return Text;
}

/// Delinearizes one array that Polly left one-dimensional; see
/// delinearizeArrays. Changes nothing unless the result is Delinearized.
raising::ArrayShape delinearizeArray(Scop &S, ScopArrayInfo &SAI,
                                     ArrayRef<MemoryAccess *> MAs) {
  raising::ArrayShape Shape;
  Shape.Original = Shape.Result = &SAI;
  auto Refuse = [&](std::string Reason) {
    Shape.Outcome = ShapeOutcome::Refused;
    Shape.Reason = std::move(Reason);
    return Shape;
  };
  // A base pointer loaded in the SCoP is fine where Polly hoists the load
  // (a C++ object's data pointer): the splice passes the preloaded value.
  if (SAI.getBasePtrOriginSAI() &&
      !S.lookupInvariantEquivClass(SAI.getBasePtr()))
    return Refuse("its base pointer is loaded inside the SCoP");
  // Loads Polly hoists out of the SCoP as invariant (symm's A[0][0] in the
  // row LLVM peels) keep their one-dimensional access: the splice loads
  // them once before the region from the same address.
  for (MemoryAccess *MA : MAs) {
    if (MA->hasNewAccessRelation())
      return Refuse("its accesses were already rewritten");
    if (!MA->isAffine())
      return Refuse("a subscript is not affine");
  }

  std::string Reason;
  Type *ElemTy = getCommonElementType(MAs, Reason);
  if (!ElemTy)
    return Reason.empty() ? Shape : Refuse(Reason);
  const DataLayout &DL = S.getFunction().getDataLayout();
  int64_t ElemSize = DL.getTypeAllocSize(ElemTy).getFixedValue();
  if (ElemSize <= 0)
    return Refuse("its elements have no fixed size");

  isl::space ParamSpace = S.getFullParamSpace();
  SmallVector<Access, 8> Accesses(MAs.size());
  SmallVector<AccessStrides, 8> Strides;
  for (auto [MA, A] : zip(MAs, Accesses)) {
    if (Failure Why = readAccess(*MA, ElemSize, ParamSpace, A))
      return Refuse(*Why);
    Strides.emplace_back(A.Offset.Iters.begin(), A.Offset.Iters.end());
    // A memset/memcpy steps through its range with unit stride.
    if (A.Length)
      Strides.back().push_back(1);
  }
  std::optional<StrideChain> Chain = chooseStrides(Strides, Reason);
  if (Chain && Chain->size() == 1 && ElemTy == SAI.getElementType())
    return Shape;

  // The subscripts @p Try gives and the parameters for which they stay in
  // their rows; the reason it is refused if they never do.
  SmallVector<int64_t, 4> Sizes;
  SmallVector<Subscripts, 8> Subs;
  isl::set Bounds;
  auto Fits = [&](const StrideChain &Try) -> std::string {
    Sizes = getDimensionSizes(Try);
    Subs.clear();
    // Memsets and memcpys do not constrain the shape: their range is exact
    // either way (see below).
    isl::set Bad = isl::set::empty(ParamSpace);
    for (const Access &A : Accesses) {
      Subs.push_back(splitAccess(A, Try));
      if (!A.Length)
        Bad = Bad.unite(getOutOfBoundsParams(A, Subs.back(), Sizes));
    }
    // A shape whose bounds hold only where an access never runs (`A[100*i
    // + j]` with j < 200 holds only for an empty i loop) would turn the
    // run-time check into "never": refuse it instead.
    Bounds = Bad.complement();
    isl::set Feasible = Bounds.intersect(S.getContext())
                            .intersect(S.getAssumedContext())
                            .subtract(S.getInvalidContext());
    for (const Access &A : Accesses)
      if (!Feasible.intersect(A.Domain.params()).is_empty().is_false())
        return "its accesses would leave the rows of the shape " +
               describeSizes(Sizes) + " whenever they run";
    return "";
  };
  if (Chain)
    Reason = Fits(*Chain);
  // A second guess (the rows of a triangle `A[i][j]` for j from i, which
  // LLVM counts as `A[1201*i + j']`), kept where the first does not fit or
  // fits for fewer sizes (`[?][1201]` fits the triangle's 1200 columns
  // only where it has at most one row).
  std::optional<StrideChain> Across = chooseStridesAcross(Strides);
  if (Across && (!Chain || *Across != *Chain)) {
    isl::set First = Reason.empty() ? Bounds : isl::set();
    auto Kept = std::make_tuple(Sizes, Subs, Bounds);
    // Compared where every access runs: a shape that fits more sizes only
    // where some loop is empty is no better.
    isl::set Runs = isl::set::universe(ParamSpace);
    for (const Access &A : Accesses)
      Runs = Runs.intersect(A.Domain.params());
    if (Runs.is_empty().is_true()) // Versions where different loops run.
      Runs = isl::set::universe(ParamSpace);
    if (Fits(*Across).empty() &&
        (First.is_null() ||
         First.intersect(Runs).is_strict_subset(Bounds.intersect(Runs)))) {
      Chain = Across;
      Reason.clear();
    } else {
      std::tie(Sizes, Subs, Bounds) = Kept;
    }
  }
  if (!Reason.empty())
    return Refuse(Reason);
  isl::set Feasible = Bounds.intersect(S.getContext())
                          .intersect(S.getAssumedContext())
                          .subtract(S.getInvalidContext());

  // Everything checked: now change the SCoP.
  SmallVector<const SCEV *, 4> SizeSCEVs = {nullptr};
  ScalarEvolution &SE = *S.getSE();
  for (int64_t Size : drop_begin(Sizes))
    SizeSCEVs.push_back(
        SE.getConstant(Type::getInt64Ty(ElemTy->getContext()), Size));
  std::string Name = SAI.getName() + "_shaped";
  ScopArrayInfo *Shaped = S.getOrCreateScopArrayInfo(
      nullptr, ElemTy, SizeSCEVs, MemoryKind::Array, Name.c_str());
  Shaped->setBasePtr(SAI.getBasePtr());
  for (auto [A, Sub] : zip(Accesses, Subs)) {
    // A memset/memcpy of a row (`A[i][0..m)`) where the loads and stores
    // already need m <= 300 is that row; any other is a range of offsets.
    bool InRow =
        !A.Length || Feasible.intersect(getOutOfBoundsParams(A, Sub, Sizes))
                         .is_empty()
                         .is_true();
    A.MA->setNewAccessRelation(
        InRow ? buildAccessRelation(A, Sub, *Shaped)
              : buildRangeRelation(A, *Chain, Sizes, *Shaped));
  }
  Instruction *At = MAs.front()->getAccessInstruction();
  S.addAssumption(DELINEARIZATION, Bounds, At ? At->getDebugLoc() : DebugLoc(),
                  AS_ASSUMPTION, At ? At->getParent() : nullptr,
                  /*RTC=*/true);
  Shape.Result = Shaped;
  Shape.Outcome = ShapeOutcome::Delinearized;
  return Shape;
}

} // namespace

DelinearizeReport raising::delinearizeArrays(Scop &S) {
  // Collect first: creating arrays changes S.arrays().
  SmallVector<ScopArrayInfo *, 8> Arrays;
  for (ScopArrayInfo *SAI : S.arrays())
    if (SAI->isArrayKind())
      Arrays.push_back(SAI);

  DelinearizeReport Report;
  for (ScopArrayInfo *SAI : Arrays) {
    SmallVector<MemoryAccess *, 8> MAs;
    for (ScopStmt &Stmt : S)
      for (MemoryAccess *MA : Stmt)
        if (MA->isLatestArrayKind() && MA->getLatestScopArrayInfo() == SAI)
          MAs.push_back(MA);
    // Arrays no access refers to any more (the originals of arrays shaped
    // before) are not reported.
    if (MAs.empty())
      continue;
    if (SAI->getNumberOfDimensions() > 1) {
      Report.Arrays.push_back(
          {SAI, SAI, ShapeOutcome::AlreadyMultiDimensional, ""});
      continue;
    }
    Report.Arrays.push_back(delinearizeArray(S, *SAI, MAs));
  }
  return Report;
}
