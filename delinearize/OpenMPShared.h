//===- OpenMPShared.h - Shared variables of OpenMP microtasks ---*- C++ -*-===//
//
// clang outlines the body of `#pragma omp parallel` into a microtask that
// __kmpc_fork_call runs on every thread, and passes each shared variable
// (sizes, scalars such as ALPHA, the array pointers themselves) as a pointer
// to the caller's local. Nothing tells LLVM that these pointers do not alias
// the arrays, so every shared variable is reloaded inside the loops, next to
// the stores to the arrays, and Polly sees loop bounds, base pointers and
// factors that change inside the nest. Where the caller shows that each such
// pointer is a local of its own that nothing else can reach, the microtask's
// parameter is `noalias`, and the loads can be hoisted (LICM) before Polly
// runs.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_OPENMPSHARED_H
#define RAISE_DELINEARIZE_OPENMPSHARED_H

namespace llvm {
class Argument;
class Function;
class Value;
class Loop;
} // namespace llvm

namespace raising {

/// True if @p F is run by __kmpc_fork_call: an OpenMP microtask.
bool isMicrotask(const llvm::Function &F);

/// True if @p F is an OpenMP microtask (the callee of __kmpc_fork_call) or
/// hands out loop iterations of an enclosing OpenMP region (calls
/// __kmpc_for_static_init_* or __kmpc_dispatch_*): code raised in it runs
/// on a thread of a team already, and must not start threads of its own.
bool isInOpenMPRegion(const llvm::Function &F);

/// True if @p L asks the OpenMP runtime for its next chunk of iterations
/// (schedule(dynamic), guided or runtime: __kmpc_dispatch_next_*).
bool asksForChunks(const llvm::Loop &L);

/// Marks `noalias` every shared-variable parameter of the microtask @p F
/// that, at every __kmpc_fork_call that runs @p F, is a distinct local of
/// the caller whose address goes nowhere but to that call, and that @p F
/// itself only loads from and stores to. Such a local can be reached only
/// through that parameter: not through any array (the values stored into
/// the caller's locals are not addresses of them), not through another
/// parameter. Returns how many parameters were marked; 0 if @p F is no
/// microtask or any use of it is not such a call.
unsigned markSharedVariablesNoAlias(llvm::Function &F);

/// What the caller's code calls the shared variable @p P of a microtask
/// stands for: the value stored into the local it passes for @p P, where one
/// fork call runs the microtask and one store writes that local (a size the
/// user's function received as an argument). Null otherwise. Remarks name
/// sizes by it.
const llvm::Value *getSharedVariableValue(const llvm::Argument &P);

} // namespace raising

#endif // RAISE_DELINEARIZE_OPENMPSHARED_H
