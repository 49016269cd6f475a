//===- AliasBounds.h - Exact bounds for a SCoP's alias checks ---*- C++ -*-===//
//
// Polly checks at run time that arrays it cannot prove apart do not overlap,
// comparing the lowest and highest element each array's accesses reach. It
// computes them after dropping the existentially quantified variables of
// the accessed set (isl's remove_divs), which overapproximates every stride:
// rows 8 * b + t of a hand-tiled product (b < ceil(n / 8), t < 8) then reach
// up to row n + 6 instead of n - 1. Buffers allocated one after another (a
// model's activations in one block, or large mallocs that the C library
// maps one below the other) then seem to overlap, and the raised code never
// runs. This recomputes the bounds from the exact accessed sets.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_ALIASBOUNDS_H
#define RAISE_DELINEARIZE_ALIASBOUNDS_H

namespace polly {
class Scop;
} // namespace polly

namespace raising {

/// Replaces the lowest and highest accessed element of each array in the
/// alias groups of @p S by the exact lexicographic minimum and maximum of the
/// elements its accesses reach over their statements' domains (the maximum
/// one past the last element, as Polly's), where isl computes them within a
/// bounded number of operations and they differ from Polly's. Returns how
/// many bounds changed. Call it before delinearizeArrays(): the bounds are
/// in the arrays' shapes as Polly built them.
unsigned tightenAliasBounds(polly::Scop &S);

} // namespace raising

#endif // RAISE_DELINEARIZE_ALIASBOUNDS_H
