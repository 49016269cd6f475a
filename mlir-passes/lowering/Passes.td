//===- Passes.td - Lowering passes of raise ----------------*- tablegen -*-===//
//
// Declarations of the passes of this stage; mlir-tblgen -gen-pass-decls turns them
// into Passes.h.inc (options structs, base classes, registration).
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_LOWERING_PASSES_TD
#define RAISE_MLIR_PASSES_LOWERING_PASSES_TD

include "mlir/Pass/PassBase.td"

def RaiseCollapseLoops : Pass<"raise-collapse-loops", "func::FuncOp"> {
  let summary = "Collapse parallel loops of a linalg.generic that index "
                "their operands as one contiguous dimension";
  let description = [{
    A product whose rows are indexed by two loops (llm.c's activations of
    shape (B, T, C) times a weight matrix: `out[b][t][o] = sum_i
    inp[b][t][i] * w[o][i]`) is a GEMM of B * T rows where every operand
    that uses the two loops holds them in adjacent dimensions, the outer
    one's stride the inner one's times its extent. Raised, it is a
    linalg.generic of four loops that no GEMM kernel takes.

    Parallel loops that every operand indexes that way (both in adjacent
    results of its indexing map, in loop order, or neither) become one
    loop over views of the operands with those dimensions merged
    (`memref.reinterpret_cast`), behind an `scf.if` that checks the strides
    at run time; where a view is not contiguous the original operation
    runs. Only parallel loops are merged: each output element is computed
    by the same body with its reduction in the same order, so the results
    are those of the original operation, bit for bit.
  }];
  let dependentDialects = [
    "arith::ArithDialect",
    "memref::MemRefDialect",
    "scf::SCFDialect",
  ];
  let statistics = [
    Statistic<"numCollapsed", "collapsed",
              "Generics whose parallel loops were collapsed">,
  ];
}

def RaiseSplitBatch : Pass<"raise-split-batch", "func::FuncOp"> {
  let summary = "Turn batched matmul-like linalg.generic ops into loops over "
                "the batch around a three-loop generic, for the GEMM kernels";
  let description = [{
    A linalg.generic with one reduction loop and more than three loops, in
    which all but three loops are parallel and index every operand by a
    subscript of their own (`C[b][i][j] += A[b][i][k] * B[b][k][j]`, any
    number of such loops, anywhere in the iteration order), or the output
    and some inputs, the others shared by every batch (`C[b][t][o] +=
    A[b][t][i] * W[o][i]` where raise-collapse-loops found its rows not
    contiguous; loops that index every operand are taken first, then the
    outermost), becomes
    `scf.for` loops over those batch loops around the same generic without
    them, on rank-reduced `memref.subview`s that fix the batch subscripts.
    The body is unchanged and every output element is still computed by one
    iteration of the batch loops with its reduction in the same order, so
    the results are those of the original operation, bit for bit;
    `raise-tile-matmul` then tiles each batch's generic like any GEMM.
  }];
  let dependentDialects = [
    "arith::ArithDialect",
    "memref::MemRefDialect",
    "scf::SCFDialect",
  ];
  let statistics = [
    Statistic<"numSplit", "split", "Batched generics split into loops">,
  ];
}

