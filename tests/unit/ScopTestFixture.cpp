//===- ScopTestFixture.cpp - Polly's SCoPs of an IR snippet ---------------===//

#include "ScopTestFixture.h"

#include "delinearize/BuildScopInfo.h"

#include "polly/ScopDetection.h"
#include "polly/ScopInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;
using namespace raising;

ScopTestFixture::ScopTestFixture() {
  FAM.registerPass([] { return polly::ScopAnalysis(); });
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
}

// The ScopInfo refers to analyses in FAM: destroy it first.
ScopTestFixture::~ScopTestFixture() { SI.reset(); }

Function &ScopTestFixture::parse(StringRef IR) {
  SMDiagnostic Err;
  M = parseAssemblyString(IR, Err, Ctx);
  if (!M) {
    Err.print("ScopTestFixture", errs());
    ADD_FAILURE() << "invalid IR";
    std::abort();
  }
  for (Function &F : *M)
    if (!F.isDeclaration())
      return F;
  ADD_FAILURE() << "no function with a body";
  std::abort();
}

SmallVector<polly::Scop *, 2> ScopTestFixture::buildScops(Function &F) {
  SI = std::make_unique<ScopModels>(F, FAM);
  SmallVector<polly::Scop *, 2> Scops;
  for (const Region *R : FAM.getResult<polly::ScopAnalysis>(F))
    if (polly::Scop *S = SI->getScop(R))
      Scops.push_back(S);
  return Scops;
}
