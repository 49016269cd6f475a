//===- LocalArrays.h - Local arrays private to a region ---------*- C++ -*-===//
//
// Code tiled by hand keeps its accumulators in a small local array (`float
// acc[8]`), which LLVM leaves in memory where it does not unroll the loops
// over it (-Os). Passed to the raised function as an argument, it ties
// every iteration to the next through memory; but where its lifetime
// markers end and begin it again inside the region, no value flows into
// the region through it or out of it, and the raised function can keep the
// array as a local of its own, which raising may then turn into scalars.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_TRANSLATE_LOCALARRAYS_H
#define RAISE_TRANSLATE_LOCALARRAYS_H

#include <cstdint>
#include <optional>

namespace polly {
class Scop;
class ScopArrayInfo;
} // namespace polly

namespace raising {

/// The number of elements of the local array @p SAI of @p S, where it is
/// private to the region: a one-dimensional array at a fixed-size alloca of
/// its element type, which the region reads and writes only through loads,
/// stores and memsets, each of which the array's lifetime markers in the region
/// separate from the region's entry and exit (so the region never reads a
/// value from before it, and nothing after it reads a value it stored).
std::optional<uint64_t> getPrivateArrayLength(const polly::Scop &S,
                                              const polly::ScopArrayInfo &SAI);

} // namespace raising

#endif // RAISE_TRANSLATE_LOCALARRAYS_H
