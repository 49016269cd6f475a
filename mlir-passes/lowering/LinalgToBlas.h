//===- LinalgToBlas.h - Matmul-like linalg ops as CBLAS calls ---*- C++ -*-===//
//
// The entry point of raise-linalg-to-blas for the plugin, which turns what
// the pass did into optimization remarks.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_LINALGTOBLAS_H
#define RAISE_MLIR_PASSES_LINALGTOBLAS_H

#include "Passes.h"

#include <functional>
#include <memory>
#include <string>

namespace mlir {
namespace raise {

/// What raise-linalg-to-blas did with one matmul- or matvec-like operation.
struct BlasReport {
  Location Loc;
  /// The operation, e.g. "linalg.generic (GEMM_TB)".
  std::string Op;
  /// The call it became, with what was folded into it, e.g.
  /// "cblas_sgemm (B transposed; beta = 0 from the fill before it)"; empty
  /// if it was not lowered.
  std::string Call;
  /// Why it was not lowered.
  std::string Reason;
  /// It was not lowered only because reassociation is not allowed.
  bool NeedsReassoc = false;
  bool lowered() const { return !Call.empty(); }
};

using BlasReportHandler = std::function<void(const BlasReport &)>;

/// The pass with a handler that receives every report (for remarks).
std::unique_ptr<Pass>
createRaiseLinalgToBlasPass(const RaiseLinalgToBlasOptions &Options,
                            BlasReportHandler Handler);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_LINALGTOBLAS_H
