//===- Limits.h - Bounds on what raise analyses -----------------*- C++ -*-===//
//
// Compile time must stay bounded whatever the input: a SCoP with too many
// statements or loops too deep is left alone before raise does any work on
// it, and isl's work on a region (AST generation, translation, planning the
// call) stops after a fixed number of operations. Either way the region stays
// as it was and a missed remark names the limit.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_PLUGIN_LIMITS_H
#define RAISE_PLUGIN_LIMITS_H

#include "polly/Support/GICHelper.h"

#include <string>

namespace polly {
class Scop;
} // namespace polly

namespace raising {

/// Why @p S is too large for raise (`-raise-max-statements`,
/// `-raise-max-depth`), or the empty string if it is within both limits.
std::string checkSize(const polly::Scop &S);

/// Bounds the isl operations on one SCoP by `-raise-isl-max-operations`
/// while it lives: past the bound isl returns null instead of computing, and
/// everything computed from then on is void. Polly's own analyses, which
/// bound themselves, must not run inside it (isl's bounds do not nest).
class IslBudget {
public:
  explicit IslBudget(polly::Scop &S);

  /// True once the bound was reached.
  bool exhausted() const { return Guard.hasQuotaExceeded(); }

  /// The missed remark's reason when exhausted().
  static std::string describe();

private:
  polly::IslMaxOperationsGuard Guard;
};

} // namespace raising

#endif // RAISE_PLUGIN_LIMITS_H
