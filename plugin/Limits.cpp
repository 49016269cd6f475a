//===- Limits.cpp - Bounds on what raise analyses -------------------------===//

#include "Limits.h"

#include "Options.h"

#include "polly/ScopInfo.h"
#include "llvm/ADT/Twine.h"

using namespace llvm;
using namespace raising;

std::string raising::checkSize(const polly::Scop &S) {
  if (S.getSize() > MaxStatements)
    return (Twine(S.getSize()) +
            " statements, more than -raise-max-statements=" +
            Twine(MaxStatements))
        .str();
  if (S.getMaxLoopDepth() > MaxDepth)
    return ("loops " + Twine(S.getMaxLoopDepth()) +
            " deep, deeper than -raise-max-depth=" + Twine(MaxDepth))
        .str();
  return "";
}

IslBudget::IslBudget(polly::Scop &S)
    : Guard(S.getIslCtx().get(), IslMaxOperations) {}

std::string IslBudget::describe() {
  return ("its analysis needs more than -raise-isl-max-operations=" +
          Twine(IslMaxOperations) + " isl operations")
      .str();
}
