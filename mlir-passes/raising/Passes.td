//===- Passes.td - Raising passes of raise -----------------*- tablegen -*-===//
//
// Declarations of the passes of this stage; mlir-tblgen -gen-pass-decls turns them
// into Passes.h.inc (options structs, base classes, registration).
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_RAISING_PASSES_TD
#define RAISE_MLIR_PASSES_RAISING_PASSES_TD

include "mlir/Pass/PassBase.td"

def RaiseAffineToLinalg : Pass<"raise-affine-to-linalg", "func::FuncOp"> {
  let summary = "Raise affine loop nests to linalg operations with tactics";
  let description = [{
    Matches every outermost `affine.for` nest of the function against the
    tactics (Einstein-notation patterns, see BuiltinTactics.tactics) and
    replaces the statements that match by linalg operations: a named
    operation (`linalg.matmul`, `linalg.matvec`, ...) where its arithmetic is
    exactly the statement's, otherwise a `linalg.generic` that carries the
    statement's own scalar body (`llvm.intr.fmuladd`, fast-math flags and
    scale factors are kept). Per output element, the raised operation
    performs the same floating-point operations in the same order as the
    loops, so results are bit-identical.

    Statements of one nest are raised separately when splitting the nest is
    legal; statements that match no tactic stay as affine loops of their own.
    A nest in which nothing matches is left untouched. Distinct memref
    arguments are assumed not to alias (the plugin versions each region on a
    run-time check of that).

    A tactic whose builder is a TTGT program (transpose/reshape statements
    with `where f = a * c`, one GEMM `T(m,n) += X(m,k) * Y(k,n)`, a copy
    back) raises a tensor contraction as copies into matrices, one GEMM and
    a copy back, when that is exact (the loops over the contracted indices
    are nested in the order the GEMM's flattened index enumerates them) and
    profitable (option `ttgt-min-dim`); otherwise the contraction becomes
    one `linalg.generic`. Operands already contiguous in the GEMM's order
    are reshaped with `memref.collapse_shape` instead of copied. Where every
    operand, with the outer contracted indices fixed, is a matrix over one
    free index and the innermost contracted index (ab-cad-dcb: A(c,a,d) is
    (a, d) and B(d,c,b) is (d, b) for each c), the output is already the
    GEMM's (m, n), and the innermost contracted extent is not known to be
    below `ttgt-min-dim`, nothing is copied: `scf.for` loops over the outer
    contracted indices, in the loops' order, run a GEMM over the innermost
    one on views of the operands. Each output element still sees its terms
    in the loops' order.

    User tactics (option `tactics`, or `--raise-tactics` in raise-opt) are
    tried before the built-in ones. A malformed tactics file fails the pass
    before anything is changed, with file:line:column and what was expected.
  }];
  let dependentDialects = [
    "affine::AffineDialect",
    "arith::ArithDialect",
    "linalg::LinalgDialect",
    "memref::MemRefDialect",
    "scf::SCFDialect",
  ];
  let options = [
    ListOption<"tacticFiles", "tactics", "std::string",
               "Tactics files tried before the built-in tactics">,
    Option<"namedOps", "named-ops", "bool", /*default=*/"true",
           "Use named linalg operations where they are exact">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Report per loop nest what was raised (remark) or why not">,
    Option<"ttgt", "ttgt", "bool", /*default=*/"true",
           "Raise contractions whose tactic has a TTGT builder as "
           "transposes and one GEMM where that is exact and profitable">,
    Option<"ttgtMinDim", "ttgt-min-dim", "int64_t", /*default=*/"16",
           "TTGT only if each of the GEMM's M, N, K is at least this "
           "(sizes known only at run time count as large)">,
  ];
  let statistics = [
    Statistic<"numNests", "nests", "Loop nests examined">,
    Statistic<"numNestsRaised", "nests-raised",
              "Loop nests in which something was raised">,
    Statistic<"numNamedOps", "named-ops", "Named linalg operations created">,
    Statistic<"numGenericOps", "generic-ops", "linalg.generic operations created">,
    Statistic<"numTtgt", "ttgt", "Contractions raised with TTGT">,
  ];
}

