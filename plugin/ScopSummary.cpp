//===- ScopSummary.cpp - What Polly recovered about one SCoP --------------===//

#include "ScopSummary.h"

#include "polly/ScopDetection.h"
#include "polly/ScopInfo.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace raising;

std::unique_ptr<polly::ScopInfo>
raising::buildScopInfo(Function &F, FunctionAnalysisManager &FAM) {
  return std::make_unique<polly::ScopInfo>(
      F.getDataLayout(), FAM.getResult<polly::ScopAnalysis>(F),
      FAM.getResult<ScalarEvolutionAnalysis>(F),
      FAM.getResult<LoopAnalysis>(F), FAM.getResult<AAManager>(F),
      FAM.getResult<DominatorTreeAnalysis>(F),
      FAM.getResult<AssumptionAnalysis>(F),
      FAM.getResult<OptimizationRemarkEmitterAnalysis>(F));
}

std::string raising::describeValue(const Value &V) {
  if (V.hasName())
    return V.getName().str();
  SmallVector<DbgVariableRecord *, 2> Records;
  findDbgValues(const_cast<Value *>(&V), Records);
  for (const DbgVariableRecord *Record : Records)
    if (Record->getExpression()->getNumElements() == 0)
      return Record->getVariable()->getName().str();
  if (const auto *Arg = dyn_cast<Argument>(&V))
    return "arg" + std::to_string(Arg->getArgNo());
  std::string Text;
  raw_string_ostream OS(Text);
  V.printAsOperand(OS, /*PrintType=*/false);
  return Text;
}

std::string raising::describeSize(const SCEV *Size) {
  if (!Size)
    return "?";
  while (const auto *Cast = dyn_cast<SCEVCastExpr>(Size))
    Size = Cast->getOperand(0);
  if (const auto *C = dyn_cast<SCEVConstant>(Size))
    return std::to_string(C->getAPInt().getSExtValue());
  if (const auto *U = dyn_cast<SCEVUnknown>(Size))
    return describeValue(*U->getValue());
  std::string Text;
  raw_string_ostream OS(Text);
  Size->print(OS);
  return Text;
}

ArraySummary raising::summarizeArray(const polly::ScopArrayInfo &SAI) {
  ArraySummary Array;
  const Value *Base = SAI.getBasePtr();
  Array.Name = Base ? describeValue(*Base) : SAI.getName();
  raw_string_ostream(Array.ElementType) << *SAI.getElementType();
  for (unsigned Dim = 0, E = SAI.getNumberOfDimensions(); Dim < E; ++Dim)
    Array.DimSizes.push_back(describeSize(SAI.getDimensionSize(Dim)));
  return Array;
}

ScopSummary raising::summarizeScop(const polly::Scop &S) {
  ScopSummary Summary;
  Summary.Function = S.getFunction().getName().str();
  Summary.LoopDepth = S.getMaxLoopDepth();
  Summary.NumStatements = S.getSize();
  for (const polly::ScopArrayInfo *SAI : S.arrays())
    if (SAI->isArrayKind())
      Summary.Arrays.push_back(summarizeArray(*SAI));
  return Summary;
}

void raising::print(raw_ostream &OS, const ArraySummary &Array) {
  OS << Array.Name << ": " << Array.ElementType;
  for (const std::string &Size : Array.DimSizes)
    OS << '[' << Size << ']';
}

void raising::print(raw_ostream &OS, const ScopSummary &Summary) {
  OS << "SCoP in " << Summary.Function << ": loop depth " << Summary.LoopDepth
     << ", " << Summary.NumStatements
     << (Summary.NumStatements == 1 ? " statement" : " statements");
  if (Summary.Arrays.empty())
    return;
  OS << ", arrays ";
  ListSeparator Sep;
  for (const ArraySummary &Array : Summary.Arrays) {
    OS << Sep;
    print(OS, Array);
  }
}
