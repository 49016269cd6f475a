//===- CollapsedRows.h - collapse(2) chunks walked row by row ---*- C++ -*-===//
//
// `#pragma omp for collapse(2)` runs one loop over the thread's chunk
// [lb, ub] of the collapsed space and recovers the row and the column as
// t / n and t % n, which Polly cannot model. Where the source only puts them
// back together as the flat index (llm.c's `bt = b * T + t`), that index is
// t itself, and the loop is one over t. Where it uses the row and the column
// otherwise, and t and n are not negative, the chunk is the rows lb / n to
// ub / n, each from column max(lb - i*n, 0) to min(ub - i*n, n - 1): a copy
// of the loop walks it so, behind a check that t and n are not negative, as
// an outer loop over the rows around a loop over one row's columns, in which
// t / n is the row. The loop over a row is then a SCoP whose bounds are
// parameters, and each thread's rows are raised, in the order the source
// runs them.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_COLLAPSEDROWS_H
#define RAISE_DELINEARIZE_COLLAPSEDROWS_H

namespace llvm {
class DominatorTree;
class Function;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace raising {

/// For every outermost loop of @p F whose induction variable t steps by one
/// and is all the loop carries from one iteration to the next: puts flat
/// indices back as t, then versions the loop if it still divides t by one
/// invariant n, as the header says (the copy runs where lb >= 0, n > 0 and
/// lb <= ub). Returns whether it changed anything; @p LI, @p DT and @p SE are
/// stale then (the caller invalidates them).
bool splitCollapsedRows(llvm::Function &F, llvm::LoopInfo &LI,
                        llvm::DominatorTree &DT, llvm::ScalarEvolution &SE);

} // namespace raising

#endif // RAISE_DELINEARIZE_COLLAPSEDROWS_H
