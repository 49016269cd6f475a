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
// A SCoP may not contain a function's entry block, and the test that guards
// a rotated loop (`n > 0` before `do { ... } while (++i < n)`) sits in the
// entry block when nothing comes before the loop. Without the test, Polly's
// domain for the loop is its first iteration apart from the rest; where the
// loop steps by more than one (`obt += 8`), the isl AST peels that iteration
// off into a second nest. Polly's own pipeline splits the entry block before
// detection for this (its CodePreparation); raise splits only there, since
// for other loops a test in the SCoP only versions nests on it.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_CODEPREPARATION_H
#define RAISE_DELINEARIZE_CODEPREPARATION_H

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace raising {

/// Moves each alloca of a constant size that a stack save before it in its
/// block and the save's restores bracket (a C variable-length array whose
/// length is a constant, `const int U = 8; float acc[U];`, in a loop body)
/// into the entry block, with lifetime markers where it and the restores
/// were: every instance is freed before the next is made, so one static
/// slot serves them all, and Polly, which rejects an alloca in a loop nest,
/// sees plain accesses to a local array. Returns how many were moved.
unsigned hoistScopedAllocas(llvm::Function &F);

/// Erases the llvm.stacksave calls of @p F and the llvm.stackrestore calls
/// of what they saved, if @p F has no dynamic alloca (every alloca has a
/// constant size and sits in the entry block) and a saved pointer is used
/// by nothing else. Returns how many calls were erased.
unsigned eraseIdleStackSaves(llvm::Function &F);

/// Replaces each set of PHIs that take, apart from each other, one value V
/// only, by V: what GVN's load PRE leaves of a value it reloaded in a loop
/// where a store might have changed it, once the reloads are known to read
/// V again (an OpenMP chunk's upper bound, a shared size). SCEV, and Polly
/// after it, take such PHIs for values that vary in the loop. Returns how
/// many PHIs were replaced; LCSSA form may need repair afterwards.
unsigned foldInvariantPhiCycles(llvm::Function &F,
                                const llvm::DominatorTree &DT);

/// Replaces each integer PHI that feeds an address and takes either a value
/// V computed by one arithmetic instruction from values available at the
/// PHI, or constants on edges taken only where one of those values equals a
/// constant that makes V that constant, by V computed at the PHI. A row's
/// start in a triangle, `i * n`, comes out of the loop over the row's
/// elements, and from the test that skips the loop in row 0 as 0: SCEV, and
/// Polly after it, take the PHI for a value that varies and the diagonal
/// `A[i][i]` for no affine subscript. Returns how many PHIs were replaced.
unsigned foldGuardedPhis(llvm::Function &F, const llvm::DominatorTree &DT);

/// Replaces each integer PHI in a loop nest that feeds an address and joins
/// a constant C, from a branch on a condition c, with a value V from a block
/// reached only through c's other edge, where c is computed once per call
/// (outside every loop) and V is too or is the last value of a loop of the
/// nest that SCEV computes from such values, by `select(c, V, C)` (or
/// `select(c, C, V)`) computed before the nest. The index a remainder step
/// after a loop stepping by two reads, `k = K > 1 ? K & -2 : 0` (0 where the
/// loop was skipped, its last value where it ran), is such a PHI at -O2:
/// SCEV, and Polly after it, take it for a value that varies in the nest.
/// Returns how many PHIs were replaced.
unsigned selectBranchPhis(llvm::Function &F, const llvm::DominatorTree &DT,
                          const llvm::LoopInfo &LI, llvm::ScalarEvolution &SE);

/// Rewrites each `x * (n + c)` that indexes an array whose rows are n
/// long (another product with n indexes it), with x varying in the loop
/// around it, n invariant there and c a constant, as `x * n + x * c`. A
/// diagonal walked from its last element (`A(I,I)` for `I = M,1,-1` is element
/// `(I - 1) * (LDA + 1)`) starts at
/// `(M - 1) * (LDA + 1)`, a product SCEV keeps whole: Polly, which finds
/// the row in the multiples of LDA, takes all of it for a column, and
/// assumes the column stays below LDA, which fails at run time. As a sum,
/// `M - 1` of it goes to the row. Returns how many products changed.
unsigned distributeDiagonalSteps(llvm::Function &F, const llvm::LoopInfo &LI);

/// Rewrites each sign extension to 64 bits that indexes an array, of an
/// `nsw` sum or product of 32-bit values of which one truncates a 64-bit
/// value in the 32-bit range, as that sum or product in 64 bits of the
/// 64-bit value and the others extended. A row of a loop counting down
/// (`L[i * ldl + i]` for `i = m - 1 .. 0`, the loop's index in 64 bits)
/// is `sext(ldl * trunc(i))`, which SCEV cannot see through, and Polly
/// takes the diagonal for no affine subscript; `sext(ldl) * i` is one.
/// Where the 32-bit arithmetic overflows it is poison, so the rewrite
/// changes no defined address. Returns how many extensions changed.
unsigned widenTruncatedProducts(llvm::Function &F, llvm::ScalarEvolution &SE);

/// Splits the branch that ends the entry block of @p F off into a block of
/// its own, with the comparisons it alone uses, if it is conditional and
/// decides whether a loop that steps by more than one runs (a successor
/// dominates the loop's header), so that the test that guards the loop can be
/// part of the loop's SCoP and nothing else of the entry block is. Returns the
/// new block, or null if nothing was split. A split changes no instruction but
/// moves the comparisons; mergeEntryBlock() joins the blocks again.
llvm::BasicBlock *splitEntryBlock(llvm::Function &F, const llvm::LoopInfo &LI,
                                  const llvm::DominatorTree &DT,
                                  llvm::ScalarEvolution &SE);

/// Merges @p Split, made by splitEntryBlock(), back into the entry block of
/// its function if it is still the entry block's only successor and has no
/// other predecessor: a function in which nothing was raised keeps the
/// blocks it had.
void mergeEntryBlock(llvm::BasicBlock &Split);

} // namespace raising

#endif // RAISE_DELINEARIZE_CODEPREPARATION_H
