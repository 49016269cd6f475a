//===- VerifySpliceTest.cpp - The verifier after splicing -----------------===//
//
// verifySplice() is the last line of defence against a bug in splicing: it
// must pass valid functions untouched and turn invalid ones into an error
// naming the function, leaving IR that later passes can still run on.
//
//===----------------------------------------------------------------------===//

#include "plugin/Splice.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace raising;

namespace {

/// @f calls @f.raise.0, as a spliced region does. In @BrokenCallee a value is
/// used on a path where it was never defined, which the parser accepts and
/// the verifier does not.
constexpr const char *IR = R"(
define void @f(ptr %p) {
  call void @f.raise.0(ptr %p)
  ret void
}

define internal void @f.raise.0(ptr %p) {
  store float 0.0, ptr %p
  ret void
}

define internal void @broken(i1 %c, ptr %p) {
entry:
  br i1 %c, label %then, label %join
then:
  %x = load float, ptr %p
  br label %join
join:
  store float %x, ptr %p
  ret void
}
)";

class VerifySpliceTest : public testing::Test {
protected:
  void SetUp() override {
    SMDiagnostic Diag;
    M = parseAssemblyString(IR, Diag, Ctx);
    ASSERT_TRUE(M) << Diag.getMessage().str();
  }

  LLVMContext Ctx;
  std::unique_ptr<Module> M;
};

TEST_F(VerifySpliceTest, ValidFunctionsPass) {
  Function &F = *M->getFunction("f");
  Function &Callee = *M->getFunction("f.raise.0");
  EXPECT_FALSE(errorToBool(verifySplice(F, Callee)));
  // Untouched.
  EXPECT_EQ(F.size(), 1u);
  EXPECT_EQ(Callee.front().size(), 2u);
}

TEST_F(VerifySpliceTest, InvalidCalleeIsAnError) {
  Function &F = *M->getFunction("f");
  Function &Broken = *M->getFunction("broken");
  std::string Message = toString(verifySplice(F, Broken));
  EXPECT_NE(Message.find("invalid IR in function 'broken'"), std::string::npos)
      << Message;
  EXPECT_NE(Message.find("Instruction does not dominate all uses"),
            std::string::npos)
      << Message;
  // Both bodies are gone, linkage kept, and the module is valid again.
  EXPECT_TRUE(isa<UnreachableInst>(F.front().front()));
  EXPECT_TRUE(isa<UnreachableInst>(Broken.front().front()));
  EXPECT_TRUE(Broken.hasInternalLinkage());
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

TEST_F(VerifySpliceTest, InvalidCallerIsAnError) {
  Function &Broken = *M->getFunction("broken");
  Function &Callee = *M->getFunction("f.raise.0");
  std::string Message = toString(verifySplice(Broken, Callee));
  EXPECT_NE(Message.find("invalid IR in function 'broken'"), std::string::npos)
      << Message;
  EXPECT_FALSE(verifyModule(*M, &errs()));
}

} // namespace
