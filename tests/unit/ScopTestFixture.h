//===- ScopTestFixture.h - Polly's SCoPs of an IR snippet -------*- C++ -*-===//
//
// Parses textual IR and builds what the plugin builds for a function: the
// function analyses (Polly's ScopDetection among them) and Polly's ScopInfo.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_TESTS_UNIT_SCOPTESTFIXTURE_H
#define RAISE_TESTS_UNIT_SCOPTESTFIXTURE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"

#include "gtest/gtest.h"

#include <memory>

namespace polly {
class Scop;
} // namespace polly

namespace raising {

class ScopModels;

/// A test that owns one module and the analysis managers of its functions.
class ScopTestFixture : public testing::Test {
protected:
  ScopTestFixture();
  ~ScopTestFixture() override;

  /// Parses @p IR (aborting the test on a syntax error) and returns its
  /// first function definition (declarations of intrinsics may come first).
  llvm::Function &parse(llvm::StringRef IR);

  /// Polly's model of @p F's SCoPs, in detection order; the ScopInfo that
  /// owns them lives as long as the fixture (or the next call).
  llvm::SmallVector<polly::Scop *, 2> buildScops(llvm::Function &F);

  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  llvm::PassBuilder PB;
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  std::unique_ptr<ScopModels> SI;
};

} // namespace raising

#endif // RAISE_TESTS_UNIT_SCOPTESTFIXTURE_H
