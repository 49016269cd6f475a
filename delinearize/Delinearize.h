//===- Delinearize.h - Shapes for a SCoP's arrays ---------------*- C++ -*-===//
//
// Polly delinearizes parametric accesses (`A[i*lda + k]` with `int lda`) by
// itself, but LLVM 22 lowers fixed-size arrays (`float C[1000][1100]`,
// globals, the rows of VLAs after constant folding) to byte-offset GEPs,
// which Polly models as one-dimensional arrays; a memset of a row even makes
// the array's element type i8. This analysis gives such arrays the
// multi-dimensional shape their accesses imply, by rewriting their access
// relations, so that later stages see `C[i][j]` rather than `C[1100*i + j]`.
//
// A wrong shape is a miscompile, so every rewrite is exact by construction
// (the new subscripts linearize to the old offset, term by term) and every
// bound a shape needs (`0 <= j < 1100`) becomes an assumption of the SCoP,
// checked at run time, never a silent guess. An array whose accesses do not
// fit one shape keeps its one-dimensional form, with the reason recorded.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_DELINEARIZE_H
#define RAISE_DELINEARIZE_DELINEARIZE_H

#include "llvm/ADT/SmallVector.h"
#include <string>

namespace polly {
class Scop;
class ScopArrayInfo;
} // namespace polly

namespace raising {

/// What delinearization did to one array.
enum class ShapeOutcome {
  /// Polly already gave it several dimensions (`A[?][lda]`); kept.
  AlreadyMultiDimensional,
  /// One-dimensional by nature (only unit-stride or scalar-like accesses).
  OneDimensional,
  /// Given a new shape (or element type): the accesses now use Result.
  Delinearized,
  /// Accesses that fit no shape exactly; kept as Polly built it (see Reason).
  Refused,
};

/// One array of a SCoP and what became of its shape.
struct ArrayShape {
  /// The array as Polly built it.
  const polly::ScopArrayInfo *Original = nullptr;
  /// The array the accesses refer to now (MemoryAccess::
  /// getLatestScopArrayInfo): a new one, with the same base pointer, if
  /// Delinearized, else Original.
  const polly::ScopArrayInfo *Result = nullptr;
  ShapeOutcome Outcome = ShapeOutcome::OneDimensional;
  /// Why the array was Refused, in words for a remark: "its accesses step by
  /// 100 and 120 elements, which no single shape nests".
  std::string Reason;
};

/// The outcome for every array of memory (not scalars) that a SCoP accesses,
/// in Polly's order.
struct DelinearizeReport {
  llvm::SmallVector<ArrayShape, 4> Arrays;
};

/// Gives every array of @p S that Polly left one-dimensional (or typed i8
/// because of a memset/memcpy) the multi-dimensional shape and element type
/// its accesses imply: a new ScopArrayInfo with the recovered sizes and the
/// same base pointer, and a new access relation for each access
/// (MemoryAccess::setNewAccessRelation). The bounds every inner subscript must
/// stay within are added to S's assumed context (Scop::addAssumption,
/// DELINEARIZATION, requiring a run-time check). Arrays that cannot be
/// delinearized exactly are left untouched and reported with a reason.
/// Running it again changes nothing.
DelinearizeReport delinearizeArrays(polly::Scop &S);

} // namespace raising

#endif // RAISE_DELINEARIZE_DELINEARIZE_H
