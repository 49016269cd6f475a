//===- RowLengths.h - Rows Polly measured short ----------------*- C++ -*-===//
//
// Polly finds a parametric array's row length from the terms of its
// subscripts, and drops from it a constant that the parametric part does not
// divide: `C[i*ld + j]` with ld = 2*n + 15 (a leading dimension computed by
// a caller it was inlined into) becomes C[i][i + j] on rows of 2*n + 14.
// That is exact, but no kernel reads a diagonal as a column: raising misses
// the product ("the output subscripts are not distinct loop indices"). Where
// every access of an array has its column shifted by the same multiple c of
// its row, the rows are c elements longer: C[i][j] on rows of 2*n + 15.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_ROWLENGTHS_H
#define RAISE_DELINEARIZE_ROWLENGTHS_H

namespace polly {
class Scop;
} // namespace polly

namespace raising {

/// Gives every array of @p S whose accesses all read or write
/// [..., r, s + c * r] (the same constant c, not zero, r varying with the
/// loops) the shape with its last dimension c longer, and the accesses
/// [..., r, s]: new ScopArrayInfos with the same base pointers and new access
/// relations; that 0 <= s stays below the new length becomes an assumption
/// of @p S, checked at run time. Returns how many arrays changed.
unsigned lengthenRows(polly::Scop &S);

} // namespace raising

#endif // RAISE_DELINEARIZE_ROWLENGTHS_H
