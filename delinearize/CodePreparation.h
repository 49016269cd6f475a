//===- CodePreparation.h - Shapes Polly rejects for no reason ---*- C++ -*-===//
//
// A shape of optimized IR that keeps Polly from modelling a nest although
// nothing in it matters to it, changed in a way no program can observe:
// C's variable-length arrays save the stack pointer at the start of their
// scope and restore it at its end: `const int N = 8; float acc[N];` inside a
// loop (llm.c's matmul_forward) is a VLA in C, so every iteration calls
// llvm.stacksave and llvm.stackrestore. Once LLVM has promoted the array or
// given it a constant size in the entry block, the pair restores nothing,
// but it stays, and Polly rejects the nest over the calls.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_CODEPREPARATION_H
#define RAISE_DELINEARIZE_CODEPREPARATION_H

namespace llvm {
class Function;
} // namespace llvm

namespace raising {

/// Erases the llvm.stacksave calls of @p F and the llvm.stackrestore calls
/// of what they saved, if @p F has no dynamic alloca (every alloca has a
/// constant size and sits in the entry block) and a saved pointer is used
/// by nothing else. Returns how many calls were erased.
unsigned eraseIdleStackSaves(llvm::Function &F);

} // namespace raising

#endif // RAISE_DELINEARIZE_CODEPREPARATION_H
