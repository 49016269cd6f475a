//===- ExitTails.h - A loop's last iteration put back into the loop -*- C++
//-*-===//
//
// A loop that counts down to the row where its inner loop is empty
// (`DO I = M,1,-1` around `DO K = 1,I - 1`, the reference STRMM) tests one
// condition for both: `I > 1` decides whether the inner loop runs and
// whether the outer loop goes on. Loop rotation then puts the code after the
// inner loop twice, in the latch for every row but the last and in the
// loop's exit for the last (`B(1,J) = ALPHA*TEMP` with TEMP = B(1,J)). Polly
// models that as a statement after the loop reading a scalar of its last
// iteration, and the statements in the loop under `i <= m - 2`, which no
// tactic matches. This puts the copy in the exit back: the latch runs for
// the last row too, with the exit's operands where they differ, and the loop
// leaves from the latch on the same test. No program can observe the change.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_EXITTAILS_H
#define RAISE_DELINEARIZE_EXITTAILS_H

namespace llvm {
class DominatorTree;
class Function;
class LoopInfo;
} // namespace llvm

namespace raising {

/// Merges, in every loop of @p F whose header leaves the loop for a block
/// that starts with a copy of the loop's latch (the same operations on the
/// header's values where the latch has the inner loop's), that copy into
/// the latch. Keeps @p LI and @p DT up to date; returns how many loops
/// changed (the caller invalidates SCEV then).
unsigned mergeExitTails(llvm::Function &F, llvm::LoopInfo &LI,
                        llvm::DominatorTree &DT);

} // namespace raising

#endif // RAISE_DELINEARIZE_EXITTAILS_H