def RaiseConvToGemm : Pass<"raise-conv-to-gemm", "func::FuncOp"> {
  let summary = "Lower direct NCHW convolutions to im2col and a GEMM per "
                "image, bit-identical, for the GEMM kernels";
  let description = [{
    A linalg.generic that computes a 2-D convolution on NCHW memrefs (seven
    loops; the output `out[n][f][oh][ow]` accumulated over the reduction
    loops c, kh, kw from `in[n][c][oh + kh][ow + kw]` and `w[f][c][kh][kw]`
    by any scalar body, as `linalg.conv_2d_nchw_fchw` generalizes to or as
    the tactics raise the source's loops) becomes, per image n: the
    output's block copied into a contiguous F x (OH*OW) matrix, the input's
    windows copied into the columns of a (C*KH*KW) x (OH*OW) matrix (im2col),
    and a three-loop GEMM-like generic with the original body that
    accumulates the filters (copied once into an F x (C*KH*KW) matrix) times
    the columns into the output's block, which is then copied back.

    The contraction index runs over (c, kh, kw) in the order of the original
    reduction loops, so each output element's sum starts from the same value
    and adds the same products in the same order: the results are those of
    the convolution, bit for bit. `raise-tile-matmul` then tiles the GEMMs.
    Strides other than 1, dilations and other layouts are left alone.
  }];
  let dependentDialects = [
    "arith::ArithDialect",
    "memref::MemRefDialect",
    "scf::SCFDialect",
  ];
  let statistics = [
    Statistic<"numConverted", "converted",
              "Convolutions lowered to im2col and GEMMs">,
  ];
}

def RaiseTileTranspose : Pass<"raise-tile-transpose", "func::FuncOp"> {
  let summary = "Lower transposes of the last two dimensions to in-register "
                "transposes of square blocks";
  let description = [{
    A `linalg.transpose` on memrefs that swaps the last two dimensions (the
    copies around a TTGT contraction's GEMM), both operands contiguous in
    their last dimension, becomes loops over the leading dimensions around
    blocks of n x n elements (n the largest power of two up to a vector and
    16, at least 4): n vectors loaded along the input's rows, transposed in
    registers (raise's shuffle rounds), stored along the output's rows; the
    rows and columns after the last whole block are copied one element at a
    time. As plain loops, the backend vectorized the strided side with
    gathers. A copy
    changes no value: the result is the same in any order.

    Where every floating-point operation of the body carries `reassoc` and
    `nsz` (as `-ffast-math` gives them) and the body adds a term to the
    output, the row-wise product is instead summed along j in vector lanes,
    one row at a time in four vector accumulators (as clang vectorizes such
    a loop), the lanes then added up and to y; A is prefetched
    `reassoc-prefetch-bytes` ahead (whole rows further on).

    Its vector kernels' loops carry `llvm.loop` metadata that keeps LLVM
    from unrolling or vectorizing them (`raise::loopsAsWritten`): they run
    as written, and LLVM's copies only cost compile time.
  }];
  let dependentDialects = [
    "arith::ArithDialect",
    "LLVM::LLVMDialect",
    "memref::MemRefDialect",
    "scf::SCFDialect",
    "vector::VectorDialect",
  ];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "Width of a vector register in bits">,
  ];
  let statistics = [
    Statistic<"numTiled", "tiled", "Transposes lowered by blocks">,
  ];
}

def RaiseTileMatvec : Pass<"raise-tile-matvec", "ModuleOp"> {
  let summary = "Lower matrix-vector linalg.generic ops to loops over "
                "several rows at once, bit-identical to the loops";
  let description = [{
    A linalg.generic with a parallel loop i and a reduction loop j whose
    output is `y(i)`, vector `x(j)` and matrix `A(i,j)`, with any body free
    of side effects (matvec and the row-wise products of atax, bicg, mvt,
    gesummv, gemver as raised), becomes loops over blocks of `rows`
    rows: each block loads its rows of y into as many accumulators, carries
    them through one j loop in which every row's body is applied in j order,
    and stores them back; the remaining rows go one at a time. Each output
    element sees the same operations in the same order as in the plain
    loops, so the results are bit-identical; the rows' chains of
    multiply-adds are independent, so they run at the throughput of the
    target's multiply-add units instead of their latency. The transposed
    product (`A(j,i)`: mvt's second product, atax's, gemver's first) becomes,
    for each block of `columns` outputs, a j loop over A's rows around an i
    loop along the row: A is read contiguously instead of down its columns,
    the block of y stays in the cache and the i loop vectorizes; each y(i)
    still sees j in order. The blocks of y are long (32768 outputs, 128 KiB
    of f32, for L2): short blocks slow the stream of A down (bench/README.md).

    With `vector-bits`, where the body runs lane-wise and A's rows and y are
    contiguous, both become vector kernels. The row-wise product takes
    blocks of as many rows as a vector has lanes, with the rows as the lanes
    of one accumulator: each square block of A is loaded row by row,
    transposed in registers (log2(lanes) rounds of two-vector shuffles) and
    its columns applied in j order, with x(j) broadcast. A block's
    multiply-adds are one chain; up to `row-vectors` blocks of rows, as
    many as span at most `panel-bytes` of A (decided at run time from the
    row stride), take turns for each block of columns, so that their chains
    overlap without holding more registers, while rows far apart stay few
    streams. With `register-panels`, the blocks of a panel of 32-bit
    elements keep their
    accumulators in registers instead, one kernel per number of blocks, and
    each block of A is loaded a 128-bit chunk of a row at a time (a vector
    holding one chunk of every fourth row, for f32) and turned into columns
    by unpacks within the chunks: on AVX2, half the registers and two thirds
    of the shuffles of the square transposes; on AVX-512, the rows of two
    blocks in registers at once (Zen 5: 1.2x in L2, 1.5x from memory). The
    columns after
    the last whole block are gathered one at a time. Each row is prefetched
    `prefetch-bytes` (divided among the blocks) ahead without temporal locality: the hardware's
    prefetchers follow few of these interleaved streams a power of two
    apart, and each line is read once. With `register-panels`, a panel
    that spans at most `panel-bytes` prefetches the next panel instead, at
    the columns being read: where the matrix is contiguous that is one run
    of memory. Matrices of at most `prefetch-above-bytes` (when not 0) are
    not prefetched: the hardware's prefetchers keep up with them. With
    `cached-row-vectors` (and `prefetch-above-bytes`), the matrix's size
    picks the kernel at run time: larger matrices take the one above, always
    prefetched; the others panels of up to `cached-row-vectors` blocks
    through y, square blocks transposed, spanning at most
    `cached-panel-bytes`, not prefetched (AVX-512 on Zen 5: 1.2-1.5x from L2
    and L3, where registers hold the rows of two blocks only). With
    `stream-vector-bits` (and `prefetch-above-bytes`), larger matrices of
    32-bit elements take the kernel on vectors of that width instead: on Zen 5 the hardware's
    prefetchers followed rows read by 256-bit loads and not by 512-bit ones
    (32000 x 288 f32 from memory: 19 -> 29 GFLOP/s). With `runtime-caches`,
    the size those choices compare with is half the last-level cache of the
    core that runs the code (`raise.cache.v2`, which the plugin defines,
    declared in the module), `prefetch-above-bytes` where it reports none.
    The rows are prefetched without temporal locality (measured on Zen 5);
    with `runtime-caches` and `intel-prefetch-locality`, with that hint
    where the running core is Intel's (`raise.cache.v2`'s vendor): on an
    Emerald Rapids Xeon non-temporal prefetches fill L1 alone, and the AVX2
    kernel ran 4096 x 768 f32 at 4.1 GFLOP/s with them, 12.3 with
    prefetches into L1 (32000 x 288: 4.3 -> 14.4). With `runtime-caches`
    and `intel-cached-row-vectors`, matrices of 32-bit elements that the
    others take through y take instead, where the running core is Intel's,
    register panels of up to that many blocks on vectors of
    `intel-cached-vector-bits`, within `cached-panel-bytes`: there 512-bit
    shuffles issue on one port only, and a square 16 x 16 transpose's 64
    shuffles bound the kernel at 4 elements a cycle; 256-bit unpacks of
    128-bit chunks issue on two ports (Emerald Rapids, three blocks of 8
    rows: 288 x 768 f32 in L2 21 -> 28 GFLOP/s, 768 x 768 from L3 15 ->
    19.6). (As scalar code, the
    backend vectorized the rows with gathers.) A matrix whose rows are not
    contiguous (a view with stride 2) takes scalar kernels: `rows` rows side
    by side, which the backend gathers into vectors, only where the matrix
    spans at most that size (with `prefetch-above-bytes`) and its rows hold
    at least 32 elements, chosen at run time; else one row after another,
    as the source runs them (gathers are not prefetched: Zen 5, 1000000 x 8
    from memory, 5.4x slower side by side). The transposed product updates whole vectors
    of outputs, then the last few one at a time. Every lane computes what
    the scalar code computes, in the same order.

    A row-wise and a transposed product of the same matrix, one after the
    other with only pure operations between them (atax: tmp = A x, then
    y = A^T tmp; bicg; mvt), run together in place of the second, block of
    rows by block of rows: the block's rows of the first, then what those
    rows of A add to the second's outputs, row by row. A is read from memory
    once instead of twice. This needs
    neither to write what the other reads, except that the second may read
    the first's outputs, which each block has computed by then; every
    output still sees its terms in order.

    An element-wise update of the transposed product's matrix right before
    it (only pure operations between), `A(r, c) = f(A(r, c), ...)` over the
    same rows and columns, reading A at no other element and nothing the
    product writes (gemver: A = A + u1 v1^T + u2 v2^T, then x += beta A^T
    y), runs inside the product's first pass over the rows: each row is
    updated just before the product reads it. A crosses the memory bus
    twice instead of three times; every element sees the update's
    operations, and every output the product's, in the source's order. The
    row's update is a plain loop, LLVM's to vectorize.

    Its vector kernels' loops carry `llvm.loop` metadata that keeps LLVM
    from unrolling or vectorizing them (`raise::loopsAsWritten`): they run
    as written, and LLVM's copies only cost compile time.
  }];
  let dependentDialects = [
    "arith::ArithDialect",
    "func::FuncDialect",
    "LLVM::LLVMDialect",
    "memref::MemRefDialect",
    "scf::SCFDialect",
    "vector::VectorDialect",
  ];
  let options = [
    Option<"rows", "rows", "int64_t", /*default=*/"8",
           "Rows computed at once (independent accumulators)">,
    Option<"rowVectors", "row-vectors", "int64_t", /*default=*/"1",
           "Most blocks of rows the row-wise vector kernel interleaves">,
    Option<"panelBytes", "panel-bytes", "int64_t", /*default=*/"49152",
           "Most bytes of the matrix the interleaved blocks of rows span">,
    Option<"registerPanels", "register-panels", "bool", /*default=*/"false",
           "Keep the accumulators of a panel's blocks of rows of 32-bit "
           "elements in registers">,
    Option<"prefetchAboveBytes", "prefetch-above-bytes", "int64_t",
           /*default=*/"0",
           "Prefetch only matrices of more bytes than this (0: all)">,
    Option<"cachedRowVectors", "cached-row-vectors", "int64_t",
           /*default=*/"0",
           "Where not 0, matrices of at most prefetch-above-bytes take "
           "panels of up to this many blocks of rows through y instead">,
    Option<"cachedPanelBytes", "cached-panel-bytes", "int64_t",
           /*default=*/"98304",
           "Most bytes of the matrix the blocks of rows of such a panel "
           "span">,
    Option<"streamVectorBits", "stream-vector-bits", "int64_t",
           /*default=*/"0",
           "Where not 0 (and narrower than vector-bits), the width of the "
           "row-wise vector kernel's vectors for matrices of 32-bit elements "
           "of more than prefetch-above-bytes">,
    Option<"runtimeCaches", "runtime-caches", "bool", /*default=*/"false",
           "Compare matrices with half the running core's last-level cache "
           "(raise.cache.v2) instead of prefetch-above-bytes where it "
           "reports one">,
    Option<"intelPrefetchLocality", "intel-prefetch-locality", "int64_t",
           /*default=*/"-1",
           "With runtime-caches, where not -1, the locality hint (0-3) of "
           "the row-wise kernel's prefetches where the running core is "
           "Intel's (0 elsewhere)">,
    Option<"intelCachedRowVectors", "intel-cached-row-vectors", "int64_t",
           /*default=*/"0",
           "With runtime-caches, where not 0, matrices of 32-bit elements of "
           "at most the size the others' cached panels take take, where the "
           "running core is Intel's, panels of up to this many blocks of rows "
           "with their accumulators in registers, on vectors of "
           "intel-cached-vector-bits, within cached-panel-bytes">,
    Option<"intelCachedVectorBits", "intel-cached-vector-bits", "int64_t",
           /*default=*/"0",
           "The width of those panels' vectors (0: vector-bits)">,
    Option<"reassocPrefetchBytes", "reassoc-prefetch-bytes", "int64_t",
           /*default=*/"8192",
           "How far ahead the reassociating row-wise kernel prefetches the "
           "matrix, in bytes (whole rows, at least one); 0: no prefetches">,
    Option<"columns", "columns", "int64_t", /*default=*/"32768",
           "Outputs of a transposed product updated per pass over A's rows">,
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"0",
           "Width of a vector register in bits; 0: scalar kernels only">,
    Option<"prefetchBytes", "prefetch-bytes", "int64_t", /*default=*/"512",
           "How far ahead the row-wise vector kernel prefetches each row, "
           "in bytes; 0: no prefetches">,
  ];
  let statistics = [
    Statistic<"numLowered", "lowered", "Matrix-vector generics lowered">,
    Statistic<"numVectorized", "vectorized",
              "Matrix-vector generics lowered to vector kernels">,
    Statistic<"numFused", "fused",
              "Pairs of products of one matrix run row block by row block">,
    Statistic<"numRowUpdates", "row-updates",
              "Element-wise updates of a matrix run inside the pass of the "
              "transposed product after them">,
  ];
}

def RaiseTileMatmul : Pass<"raise-tile-matmul", "ModuleOp"> {
  let summary = "Lower matmul-like linalg.generic ops to packed, "
                "register-tiled vector loops, bit-identical to the loops";
  let description = [{
    Rewrites every matmul-like `linalg.generic` on memrefs (two parallel
    loops M and N, one reduction K; operands indexed by two of them each,
    in any transposition; C with a unit innermost stride; a pure body whose
    result depends on A, B and the accumulator) into the Goto/BLIS loop
    structure below. Where C's innermost stride is known only at run time
    (a strided view of a Fortran section), the nest runs on C itself where
    that stride is one and on a contiguous copy of C otherwise, copied back
    after: a copy changes no value.


    ```
    for jc (nc columns)          // n block
      for pc (kc, ascending)     // k block
        pack B[pc.., jc..] into nr-wide panels      (B-only body ops applied)
        for ic (mc rows)         // m block
          pack A[ic.., pc..] into mr-tall panels    (A-only body ops applied)
          for jr, ir: an mr x nr micro-kernel: the C tile is loaded into
            registers (masked at C's edges), updated for p = 0..kc-1 with
            the body's own operations on vectors, and stored back
    ```

    Why it is exact: for each output element the body runs once per k, in
    ascending k, on the value the previous k left (in a register within a k
    block, in C between k blocks); the reduction is never split. (One
    exception, exact as well: an int32 sum of products of 16-bit or
    narrower inputs, with `i16-pair-dot`, adds two k's products at a time
    with that instruction; the panels hold the inputs as 16-bit pairs.
    Integer sums wrap, and give the same bits in any order.) Body
    operations that depend on A alone (Darknet's `ALPHA * A[i][k]`) are
    computed in the packing, once per element, with the same operation and
    rounding. Vector `llvm.intr.fmuladd` keeps fmuladd semantics (fused
    exactly where the backend fuses the scalar one); `target-has-fma` turns
    it into `vector.fma`, which is the same only on a target with FMA.

    The cache blocks come from the analytical model of Low et al.
    ("Analytical modeling is enough for high-performance BLIS", TOMS 2016;
    CacheModel.h) for each operation's register tile and element size and
    the caches given by the `l1-*`, `l2-*`, `l3-*` options (defaults where
    they are 0); `mc`, `kc` and `nc` override it. The model's kc is raised to
    at least `min-kc`: it keeps B's micro-panel in L1 but does not count the
    update of C's tile, which is loaded and stored once per k block (the
    source's order starts each element's sum from C, so C cannot be added at
    the end as BLIS does); with a shallow k block that update dominates (measured in
    bench/README.md; BLIS's own configurations use 256 to 512). The
    plugin takes `min-kc` from the target description (768 on AVX-512).
    A `kc` given by hand sizes `mc` and `nc` as the model would for it.
    The k loop then runs in ceil(k / kc) blocks of equal depth: a last block
    of a few k would still pay a whole pass over C's tiles.

    With `threads`, C is split into one range of whole register tiles per
    thread, along the longer of M and N (chosen at run time: the other
    dimension's operand is packed by every thread), and
    an `scf.parallel` (to become OpenMP threads) runs the whole nest on each
    range with buffers of its own: the threads write disjoint parts of C and
    each runs the k loop in order, so the results are those of the
    sequential loops, bit for bit, and no thread waits for another until the
    end. Below `min-tuned-work` multiply-adds (PolyBench's MINI 2mm,
    16 x 18 x 22: 13 us tuned against 1 us for the loops, on a first call
    whose buffers are still cold) the operation runs as its plain loops,
    the choice made at run time. Where every product of a function is such
    a problem (sizes known on entry, no loop around it) and nothing else
    in it reduces, `@<function>.worth` (same arguments, returns i1) says
    whether one is not: the plugin calls it first and runs the source's own
    loops where it is false, which clang optimized as a whole (an i-k-j
    source vectorized along j, where the operation's loops keep k
    innermost). Integer products take the tuned nest at any size, but
    `.worth` counts them from an eighth of `min-tuned-work`: no sum of
    theirs waits on a float add's latency, and tiny ones (4 x 64 x 4) still
    ran slower than clang's loops. A problem of fewer than
    `min-parallel-work` multiply-adds runs the
    sequential nest instead (both are emitted; the choice is made at run
    time).

    Operands are packed by vectors as wide as the largest power of two up to
    a vector that divides the panel (at least 4). One read along k (A in
    gemm_nn, B in gemm_nt) goes by square blocks: loaded along k, scaled
    lane-wise, transposed in registers, stored as rows of the panel (as
    scalar code the backend turned these strided stores into scatters). One read along m or n
    goes 8 rows of k at a time across all the slice's panels, so that
    memory is read in long runs (one row at a time, the stores into panels
    a power of two apart fell into one L1 set). Each such row, and the next
    panel's rows of a read along k, is prefetched 1 KiB ahead with the
    locality hint `pack-prefetch-locality`: the hardware's prefetchers did
    not follow these many interleaved streams. Which hint pays depends on
    the vendor's cache hierarchy, not on the ISA: AMD's Zen 5 gained from
    non-temporal prefetches (0), where an Intel Xeon (Emerald Rapids) took
    twice as long to pack as with prefetches into L1 (3), its non-temporal
    ones filling L1 alone. Where `intel-pack-prefetch-locality` is not -1,
    the code reads the running core's vendor (`raise.cache.v2(6)`, once per
    process) and takes that hint on Intel cores: the object is the same
    whatever machine compiles it. Likewise `intel-min-kc`: the least depth
    of the k block on Intel cores, the model's mc and nc for it, selected at
    run time (on Emerald Rapids k blocks of 512 ran Darknet's GEMMs 6%
    faster than Zen 5's 768, the A block then a fifth of its 2 MiB L2).
    And `intel-max-nc`: the most columns of the packed B block on Intel
    cores, where the model's (sized for L3) is wider: on Emerald Rapids a
    block of 512 columns, packed and then used while in L2, ran yolov3-tiny's
    wide layers 1.05-1.35x faster than one of all N (32 x 43264 x 144: 97 ->
    133 GFLOP/s), A then packed once per 512 columns.

    With `runtime-caches`, the blocks the options do not fix are sized
    where the code runs: the same model, computed at run time from the L1,
    L2 and L3 sizes and associativities that `raise.cache.v2(i)` reports (i
    = 0..5: L1 bytes, L1 ways, L2 bytes, ...; 0 for unknown, where the
    values the options or the defaults give stand). The code is the same
    whatever machine compiles it, and each machine runs it with blocks for
    its own caches; the results do not change (every k block still runs in
    order).

    The micro-kernel: C's last columns, if fewer than the tile's, take a
    kernel of as few vectors as they need. C's tiles move with plain vector
    loads and stores, masked ones only where a row of the tile has columns
    outside C (AVX2's masked moves are slow on AMD cores); on C's last rows
    a tile's rows outside C do not move at all. In the first column of tiles of
    an m block, each k step also prefetches one line of the A rows the next
    A pack will read (to L2), so that streaming A from memory overlaps with
    the arithmetic where each A element serves few tiles (small n); the
    other columns would prefetch the same lines again, and each address
    costs a dozen scalar instructions per k step (on Zen 3, Darknet's four
    forms at 1024^3 ran at 52-70 GFLOP/s prefetching in every column, 81-84
    in the first only). The k loop is unrolled `k-unroll` times. Every
    loop of the nest carries `llvm.loop` metadata that keeps LLVM from
    unrolling or vectorizing it: the kernel's tile holds most of the vector
    registers, and two interleaved copies of its body spill; elsewhere what
    LLVM added was code (compile time) without speed.

    A product into a fresh buffer that is filled just before it and read
    right after it by an element-wise generic into another memref (a sum
    kept in a local scalar and then added to the output, Darknet's gemm_nt:
    `T = 0; T += A B^T; C = C + T`) is lowered with both: the first k
    block's tile starts from the fill's value instead of loading the
    buffer, and the last block's tile goes through the epilogue's
    operations into its output instead of into the buffer. Each element
    sees the same operations in the same order; the buffer is touched only
    between k blocks, and an output of the product's size is read and
    written once instead of three times (the fill, the product and the
    epilogue; Darknet's 16 x 173056 x 27 gemm_nt streams 11 MB of it). An
    epilogue that multiplies stays a generic: where the source allowed
    contraction (flang's default), the backend could fuse its multiply and
    add on vectors where it did not in the source's scalar loop.

    A generic that is not matmul-like, or whose body holds operations that
    cannot run lane-wise, is left for the plain lowering.
  }];
  let dependentDialects = [
    "arith::ArithDialect",
    "LLVM::LLVMDialect",
    "func::FuncDialect",
    "memref::MemRefDialect",
    "scf::SCFDialect",
    "vector::VectorDialect",
  ];
  let options = [
    Option<"mr", "mr", "int64_t", /*default=*/"8",
           "Rows of the register tile">,
    Option<"nrVectors", "nr-vectors", "int64_t", /*default=*/"2",
           "Columns of the register tile, in vectors">,
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "Width of a vector register in bits">,
    Option<"mc", "mc", "int64_t", /*default=*/"0",
           "Rows of the packed A block (cache block in L2); 0: from the "
           "cache model">,
    Option<"kc", "kc", "int64_t", /*default=*/"0",
           "Depth of the k block (the B micro-panel stays in L1); 0: from "
           "the cache model">,
    Option<"nc", "nc", "int64_t", /*default=*/"0",
           "Columns of the packed B block (cache block in L3); 0: from the "
           "cache model">,
    Option<"l1Size", "l1-size", "int64_t", /*default=*/"0",
           "L1 data cache size in bytes for the cache model (0: 32 KiB)">,
    Option<"l1Assoc", "l1-assoc", "int64_t", /*default=*/"0",
           "L1 data cache associativity (0: 8)">,
    Option<"l2Size", "l2-size", "int64_t", /*default=*/"0",
           "L2 cache size in bytes (0: 256 KiB)">,
    Option<"l2Assoc", "l2-assoc", "int64_t", /*default=*/"0",
           "L2 cache associativity (0: 8)">,
    Option<"l3Size", "l3-size", "int64_t", /*default=*/"0",
           "L3 cache size in bytes (0: 8 MiB)">,
    Option<"l3Assoc", "l3-assoc", "int64_t", /*default=*/"0",
           "L3 cache associativity (0: 16)">,
    Option<"minKc", "min-kc", "int64_t", /*default=*/"256",
           "Least depth of the k block the cache model may choose">,
    Option<"kUnroll", "k-unroll", "int64_t", /*default=*/"1",
           "Unroll factor of the micro-kernel's k loop">,
    Option<"targetHasFma", "target-has-fma", "bool", /*default=*/"false",
           "Emit vector.fma for llvm.intr.fmuladd (exact only with FMA)">,
    Option<"i16PairDot", "i16-pair-dot", "std::string", /*default=*/"\"\"",
           "The intrinsic that multiplies 16-bit integers lane by lane and "
           "adds neighbouring products into 32-bit lanes, for vectors of "
           "vector-bits (llvm.x86.sse2.pmadd.wd, llvm.x86.avx2.pmadd.wd, "
           "llvm.x86.avx512.pmaddw.d.512); empty: none">,
    Option<"threads", "threads", "int64_t", /*default=*/"0",
           "Split C into this many ranges run as an scf.parallel (0: "
           "sequential loops; -1: as many as omp_get_max_threads() says at "
           "run time); still exact">,
    Option<"minParallelWork", "min-parallel-work", "int64_t",
           /*default=*/"0",
           "With threads, run problems of fewer multiply-adds (M * N * K) "
           "than this on one thread (0: always in parallel)">,
    Option<"minTunedWork", "min-tuned-work", "int64_t", /*default=*/"0",
           "Run problems of fewer multiply-adds (M * N * K) than this as "
           "the plain loops of the operation, which pay no packing (0: "
           "always tuned)">,
    Option<"runtimeCaches", "runtime-caches", "bool", /*default=*/"false",
           "Size the cache blocks not given by mc, kc and nc at run time, "
           "from the caches raise.cache.v2 reports for the running core "
           "(the cache model's own values where it reports none)">,
    Option<"packPrefetchLocality", "pack-prefetch-locality", "int64_t",
           /*default=*/"0",
           "Locality hint (0-3) of the prefetches ahead along the rows a "
           "pack reads">,
    Option<"intelPackPrefetchLocality", "intel-pack-prefetch-locality",
           "int64_t", /*default=*/"-1",
           "Where not -1, the hint of those prefetches where the running "
           "core is Intel's, chosen at run time (raise.cache.v2's vendor)">,
    Option<"intelMinKc", "intel-min-kc", "int64_t", /*default=*/"-1",
           "Where not -1, the least depth of the k block where the running "
           "core is Intel's, chosen at run time (mc and nc follow from the "
           "model)">,
    Option<"intelMaxNc", "intel-max-nc", "int64_t", /*default=*/"0",
           "Where not 0, the most columns of the packed B block where the "
           "running core is Intel's, chosen at run time">,
  ];
  let statistics = [
    Statistic<"numLowered", "lowered", "Matmul-like generics lowered">,
    Statistic<"numFused", "fused",
              "Products whose fill and epilogue the kernel took over">,
    Statistic<"numPairDots", "pair-dots",
              "Integer products whose kernel takes k in 16-bit pairs">,
    Statistic<"numWorthChecks", "worth-checks",
              "Functions given a check that their products pay">,
    Statistic<"numVendorChoices", "vendor-choices",
              "Products that pick a vendor's pack prefetches at run time">,
  ];
}

def RaiseLinalgToBlas : Pass<"raise-linalg-to-blas", "ModuleOp"> {
  let summary = "Lower matmul- and matvec-like linalg operations to CBLAS "
                "calls (reassociates floating-point arithmetic)";
  let description = [{
    Rewrites linalg operations that compute `C += alpha * op(A) * op(B)`
    (a matrix product in any transposition, `linalg.matmul`, a
    `linalg.generic` with an `llvm.intr.fmuladd` or multiply-add body and
    loop-invariant scale factors) into `cblas_sgemm`/`cblas_dgemm` calls,
    and `y += alpha * op(A) * x` (matvec, vecmat, transposed matvec) into
    `cblas_sgemv`/`cblas_dgemv`, on f32 and f64 memrefs. A batch loop shared
    by all operands becomes an `scf.for` of calls.

    Layout: each matrix must have a unit stride in one of its two
    dimensions (known statically); the other dimension's stride is the
    leading dimension, so transposed storage, offsets and leading
    dimensions of strided subviews map onto CBLAS's row-major arguments
    (`CblasTrans` where the contraction index is the contiguous one; a
    column-contiguous C computes `C^T = op(B)^T op(A)^T`). Vector strides are
    the increments.

    What comes around the product is folded where it is visible in the same
    block with nothing writing memory in between: a `linalg.fill` of +0.0
    before it gives `beta = 0`; `C *= s` before it (a scaling
    `linalg.generic`) gives `beta = s`; a zero-filled temporary that the
    product accumulates into and that is then added into the real output
    (`T = 0; T += A*B; C += T`) becomes one call into C with `beta = 1`.

    A run-time check guards each call: sizes, leading dimensions and
    increments fit CBLAS's `int`, leading dimensions are at least the row
    length, increments are positive, alpha and a folded beta are non-zero
    (CBLAS skips reading A and B or C then, which would drop NaNs and
    infinities the loops propagate). If it fails, the original operations
    run (they are moved into the `else` branch).

    CBLAS sums in its own order: the pass changes nothing unless
    `allow-reassoc` is set (the plugin sets it where the source's fast-math
    flags allow reassociation or `-mllvm -raise-allow-reassoc` is given).
    Operations it cannot map stay for the tuned or plain lowering; with
    `remarks`, it says for each matmul-like operation what it did or why not.
  }];
  let dependentDialects = [
    "arith::ArithDialect",
    "func::FuncDialect",
    "LLVM::LLVMDialect",
    "memref::MemRefDialect",
    "scf::SCFDialect",
  ];
  let options = [
    Option<"allowReassoc", "allow-reassoc", "bool", /*default=*/"false",
           "Allow reassociating floating-point arithmetic (without it the "
           "pass changes nothing)">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Report per matmul-like operation what was done or why not">,
  ];
  let statistics = [
    Statistic<"numGemm", "gemm", "Matrix products lowered to ?gemm calls">,
    Statistic<"numGemv", "gemv", "Matrix-vector products lowered to ?gemv "
                                 "calls">,
    Statistic<"numBatched", "batched", "Of those, batched (a loop of calls)">,
    Statistic<"numFolded", "folded", "Fills, scalings and temporaries folded "
                                     "into beta">,
    Statistic<"numNotMapped", "not-mapped",
              "Matmul-like operations left to the other lowerings">,
    Statistic<"numNotAllowed", "not-allowed",
              "Operations left alone because reassociation is not allowed">,
  ];
}

#endif // RAISE_MLIR_PASSES_LOWERING_PASSES_TD