def RaiseForwardScalars : Pass<"raise-forward-scalars", "func::FuncOp"> {
  let summary = "Forward the scalars an imported region passes through memory";
  let description = [{
    Imported regions pass scalars between statements through 0-d memrefs, as
    Polly models them. Such a scalar is private to the function, so where a
    store certainly precedes a load with no store in between (nor in a loop
    around the load), the load is the stored value. This turns `A_PART =
    ALPHA*A[i][k]` stored before the j loop and read in it back into SSA.

    A reduction `sum += ...` comes with two scalars:
    the accumulator, and a copy of its last value that the code after the
    loop reads:

    ```mlir
    affine.for %k = 0 to %n {
      %s = affine.load %sum[] : memref<f32>
      %v = llvm.intr.fmuladd(%a, %b, %s) : (f32, f32, f32) -> f32
      affine.store %v, %sum[] : memref<f32>
      affine.store %v, %last[] : memref<f32>
    }
    %r = affine.load %last[] : memref<f32>
    ```

    When every store to `%last` is in one loop's body, right where the same
    value is stored to `%sum`, and nothing stores to `%sum` later in that
    body, a load of `%last` after the loop reads what `%sum` holds: it is
    replaced by a load of `%sum`, and `%last`, now never read, is erased
    with its stores. This leaves the
    accumulation in the form the tactics match. (If the loop runs no
    iteration, `%last` was never written; reading `%sum` then refines an
    undefined value.) `%last` may also be stored before the loop, right
    beside a store of the same value to `%sum` (`sum = 0` kept in both, as
    -O2 leaves it) with nothing storing to either until the loop: then the
    two hold one value after the loop even when it runs no iteration.

    An array element kept in a register across a loop (`y[i] += A[i][j] *
    x[j]` after LICM) comes as a scalar that starts as a copy of the element
    and is stored together with it on every trip. Such a scalar mirrors the
    element, and its loads become loads of the element, when every store to
    the scalar is such a copy or pair, and no other store to the array can
    run while the scalar is live: none that can run with the scalar's stores
    at all, except outside the operation that holds all of the scalar's
    uses when each load there is dominated by one of its stores (a later
    loop nest updating the same array, as in gemver). Where that does not
    hold everywhere, a forward dataflow over the structured control flow
    finds the loads at which the scalar certainly equals the element: a
    copy or pair makes them equal, any other store to the scalar or to the
    array makes them differ, a loop body starts equal only if they are equal
    before the loop and at the end of the body. An element kept in a
    register across two loops (a contraction's `C[a][b]` over c and d, the
    outer copy refreshed from the element after the inner loop) is found so.
    A sum over several loops (a convolution's over c, kh and kw) comes as a
    chain of such accumulators, one per loop, each copied in from the one
    around it at the start of a trip and out to it at the end, the copy
    out often guarded by "the inner loop ran a trip" (`affine.if` on its
    trip count). A last value read after an outer loop is followed up the
    chain; a scalar that lives only between a copy in from another scalar
    and a copy back out, with that scalar untouched in between, becomes that
    scalar; and a store of a scalar guarded by the trip count of the loop
    right before it runs unguarded when the scalar was copied from the
    stored-to location before the loop and the loop stores nothing there
    (with no trip run, the store writes back what is already there).
    The rewrites repeat until none applies, since one may expose another.
  }];
  let dependentDialects = ["affine::AffineDialect", "memref::MemRefDialect"];
  let statistics = [
    Statistic<"numForwarded", "forwarded", "Loads of a last value forwarded, scalars coalesced and guards dropped">,
  ];
}

def RaiseHoistGuards : Pass<"raise-hoist-guards", "func::FuncOp"> {
  let summary = "Hoist conditions on a region's parameters out of its loop "
                "nests";
  let description = [{
    At -O2, -Os and with -ffast-math, LLVM leaves a guard on a size inside a
    nest: Darknet's `gemm_nt` starts each accumulator only `if (K > 0)`,
    since the k loop that reads it runs only then. Imported, that is an
    `affine.if` on function arguments alone inside the loops, and a nest
    holding an `affine.if` matches no tactic.

    Such a condition has one value for the whole run of the function, so the
    nest is versioned on it (loop unswitching, upstream's `hoistAffineIfOp`):
    an `affine.if` on the condition around two copies of the loops around
    it, one with the then-branch in place of the guard, one with the
    else-branch. Each execution runs the same operations in the same order
    as before; each copy is a nest of its own that the tactics may raise
    (the copy for `K > 0` is the GEMM). Conditions on loop indices or on
    values computed in the function are left where they are.

    Every hoist doubles the loops it is hoisted past: at most `max-hoists`
    guards are hoisted per function, the first in program order. A test of
    parameters that the versions around it decide (LLVM tests `K > 0` before
    each loop that needs it; `K >= 0` holds where `K > 0` does) is replaced
    by the branch that runs, without counting as a hoist, and a version
    whose condition contradicts the ones around it, which never runs, goes
    (the ones around it include the else-branches of tests it implies: a
    hoist of a guard whose copy is already tested leaves `n == 0` inside
    the else-branch of `n == 0`).
    A condition on loop indices too loses the constraints on parameters the
    versions decide (Polly guards a sum's start on a flag and on the loop
    after it running a trip; in the flag's version the guard is the trip
    alone), or goes where they contradict it.
  }];
  let dependentDialects = ["affine::AffineDialect"];
  let options = [
    Option<"maxHoists", "max-hoists", "unsigned", /*default=*/"6",
           "Most guards hoisted per function (each doubles the loops it "
           "is hoisted past)">,
  ];
  let statistics = [
    Statistic<"numHoisted", "hoisted", "Guards hoisted out of loop nests">,
    Statistic<"numFolded", "folded",
              "Guards decided, or simplified, by the versions around them">,
  ];
}

def RaiseExpandTemporaries : Pass<"raise-expand-temporaries",
                                   "func::FuncOp"> {
  let summary = "Give a temporary array one copy per iteration of the loops "
                "that reuse it";
  let description = [{
    PolyBench's doitgen accumulates each row of a product in a temporary,
    `sum[p] += A[r][q][s] * C4[s][p]`, and copies it back into its input,
    `A[r][q][p] = sum[p]`, for every (r, q). The temporary ties each
    iteration of r and q to the next, so the nest neither matches a tactic
    nor splits into a product and a copy.

    A memref that every iteration of some outer loops (the band) writes
    before it reads it, at the same elements in every iteration, and that
    something accumulates into, is expanded along the band: each iteration
    works on its own copy `sum'[r][q][p]`, which the product writes and the
    copy reads. After the nest the band's last iteration copies its copy
    back into the temporary, which so ends with the values it had. Every
    value is computed with the same operations in the same order.

    The expanded array is allocated at run time; where it would be larger
    than `max-bytes`, the nest runs as it was (`scf.if` on its size).
  }];
  let dependentDialects = ["affine::AffineDialect", "arith::ArithDialect",
                           "memref::MemRefDialect", "scf::SCFDialect"];
  let options = [
    Option<"maxBytes", "max-bytes", "int64_t", /*default=*/"268435456",
           "Largest expanded temporary, in bytes">,
  ];
  let statistics = [
    Statistic<"numExpanded", "expanded", "Temporaries expanded">,
  ];
}

def RaiseSplitRecurrences : Pass<"raise-split-recurrences", "func::FuncOp"> {
  let summary = "Split a loop after its last inner loop where the rest "
                "keeps a running total or stores a local sum twice";
  let description = [{
    Rodinia's backprop computes, for each hidden unit j, a product of a row
    of weights with a vector, scales it into `delta_h[j]`, and adds its
    magnitude to a running total, `errsum += ABS(delta_h[j])`, stored
    through `*err` as it goes. The total ties each iteration of j to the
    next, so the nest matches no tactic and cannot be split into units.

    Where the body of an outermost loop (from a constant, step one) updates
    such a total (a rank-0 local memref loaded and stored once in the body,
    the store after its last inner loop), the loop splits after that inner
    loop: the first loop runs each iteration up to it; a second loop after
    it, marked `raise.not_a_kernel`, runs the rest of each iteration and the
    totals' loads, in the same order. The values the rest reads from the
    first part are kept per iteration in arrays of the trip count (the local
    scalars the first part leaves, e.g. the row's sum, and values computed
    before), or loaded again where nothing in the loop writes what they
    load. It applies where the rest consists of loads, stores and operations
    free of effects, writes only memrefs nothing else in the loop touches,
    reads nothing else the first part writes, and nothing in the first part
    uses its values. Every value is computed by the same operations as
    before, in the same order for each memref.

    The same split serves a loop without a total whose rest stores what it
    computes from a local sum more than once (`delta_h[j] = g(sum); a[j] =
    ABS(delta_h[j])`): raising keeps a sum and one store of it together, and
    cannot split the second store off the first.
  }];
  let dependentDialects = ["affine::AffineDialect", "arith::ArithDialect",
                           "memref::MemRefDialect"];
  let statistics = [
    Statistic<"numSplit", "split", "Loops split before a running total">,
  ];
}

def RaiseInterchangeReductions : Pass<"raise-interchange-reductions",
                                       "func::FuncOp"> {
  let summary = "Move a reduction loop outside a loop of independent "
                "iterations around it, so that the latter streams";
  let description = [{
    What no tactic raises is lowered as it was imported, and LLVM compiles
    it as clang would: a sum over an innermost loop, `for j: for k: A[i][j]
    -= A[i][k] * A[k][j]` (the trailing update of PolyBench's `lu`), is a
    chain of dependent adds LLVM must not reorder (no reassociation), one
    per add's latency, reading a column of A. Its surrounding loop's
    iterations are independent, each updating its own element; with the
    sum's loop outside it, `for k: for j:`, each step of k updates a whole
    row, which LLVM vectorizes along j without reordering any element's
    sum.

    The interchange applies to a pair of loops where the inner one is
    innermost, alone in the outer one's body, has bounds that do not depend
    on the outer one and carries a dependence (a sum), the outer one
    carries none, the interchange preserves every dependence of the pair
    (upstream's `isValidLoopInterchangePermutation`), and after it every
    access moves along the new innermost loop by one element of its last
    dimension or not at all. A sum LLVM may already vectorize (every
    operation allows reassociation and its accesses stream along its own
    loop, as with -ffast-math) is left as it is. Exact: each element
    receives the same operations in the same order.

    A forward substitution, `for p: { pre(p); for q in [lb, p): red(p, q);
    post(p) }` where iteration p writes only its own element X[e(p)] (from
    itself, the finished elements X[e(q)] and data nothing in the loop
    writes) and post finishes it (ludcmp's division by the diagonal),
    becomes `for p: pre(p); for q: { post(q); for p in (q, ub): red(p, q) }`
    where the loop over p then streams: element p still receives red(p, q)
    for q in order and then post(p), and red reads element q after post(q).

    Where the substitution's sums stream along their own loop instead
    (PolyBench's trisolv, x[i] minus L[i][j] * x[j] for j < i), moving
    them out would read columns; there the rows run in blocks of eight:
    each row of a block starts, the eight sums over the elements before the
    block run side by side in one loop (eight independent chains, kept in
    registers), then row by row the sums over the block's earlier elements
    and the finishing; the rows after the last whole block run as before.

    A sum through a local scalar, `s = X[e]; for ...: s = f(s, ...); X[e] =
    g(s)` (ludcmp's `w`), where neither the loop nor g touches X[e] but
    through s, is first summed into X[e] in place, on a copy of the loop
    that replaces it only if one of the forms above then applies.
  }];
  let dependentDialects = ["affine::AffineDialect"];
  let statistics = [
    Statistic<"numInterchanged", "interchanged",
              "Reduction loops moved outside the loop around them">,
    Statistic<"numInterleaved", "interleaved",
              "Forward substitutions whose rows' sums run side by side">,
  ];
}

def RaiseAlignTriangles : Pass<"raise-align-triangles", "func::FuncOp"> {
  let summary = "Start loops that Polly counts from zero at the index the "
                "source starts them at";
  let description = [{
    Polly's AST starts every loop at zero: the upper triangle
    `for (j = i; j < n; ++j) C[i][j] += ...` arrives as
    `affine.for %j = 0 to n - i` storing to `C[i][i + j]`. The stored
    element is then not indexed by plain loop indices and the triangle is
    not a bound of one index on another, so no tactic matches it.

    A loop that starts at zero and whose upper bound subtracts the index of
    an enclosing loop is counted from that index instead
    (`affine.for %j = %i to n`), and each subscript that read `%j` reads
    `%j - %i` (`C[i][j]` once composed). Only loops whose index is used by
    subscripts alone are changed. The iterations and their order stay the
    same.
  }];
  let dependentDialects = ["affine::AffineDialect"];
  let statistics = [
    Statistic<"numAligned", "aligned", "Loops counted from an outer index">,
  ];
}

def RaiseReverseLoops : Pass<"raise-reverse-loops", "func::FuncOp"> {
  let summary = "Count loops that the source counts down the way tactics "
                "match them, reading values from before the nest from a copy";
  let description = [{
    Polly's AST counts every loop up from zero: the reference STRMM's
    `DO 100 I = M,1,-1` arrives as `affine.for %t = 0 to %m` with
    `m - 1 - t` wherever the source has `I`, so the stored element is not
    indexed by a loop index and no tactic matches it.

    A loop that starts at zero, steps by one, and whose index is used only
    by subscripts that walk down their arrays as it grows (and by the bounds
    of inner loops) is counted the other way: its index `t` becomes
    `ub - 1 - t`, which the canonicalizer composes into the subscripts.
    That changes the order of its iterations, so it is done only where the
    order does not matter:

    - a load in the loop of an array the loop writes, at other elements than
      the loop's stores, that never reads an element any store of the nest
      wrote (STRMM reads the rows the loop has not reached yet), reads the
      array as it was before the nest: it reads a copy instead, of the box
      of elements it reads, taken before the nest;
    - no other dependence is carried by the loop (MLIR's affine dependence
      test), and each local scalar it writes is set at the start of each
      iteration and used only in the loop;
    - the nest reads and writes memory only by affine loads and stores and
      has no `affine.if`. A nest in the else region of an `affine.if` (a
      version raise-hoist-guards made) is tested on a clone outside it:
      MLIR's dependence test constrains an op by the condition of each
      `affine.if` around it, whichever region it is in.

    Exact: each iteration performs the same operations on the same values
    as before.
  }];
  let dependentDialects = ["affine::AffineDialect", "memref::MemRefDialect"];
  let statistics = [
    Statistic<"numReversed", "reversed", "Loops counted the other way">,
    Statistic<"numCopies", "copies",
              "Arrays read from a copy taken before the nest">,
  ];
}

def RaiseScalarizeArrays : Pass<"raise-scalarize-arrays", "func::FuncOp"> {
  let summary = "Keep the elements of a small local array in scalars, "
                "unrolling the loops over it";
  let description = [{
    Code tiled by hand keeps its accumulators in a local array (`float
    acc[8]`, initialized from a bias, updated over k, written back). At -O3
    LLVM unrolls the loops over it and keeps each element in a scalar; at
    -Os the array stays in memory, and the importer gives the region an
    array of its own where no value enters or leaves it through the array
    (translate/LocalArrays.h):

    ```mlir
    %acc = memref.alloca() : memref<8xf32>
    affine.for %t = 0 to 8 {
      %b = affine.load %bias[%jj * 8 + %t] : memref<?xf32>
      affine.store %b, %acc[%t] : memref<8xf32>
    }
    ```

    An array allocated in the function with a static shape of at most
    `max-elements` elements, accessed only by affine loads and stores whose
    subscripts use constants and the indices of loops with constant trip
    counts (at most `max-elements` each), has those loops unrolled; where
    each subscript is then a constant inside the array, every element gets
    a 0-d memref of its own. The result is what LLVM's unrolling makes of
    the same code, which raise-reroll-lanes then rerolls.

    Exact: unrolled loops run the same operations in the same order, and a
    scalar holds exactly the values its element held.
  }];
  let dependentDialects = ["affine::AffineDialect", "memref::MemRefDialect"];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", /*default=*/"16",
           "Largest array, in elements, and longest loop unrolled for it">,
  ];
  let statistics = [
    Statistic<"numScalarized", "scalarized", "Arrays kept in scalars">,
  ];
}

def RaiseRerollLanes : Pass<"raise-reroll-lanes", "func::FuncOp"> {
  let summary = "Reroll loops tiled by hand into the loops they stand for";
  let description = [{
    Code tiled by hand steps a loop by n around a small array of
    accumulators (`for (j = 0; j + 8 <= N; j += 8)` around `float acc[8]`,
    initialized from a bias, updated in a k loop, written back). LLVM
    unrolls the loops over the array and keeps its elements in n scalars,
    so the imported body computes n lanes side by side:

    ```mlir
    affine.for %jj = 0 to %n8 {
      %b0 = affine.load %bias[%jj * 2] : memref<?xf32>
      affine.store %b0, %acc0[] : memref<f32>
      %b1 = affine.load %bias[%jj * 2 + 1] : memref<?xf32>
      affine.store %b1, %acc1[] : memref<f32>
      affine.for %k = 0 to %K { ... %acc0 ... %acc1 ... }
      ...
    }
    ```

    A lane is the stores that touch one set of local scalars with
    everything they compute from (an op several lanes use, as the load of
    `x[k]`, is shared). Where the lanes are the same operations in the same
    blocks, their subscripts differ by t times one constant step per
    subscript (t = 0 .. n-1), a subscript of lane 0 that uses the loop
    index `jj` is `n * step * jj + e`, the index is used nowhere else,
    each lane's scalars are written before they are read in an iteration
    and used only in the loop, and no array the loop writes is read in it
    (while each lane stores to its own elements), the loop is rerolled: it
    runs from 0 to n times its old bound, its body is lane 0 with the
    subscripts `step * j + e` (lane t of iteration jj is iteration
    n * jj + t), and the other lanes and their scalars are erased.

    Exact: every lane performs the same operations in the same order as
    before; lanes, which share nothing they write, merely run one after
    another instead of interleaved. What the rerolled loop computes (a
    product over k per j, from a bias) is then matched as any other loop.
  }];
  let dependentDialects = ["affine::AffineDialect", "memref::MemRefDialect"];
  let statistics = [
    Statistic<"numRerolled", "rerolled", "Loops rerolled">,
  ];
}

def RaiseSplitSums : Pass<"raise-split-sums", "func::FuncOp"> {
  let summary = "Split products accumulated in interleaved partial sums";
  let description = [{
    A product accumulated in n interleaved partial sums that are combined
    at the end (`s0 += A[i][k] * B[k][j]; s1 += A[i][k+1] * B[k+1][j];`
    with k stepping by 2, `C[i][j] = s0 + s1`) arrives as one loop that
    updates n local scalars, often with its first iteration peeled before
    it (the sums start from it) and the last element of an odd K after it:

    ```mlir
    affine.for %i = 0 to %M {
      affine.for %j = 0 to %N {
        %p0 = fmuladd(A[i, 0], B[0, j], 0.0)   affine.store %p0, %s0[]
        %p1 = fmuladd(A[i, 1], B[1, j], 0.0)   affine.store %p1, %s1[]
        affine.for %k = 1 to %K floordiv 2 {
          s0 = fmuladd(A[i, 2k], B[2k, j], s0)
          s1 = fmuladd(A[i, 2k + 1], B[2k + 1, j], s1)
        }
        %t = fmuladd(A[i, K - 1], B[K - 1, j], s0)   (K odd)
        C[i, j] = s1 + %t
      }
    }
    ```

    Each partial sum is its own update of the loop (the ops its store
    uses, shared with no other sum); a statement before the loop that is
    the update at the iteration before the loop's first, from a value
    defined outside the nest, is that sum's first iteration; a computation
    after the loop that is the update at the loop's upper bound (under the
    conditions of the `affine.if` versions around the nest) is its last.
    Where every subscript that steps with the loop steps forward by a
    constant and uses nothing else of the nest, the nest becomes one nest
    over the same outer loops that, per partial sum, starts the sum from
    its initial value, accumulates it over a loop from 0 on views of the
    operands that step by the subscripts' coefficients (a
    `memref.subview` with stride 2 for `A[i, 2k + 1]`), and stores it to a
    temporary over the outer loops (`memref.alloc`), then computes the
    combination as written from the temporaries. The nest carries
    `raise.partial_sums = n`, which raising reports. Where the loop may
    not run (a peeled or last iteration then is not the next element), the
    split nest runs under an `affine.if` and the original in its else.

    The outer loops may form a triangle (a bound linear in an outer index:
    SYR2K with A and B transposed, `TEMP1 += A(L,I)*B(L,J)` and `TEMP2 +=
    B(L,I)*A(L,J)` for I up to J): the new nest keeps their bounds, and the
    temporaries are laid out as the one array the combination stores to,
    each sum at the element it goes to, so that raise-align-triangles sees
    the same subscripts in them as in that array.

    Exact: each partial sum performs the same operations in the same order
    from the same initial value; only the sums, which share nothing they
    write, run one after another instead of interleaved.

    A remainder loop after the combination (`sum = s0 + s1 + s2 + s3;
    for (; k < K; ++k) sum += A[i][k] * B[k][j]; C[i][j] = sum;`, the loop
    only updating `sum`, nothing else in the nest writing an array or
    reading C) first moves to a nest of its own over the same outer loops,
    after this one: here the combination is stored to `C[i][j]`; there the
    sum starts from `C[i][j]`, the loop runs as written and the sum is
    stored back. Every element sees the same operations in the same order;
    the partial sums are then split as above, and the remainder is a product
    of its own.

    With `merge-reassociable`, where every floating-point operation of the
    sums and of the adds that combine them carries the fast-math flags
    `reassoc` and `nsz`, the combination is a tree of adds of the partial
    sums (each once), the sums are the same operations on elements a
    constant apart that together visit every k once, and all but the first
    start from zero, the sums are merged instead: one sum over every k
    (a view of step 1), no temporaries, the tree's result its value. The
    nest then carries `raise.partial_sums_merged = n`.
  }];
  let options = [
    Option<"mergeReassociable", "merge-reassociable", "bool", "true",
           "Merge partial sums whose operations allow reassociation into "
           "one sum">,
  ];
  let dependentDialects = ["affine::AffineDialect", "arith::ArithDialect",
                           "memref::MemRefDialect"];
  let statistics = [
    Statistic<"numSplit", "split", "Nests of partial sums split">,
    Statistic<"numRemainders", "remainders",
              "Remainder loops after partial sums moved to nests of their "
              "own">,
  ];
}

def RaiseStridedViews : Pass<"raise-strided-views", "func::FuncOp"> {
  let summary = "Access arrays whose subscripts step by a constant through "
                "strided views";
  let description = [{
    A section that takes every n-th element of a dimension (a Fortran
    section `a(1:2*n:2, :)` once the callee it is passed to is inlined, C
    code working on every other row) arrives as subscripts that step by n
    on the whole array, which no tactic matches:

    ```mlir
    %a = affine.load %A[%l, %i * 2] : memref<?x?xf32>
    ```

    Where every affine access to an array argument of the function has, in
    a dimension, a subscript whose coefficients are all multiples of n > 1
    and whose constant leaves the same remainder r by n, the accesses go
    through a `memref.subview` of the array with offset r and stride n in
    that dimension (its size the elements from r on, every n-th), each
    subscript `n * e + r` becoming `e`:

    ```mlir
    %v = memref.subview %A[0, 0] [%d0, %half] [1, 2]
        : memref<?x?xf32> to memref<?x?xf32, strided<[?, 2]>>
    %a = affine.load %v[%l, %i] : memref<?x?xf32, strided<[?, 2]>>
    ```

    Subscripts at different remainders (`2k` and `2k + 1`, interleaved
    partial sums, which raise-split-sums takes apart) or with divisions keep
    the dimension as it is. Exact: every access reads or writes the element
    it did.
  }];
  let dependentDialects = ["affine::AffineDialect", "memref::MemRefDialect"];
  let statistics = [
    Statistic<"numViewed", "viewed", "Arrays accessed through strided views">,
  ];
}

def RaiseMatrixChain : Pass<"raise-matrix-chain", "func::FuncOp"> {
  let summary = "Reparenthesize chains of matmuls to minimize flops";
  let description = [{
    Finds chains of `linalg.matmul` (default indexing maps, memrefs of one
    element type) whose intermediate results are dead temporaries: a
    `memref.alloc`/`memref.alloca` filled with zero, written by one matmul,
    read by the next and otherwise only deallocated. `T = 0; T += A*B;
    D += T*C` is the chain `D += A*B*C`. The chain is recomputed in the
    order that needs the fewest multiplications (the classic dynamic
    program over the chain's sizes). When some size is known only at run
    time, the cost of every order is computed at run time and an `scf.if`
    (two orders) or `scf.index_switch` (more) runs the cheapest; ties keep
    the source's order.

    This reassociates floating-point arithmetic, so results may differ in
    the last bits. The pass therefore changes nothing unless `allow-reassoc`
    is set (the plugin sets it from the fast-math reassociation flags of the
    source or `-mllvm -raise-allow-reassoc`); without it, it counts the
    chains it left alone and, with `remarks`, says so at each.

    Matmuls between the chain's first and last operation may not be
    separated from them by anything that writes memory, and the chain's
    result may not be one of its operands.
  }];
  let dependentDialects = [
    "arith::ArithDialect",
    "linalg::LinalgDialect",
    "memref::MemRefDialect",
    "scf::SCFDialect",
  ];
  let options = [
    Option<"allowReassoc", "allow-reassoc", "bool", /*default=*/"false",
           "Allow reassociating floating-point arithmetic (without it the "
           "pass changes nothing)">,
    Option<"maxDynamicChain", "max-dynamic-chain", "unsigned",
           /*default=*/"5",
           "Longest chain with run-time sizes to choose an order for at run "
           "time (the number of orders grows as the Catalan numbers)">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Report per chain what was done or why not">,
  ];
  let statistics = [
    Statistic<"numChains", "chains", "Matmul chains found">,
    Statistic<"numReordered", "reordered",
              "Chains recomputed in a cheaper order chosen at compile time">,
    Statistic<"numRuntimeChoices", "runtime-choices",
              "Chains whose order is chosen at run time">,
    Statistic<"numNotAllowed", "not-allowed",
              "Chains left alone because reassociation is not allowed">,
  ];
}

#endif // RAISE_MLIR_PASSES_RAISING_PASSES_TD
