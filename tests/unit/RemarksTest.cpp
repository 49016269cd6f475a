//===- RemarksTest.cpp - Function names in remarks ------------------------===//
//
// Remarks name a function as its source spells it: C++ names demangled, the
// flang's procedures with their modules and hosts, the suffixes of outlined
// bodies and clones kept, C names as they are, and nothing that is not a
// mangled function turned into garbage.
//
//===----------------------------------------------------------------------===//

#include "plugin/Remarks.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include "gtest/gtest.h"

using namespace llvm;

namespace {

std::string sourceName(StringRef Name) {
  LLVMContext Ctx;
  Module M("m", Ctx);
  Function *F = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                 GlobalValue::ExternalLinkage, Name, M);
  return raising::getSourceName(*F);
}

TEST(RemarksTest, DemanglesCxxFunctions) {
  EXPECT_EQ(sourceName("_Z4gemmIfEvPT_S1_S1_iii"),
            "gemm<float>(float*, float*, float*, int, int, int)");
  EXPECT_EQ(sourceName("_ZN2ns5scaleEPfi"), "ns::scale(float*, int)");
  EXPECT_EQ(sourceName("_Z14matrix_productRK6MatrixS1_RS_"),
            "matrix_product(Matrix const&, Matrix const&, Matrix&)");
}

TEST(RemarksTest, KeepsSuffixes) {
  EXPECT_EQ(sourceName("_ZN2ns5scaleEPfi.omp_outlined"),
            "ns::scale(float*, int) (.omp_outlined)");
}

TEST(RemarksTest, NamesFlangProcedures) {
  EXPECT_EQ(sourceName("_QMblasPsgemm"), "sgemm (module blas)");
  EXPECT_EQ(sourceName("_QMmymatmulPmymatmuls2.raise.0"),
            "mymatmuls2 (module mymatmul) (.raise.0)");
  EXPECT_EQ(sourceName("_QPsolve"), "solve");
  EXPECT_EQ(sourceName("_QFdriverPkernel"), "kernel (in driver)");
  EXPECT_EQ(sourceName("_QMlinalgSblockFouterPinner"),
            "inner (module linalg, submodule block, in outer)");
  EXPECT_EQ(sourceName("_QQmain"), "the main program");
  // An internal procedure of the main program: a host without a name.
  EXPECT_EQ(sourceName("_QFPrun"), "run (in the main program)");
  EXPECT_EQ(sourceName("_QFPrun.raise.1"),
            "run (in the main program) (.raise.1)");
}

TEST(RemarksTest, LeavesOtherNamesAlone) {
  EXPECT_EQ(sourceName("gemm_nn"), "gemm_nn");
  EXPECT_EQ(sourceName("gemm_nn.omp_outlined"), "gemm_nn.omp_outlined");
  // External Fortran procedures keep the name the linker sees.
  EXPECT_EQ(sourceName("sgemm_"), "sgemm_");
  // flang's variables and types, and what only looks like its names.
  EXPECT_EQ(sourceName("_QMblasEalpha"), "_QMblasEalpha");
  EXPECT_EQ(sourceName("_QMblas"), "_QMblas");
  EXPECT_EQ(sourceName("_QPsolvePagain"), "_QPsolvePagain");
  EXPECT_EQ(sourceName("_QPSolve"), "_QPSolve");
  EXPECT_EQ(sourceName("_Q"), "_Q");
  EXPECT_EQ(sourceName("_ZTV6Matrix"), "_ZTV6Matrix");
  EXPECT_EQ(sourceName("_Z"), "_Z");
}

} // namespace
