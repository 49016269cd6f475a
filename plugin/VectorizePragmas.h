//===- VectorizePragmas.h - Sums a pragma lets LLVM reorder -----*- C++ -*-===//
//
// A loop the source asks LLVM to vectorize (`#pragma clang loop
// vectorize(enable)`, `vectorize_width(n)`, OpenMP's `#pragma omp simd`)
// lets the loop vectorizer reorder the floating-point sums it carries, which
// it does otherwise only under fast-math: the build without the plugin then
// adds in another order than the source writes. Raised code adds in the
// source's order, so its bits would differ from that build's; raise leaves
// such a nest to the vectorizer, as the pragma asks, and says so.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_PLUGIN_VECTORIZEPRAGMAS_H
#define RAISE_PLUGIN_VECTORIZEPRAGMAS_H

#include <string>

namespace llvm {
class LoopInfo;
class Region;
} // namespace llvm

namespace raising {

/// Why the loop vectorizer may reorder a floating-point sum of region @p R
/// (a loop of it with a vectorization pragma carries one), or the empty
/// string if it may not.
std::string describeReorderedSum(const llvm::Region &R,
                                 const llvm::LoopInfo &LI);

} // namespace raising

#endif // RAISE_PLUGIN_VECTORIZEPRAGMAS_H
