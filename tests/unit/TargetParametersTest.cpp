//===- TargetParametersTest.cpp - Tuned-lowering parameters of a target ---===//
//
// setTargetParameters() takes the vector width, register tile and FMA use
// from a function's target features and the cache sizes from the target's
// cost model (TargetTransformInfo), leaving what the model does not know to
// the cache-block model's defaults.
//
//===----------------------------------------------------------------------===//

#include "plugin/TargetParameters.h"

#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace raising;

namespace {

/// A module for @p Triple with one function whose target features are
/// @p Features.
std::unique_ptr<Module> makeModule(LLVMContext &Ctx, StringRef Triple,
                                   StringRef Features) {
  std::string IR = ("target triple = \"" + Triple +
                    "\"\n"
                    "define void @f() #0 { ret void }\n"
                    "attributes #0 = { \"target-features\"=\"" +
                    Features + "\" }\n")
                       .str();
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(IR, Err, Ctx);
  EXPECT_TRUE(M) << Err.getMessage().str();
  return M;
}

/// Sets @p Options for @f of @p M with the cost model of @p Triple's target.
void setParametersFor(Module &M, StringRef Triple,
                      mlir::raise::TunedLoweringOptions &Options) {
  InitializeAllTargetInfos();
  InitializeAllTargets();
  InitializeAllTargetMCs();
  std::string Error;
  const Target *T = TargetRegistry::lookupTarget(llvm::Triple(Triple), Error);
  EXPECT_TRUE(T) << Error;
  std::unique_ptr<TargetMachine> TM(T->createTargetMachine(
      llvm::Triple(Triple), "", "", TargetOptions(), std::nullopt));
  Function &F = *M.getFunction("f");
  TargetTransformInfo TTI = TM->getTargetTransformInfo(F);
  setTargetParameters(F, TTI, Options);
}

// x86-64 with AVX-512: 512-bit vectors, an 8-row tile, FMA, and the L1 and
// L2 that LLVM's x86 cost model reports (32 KiB and 256 KiB, 8-way); no L3.
TEST(TargetParameters, X86Avx512) {
  LLVMContext Ctx;
  StringRef Triple = "x86_64-unknown-linux-gnu";
  std::unique_ptr<Module> M =
      makeModule(Ctx, Triple, "+avx,+avx2,+fma,+avx512f");
  mlir::raise::TunedLoweringOptions O;
  setParametersFor(*M, Triple, O);
  EXPECT_EQ(O.VectorBits, 512);
  EXPECT_EQ(O.Mr, 8);
  EXPECT_EQ(O.NrVectors, 2);
  EXPECT_TRUE(O.TargetHasFma);
  EXPECT_EQ(O.L1Size, 32 * 1024);
  EXPECT_EQ(O.L1Assoc, 8);
  EXPECT_EQ(O.L2Size, 256 * 1024);
  EXPECT_EQ(O.L2Assoc, 8);
  EXPECT_EQ(O.L3Size, 0);
  EXPECT_EQ(O.L3Assoc, 0);
}

// SSE-only x86-64: 128-bit vectors, a 4-row tile, no FMA.
TEST(TargetParameters, X86Sse) {
  LLVMContext Ctx;
  StringRef Triple = "x86_64-unknown-linux-gnu";
  std::unique_ptr<Module> M = makeModule(Ctx, Triple, "+sse2");
  mlir::raise::TunedLoweringOptions O;
  setParametersFor(*M, Triple, O);
  EXPECT_EQ(O.VectorBits, 128);
  EXPECT_EQ(O.Mr, 4);
  EXPECT_FALSE(O.TargetHasFma);
  EXPECT_EQ(O.L1Size, 32 * 1024);
}

// Without a target's cost model (opt without a target machine), no cache is
// known: the model's defaults apply.
TEST(TargetParameters, NoCostModel) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M =
      makeModule(Ctx, "x86_64-unknown-linux-gnu", "+avx,+avx2,+fma");
  TargetTransformInfo TTI(M->getDataLayout());
  mlir::raise::TunedLoweringOptions O;
  setTargetParameters(*M->getFunction("f"), TTI, O);
  EXPECT_EQ(O.VectorBits, 256);
  EXPECT_EQ(O.Mr, 6);
  EXPECT_EQ(O.L1Size, 0);
  EXPECT_EQ(O.L2Size, 0);
}

} // namespace
