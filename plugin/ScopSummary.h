//===- ScopSummary.h - What Polly recovered about one SCoP ------*- C++ -*-===//
//
// A plain description of a SCoP (function, loop depth, statements, arrays
// with their element type and dimension sizes) for remarks and tests. It is
// computed once from Polly's Scop so that the text of a remark never depends
// on Polly's internal naming.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_PLUGIN_SCOPSUMMARY_H
#define RAISE_PLUGIN_SCOPSUMMARY_H

#include "llvm/ADT/SmallVector.h"
#include <string>

namespace llvm {
class Function;
class SCEV;
class Type;
class Value;
class raw_ostream;
} // namespace llvm

namespace polly {
class Scop;
class ScopArrayInfo;
} // namespace polly

namespace raising {

struct DelinearizeReport;

/// One array a SCoP accesses, as Polly delinearized it.
struct ArraySummary {
  /// The base pointer as describeValue() spells it.
  std::string Name;
  /// The element type as LLVM prints it (`float`, `double`, `i32`).
  std::string ElementType;
  /// The size of every dimension, outermost first: a constant (`1024`), the
  /// name of a value live into the region (`lda`), or `?` where Polly did not
  /// bound the dimension (usually the outermost one).
  llvm::SmallVector<std::string, 3> DimSizes;
};

/// The facts an analysis remark reports for one SCoP.
struct ScopSummary {
  std::string Function;
  unsigned LoopDepth = 0;
  unsigned NumStatements = 0;
  llvm::SmallVector<ArraySummary, 4> Arrays;
};

/// The name a user knows @p V by: its IR name, else the source variable its
/// debug records describe, else `argN` for the N-th (from 0) function argument.
/// clang discards IR names in release builds, hence the fallbacks. An
/// unnamed size is named after what it is computed from through freezes,
/// extensions, max(x, 0) and a load through an argument (Fortran's extents
/// of dummies passed by reference).
std::string describeValue(const llvm::Value &V);

/// Spells a dimension size the way a user wrote it: integer casts that C's
/// promotions introduce (`sext i32 %lda to i64`) are looked through, so the
/// result is `lda` rather than `(sext i32 %lda to i64)`. A null size is `?`.
std::string describeSize(const llvm::SCEV *Size);

/// Describes one array of a SCoP.
ArraySummary summarizeArray(const polly::ScopArrayInfo &SAI);

/// Describes a SCoP; only arrays of memory (not scalars Polly models as
/// zero-dimensional arrays) are listed, in Polly's deterministic order. An
/// array that delinearization reshaped is listed in its new shape, where the
/// original was.
ScopSummary summarizeScop(const polly::Scop &S);

/// The arrays delinearization left as they were, and why:
/// `G: float[?] (its accesses step by 100 and 120 elements, ...)`, separated
/// by "; "; empty if there are none.
std::string describeRefusals(const DelinearizeReport &Report);

/// A parameter that Polly's assumptions pin to one value (an in-bounds
/// assumption `K = 1` where a row of K elements is read as a row of one),
/// as "K = 1"; empty if there is none. The check of such a region holds on
/// no input but that one.
std::string describeFixedParameter(polly::Scop &S);

/// Whether the run-time check of @p S holds for some values of its
/// parameters that are all at least 2: the check of a region that runs its
/// raised code only on a matrix of one row or one column does not.
bool holdsBeyondOne(polly::Scop &S);

/// `A: float[?][lda]`.
void print(llvm::raw_ostream &OS, const ArraySummary &Array);

/// `SCoP in gemm_nn: loop depth 3, 1 statement, arrays A: float[?][lda], ...`.
void print(llvm::raw_ostream &OS, const ScopSummary &Summary);

} // namespace raising

#endif // RAISE_PLUGIN_SCOPSUMMARY_H
