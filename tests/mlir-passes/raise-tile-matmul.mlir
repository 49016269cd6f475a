// raise-tile-matmul lowers matmul-like linalg.generic ops to packed,
// cache-blocked, register-tiled vector loops, and leaves everything else to
// the plain lowering.
//
// RUN: raise-opt %s --raise-tile-matmul='mr=2 nr-vectors=1 vector-bits=128 k-unroll=1' \
// RUN:   | FileCheck %s
// RUN: raise-opt %s --raise-tile-matmul='mr=2 nr-vectors=1 vector-bits=128 target-has-fma=true' \
// RUN:   | FileCheck %s --check-prefix=FMA
// RUN: raise-opt %s --raise-lower-tuned-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: raise-opt %s --raise-tile-matmul='mr=2 nr-vectors=1 vector-bits=128 threads=2' \
// RUN:   | FileCheck %s --check-prefix=PAR
// RUN: raise-opt %s --raise-tile-matmul='mr=2 nr-vectors=1 vector-bits=128 threads=2 min-parallel-work=1000' \
// RUN:   | FileCheck %s --check-prefix=MINWORK
// RUN: raise-opt %s '--raise-lower-tuned-to-llvm=threads=2' | FileCheck %s --check-prefix=OMP
// RUN: raise-opt %s --raise-tile-matmul=threads=-1 | FileCheck %s --check-prefix=AUTO
// RUN: raise-opt %s --raise-tile-matmul=min-tuned-work=4096 | FileCheck %s --check-prefix=SMALL
// Panels as wide as a vector: operands contiguous along k are packed by
// square blocks transposed in registers.
// RUN: raise-opt %s --raise-tile-matmul='mr=4 nr-vectors=1 vector-bits=128 k-unroll=1' \
// RUN:   | FileCheck %s --check-prefix=PACK
// Register tiles of two vectors: the last columns of C, if no wider than a
// vector, run a kernel of one.
// RUN: raise-opt %s --raise-tile-matmul='mr=2 nr-vectors=2 vector-bits=128' \
// RUN:   | FileCheck %s --check-prefix=TAIL
// The micro-kernel's k loop unrolled by 4: an epilogue loop for the rest;
// LLVM may unroll neither.
// RUN: raise-opt %s --raise-tile-matmul='mr=2 nr-vectors=1 vector-bits=128 k-unroll=4' \
// RUN:   | FileCheck %s --check-prefix=UNROLL
//
// Cache blocks sized at run time: the six numbers raise.cache.v2 reports
// for the running core's caches, then the model on them, each block
// falling back to the static one (kc 256, mc 192, nc 7168 from the
// defaults) where a number is unknown. With mc, kc and nc all given,
// nothing is asked.
// RUN: raise-opt %s --raise-tile-matmul='runtime-caches=true' | FileCheck %s --check-prefix=RTCACHE
// RUN: raise-opt %s --raise-tile-matmul='runtime-caches=true mc=64 kc=128 nc=512' | FileCheck %s --check-prefix=FIXED
// RTCACHE: func.func private @raise.cache.v2(i32) -> i64
// RTCACHE-LABEL: func.func @gemm_nn(
// RTCACHE-COUNT-6: call @raise.cache.v2(
// RTCACHE: arith.select %[[KNOWN:.*]], %{{.*}}, %c256 : index
// RTCACHE-NEXT: arith.select %[[KNOWN]], %{{.*}}, %c192 : index
// RTCACHE-NEXT: arith.select %[[KNOWN]], %{{.*}}, %c7168 : index
// FIXED-NOT: raise.cache.v2
//
// The packs' prefetches ahead along B's rows take pack-prefetch-locality's
// hint, and where intel-pack-prefetch-locality differs, that one on Intel
// cores: the vendor raise.cache.v2(6) reports, read once per product.
// RUN: raise-opt %s --raise-tile-matmul='pack-prefetch-locality=1' | FileCheck %s --check-prefix=HINT
// RUN: raise-opt %s --raise-tile-matmul='intel-pack-prefetch-locality=3' | FileCheck %s --check-prefix=VENDOR
// RUN: raise-opt %s --raise-tile-matmul='intel-pack-prefetch-locality=0' | FileCheck %s --check-prefix=SAME
// RUN: not raise-opt %s --raise-tile-matmul='pack-prefetch-locality=4' 2>&1 | FileCheck %s --check-prefix=BADHINT
// RUN: not raise-opt %s --raise-tile-matmul='intel-pack-prefetch-locality=-2' 2>&1 | FileCheck %s --check-prefix=BADINTEL
// HINT-LABEL: func.func @gemm_nn(
// HINT-NOT: raise.cache.v2
// HINT: memref.prefetch %{{.*}}, read, locality<1>, data
// VENDOR: func.func private @raise.cache.v2(i32) -> i64
// VENDOR-LABEL: func.func @gemm_nn(
// VENDOR: %[[VENDOR:.*]] = call @raise.cache.v2(%c6_i32) : (i32) -> i64
// VENDOR: %[[INTEL:.*]] = arith.cmpi eq, %[[VENDOR]], %c1_i64 : i64
// VENDOR: scf.if %[[INTEL]] {
// VENDOR-NEXT: memref.prefetch %{{.*}}, read, locality<3>, data
// VENDOR-NEXT: } else {
// VENDOR-NEXT: memref.prefetch %{{.*}}, read, locality<0>, data
// VENDOR-NEXT: }
// SAME-NOT: raise.cache.v2
//
// intel-min-kc: the k block on Intel cores at least that deep, mc and nc
// the model's for it (kc 512: mc 80, nc 3584; min-kc 256: mc 192, nc
// 7168), selected at run time; the packs' prefetches then stay as they are.
// RUN: raise-opt %s --raise-tile-matmul='intel-min-kc=512' | FileCheck %s --check-prefix=INTELKC
// RUN: raise-opt %s --raise-tile-matmul='intel-min-kc=512 kc=128' | FileCheck %s --check-prefix=SAME
// RUN: not raise-opt %s --raise-tile-matmul='intel-min-kc=-2' 2>&1 | FileCheck %s --check-prefix=BADKC
// INTELKC-LABEL: func.func @gemm_nn(
// INTELKC: %[[ASKED:.*]] = call @raise.cache.v2(%c6_i32) : (i32) -> i64
// INTELKC: %[[INTEL:.*]] = arith.cmpi eq, %[[ASKED]], %c1_i64 : i64
// INTELKC: arith.select %[[INTEL]], %c512, %c256 : index
// INTELKC: arith.select %[[INTEL]], %c80, %c192 : index
// INTELKC: arith.select %[[INTEL]], %c3584, %c7168 : index
// INTELKC-NOT: read, locality<3>
// BADKC: error: raise-tile-matmul: intel-min-kc must be -1 (none) or more, not -2
//
// intel-max-nc: the packed B block on Intel cores at most that many columns
// (512 against the model's 7168), selected at run time; also over the
// model computed at run time. An nc given by hand stays.
// RUN: raise-opt %s --raise-tile-matmul='intel-max-nc=512' | FileCheck %s --check-prefix=INTELNC
// RUN: raise-opt %s --raise-tile-matmul='intel-max-nc=512 runtime-caches' | FileCheck %s --check-prefix=RTNC
// RUN: raise-opt %s --raise-tile-matmul='intel-max-nc=512 nc=1024' | FileCheck %s --check-prefix=SAME
// RUN: not raise-opt %s --raise-tile-matmul='intel-max-nc=-1' 2>&1 | FileCheck %s --check-prefix=BADNC
// INTELNC-LABEL: func.func @gemm_nn(
// INTELNC: %[[ASKED:.*]] = call @raise.cache.v2(%c6_i32) : (i32) -> i64
// INTELNC: %[[INTEL:.*]] = arith.cmpi eq, %[[ASKED]], %c1_i64 : i64
// INTELNC: arith.select %[[INTEL]], %c512, %c7168 : index
// INTELNC-NOT: arith.select %[[INTEL]],
// INTELNC-LABEL: func.func @
// RTNC-LABEL: func.func @gemm_nn(
// RTNC: %[[ASKED:.*]] = call @raise.cache.v2(%c6_i32) : (i32) -> i64
// RTNC: %[[INTEL:.*]] = arith.cmpi eq, %[[ASKED]], %c1_i64 : i64
// RTNC: %[[CAPPED:.*]] = arith.minsi %{{.*}}, %c512{{.*}} : index
// RTNC-NEXT: arith.select %[[INTEL]], %[[CAPPED]], %{{.*}} : index
// BADNC: error: raise-tile-matmul: intel-max-nc must be 0 (none) or more, not -1
// BADHINT: error: raise-tile-matmul: pack-prefetch-locality must be a locality hint from 0 to 3, not 4
// BADINTEL: error: raise-tile-matmul: intel-pack-prefetch-locality must be a locality hint from 0 to 3 or -1 (none), not -2
//
// Cache blocks from the analytical model (CacheModel.h): for the default
// caches, and for this machine kind's (48 KiB 12-way L1, 2 MiB 16-way L2,
// 32 MiB 16-way L3); options override the model. By default kc is at
// least 256 (min-kc), mc and nc then follow from the model; min-kc=0 shows
// the model's own kc.
// RUN: raise-opt %s --raise-tile-matmul=min-kc=0 --canonicalize | FileCheck %s --check-prefix=DEFAULTS
// RUN: raise-opt %s --raise-tile-matmul --canonicalize | FileCheck %s --check-prefix=MINKC
// RUN: raise-opt %s --raise-tile-matmul='l1-size=49152 l1-assoc=12 l2-size=2097152 l2-assoc=16 l3-size=33554432 l3-assoc=16' \
// RUN:   --canonicalize | FileCheck %s --check-prefix=MODEL
// RUN: raise-opt %s --raise-tile-matmul='mc=64 kc=48 nc=512' --canonicalize | FileCheck %s --check-prefix=GIVEN
// A module with no LLVM operation: the pass loads the LLVM dialect its loop
// metadata needs.
// RUN: raise-opt %S/Inputs/matmul-arith-only.mlir --raise-tile-matmul | FileCheck %s --check-prefix=ARITH
// ARITH: #{{.*}} = #llvm.loop_annotation<vectorize = #{{.*}}, unroll = #{{.*}}>
// ARITH-LABEL: func.func @arith_only(
// ARITH: arith.mulf %{{.*}} : vector<16xf32>
//
// Bad options are errors, not silent defaults.
// RUN: not raise-opt %s --raise-tile-matmul=mr=0 2>&1 | FileCheck %s --check-prefix=BADOPT
// RUN: not raise-opt %s --raise-tile-matmul=min-parallel-work=-1 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: error: raise-tile-matmul: the register tile and vector width must be positive; blocks, cache parameters, min-parallel-work and min-tuned-work not negative
// RUN: not raise-opt %s --raise-tile-matmul='vector-bits=128 i16-pair-dot=llvm.x86.avx2.pmadd.wd' 2>&1 | FileCheck %s --check-prefix=BADDOT
// RUN: not raise-opt %s --raise-tile-matmul='vector-bits=256 i16-pair-dot=pmaddwd' 2>&1 | FileCheck %s --check-prefix=BADDOT
// BADDOT: error: raise-tile-matmul: i16-pair-dot '{{.*}}' is not llvm.x86.sse2.pmadd.wd, llvm.x86.avx2.pmadd.wd or llvm.x86.avx512.pmaddw.d.512 for vectors of vector-bits
//
// A target that multiplies 16-bit pairs: int32 sums of products of 16-bit
// or narrower inputs take two k at a time.
// RUN: raise-opt %s --raise-tile-matmul='mr=2 nr-vectors=1 vector-bits=128 i16-pair-dot=llvm.x86.sse2.pmadd.wd' \
// RUN:   | FileCheck %s --check-prefix=PAIRS

// Every loop of the nest is marked so that LLVM neither unrolls nor
// vectorizes it: the nest is already as it should run.
// CHECK: #[[NOUNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK: #[[NOVEC:.*]] = #llvm.loop_vectorize<disable = true>
// CHECK: #[[ASIS:.*]] = #llvm.loop_annotation<vectorize = #[[NOVEC]], unroll = #[[NOUNROLL]]>
// UNROLL: #[[NOUNROLL:.*]] = #llvm.loop_unroll<disable = true>
// UNROLL: #[[NOVEC:.*]] = #llvm.loop_vectorize<disable = true>
// UNROLL: #[[ASIS:.*]] = #llvm.loop_annotation<vectorize = #[[NOVEC]], unroll = #[[NOUNROLL]]>

#nn_a = affine_map<(i, k, j) -> (i, k)>
#nn_b = affine_map<(i, k, j) -> (k, j)>
#nn_c = affine_map<(i, k, j) -> (i, j)>
#nt_a = affine_map<(i, j, k) -> (i, k)>
#nt_b = affine_map<(i, j, k) -> (j, k)>
#nt_c = affine_map<(i, j, k) -> (i, j)>
#id = affine_map<(i, j) -> (i, j)>

// Darknet's gemm_nn: B is packed in 4-wide panels, A (times ALPHA, as the
// body computes it) in 2-tall panels; the 2 x 4 C tile is loaded (masked)
// before the k loop, carried through it in registers, stored after it.
// CHECK-LABEL: func.func @gemm_nn(
// CHECK-SAME: %[[AARG:[^:]*]]: memref
// CHECK-SAME: %[[ALPHA:[^:]*]]: f32)
// CHECK-NOT: linalg.generic
// CHECK-DAG: %[[BP:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK-DAG: %[[AP:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// B's packing, 8 rows of k at a time across the panels: whole panels by
// vectors, each row prefetched 1 KiB (256 f32) further along, clamped to
// B's last column; a partial panel element by element, then zeros past N
// in the last panel.
// CHECK: scf.for %[[P0:.*]] = %{{.*}} to %[[KCUR:.*]] step %c8 {
// CHECK: %[[PEND:.*]] = arith.minsi %{{.*}}, %[[KCUR]] : index
// CHECK: scf.for
// CHECK: %[[WHOLE:.*]] = arith.cmpi eq, %{{.*}}, %c4{{.*}} : index
// CHECK: scf.if %[[WHOLE]] {
// CHECK: scf.for %{{.*}} = %[[P0]] to %[[PEND]] step
// CHECK: %[[FAR:.*]] = arith.addi %{{.*}}, %c256{{.*}} : index
// CHECK: %[[AHEAD:.*]] = arith.minsi %[[FAR]], %{{.*}} : index
// CHECK: memref.prefetch %{{.*}}[%{{.*}}, %[[AHEAD]]], read, locality<0>, data
// CHECK: %[[BV:.*]] = vector.load %{{.*}} : memref<?x?xf32, strided<[?, 1]>>, vector<4xf32>
// CHECK: vector.store %[[BV]], %[[BP]][%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK: } else {
// CHECK: %[[B:.*]] = memref.load %{{.*}} : memref<?x?xf32, strided<[?, 1]>>
// CHECK: memref.store %[[B]], %[[BP]]
// CHECK-NEXT: } {loop_annotation = #[[ASIS]]}
// CHECK: %[[PADFROM:.*]] = arith.remsi %{{.*}}, %c4{{.*}} : index
// CHECK: %[[PARTIAL:.*]] = arith.cmpi sgt, %[[PADFROM]], %c0{{.*}} : index
// CHECK: scf.if %[[PARTIAL]] {
// CHECK: scf.for %{{.*}} = %[[PADFROM]] to %c4
// CHECK-NOT: scf.for
// CHECK: memref.store %{{.*}}, %[[BP]]
// A's packing: the scaling by ALPHA, exactly as in the body.
// CHECK: %[[A:.*]] = memref.load %{{.*}} : memref<?x?xf32, strided<[?, 1]>>
// CHECK-NEXT: %[[S:.*]] = arith.mulf %[[ALPHA]], %[[A]] : f32
// CHECK: memref.store %[[S]], %[[AP]]
// The micro-kernel. A tile wholly inside C moves with plain loads and
// stores; one at C's edges row by row: a row inside whose columns all are
// with plain ones, a row inside with masked ones, a row outside C not at
// all.
// CHECK: %[[COLSFULL:.*]] = arith.cmpi eq
// CHECK: %[[WHOLE:.*]] = arith.andi %{{.*}}, %[[COLSFULL]]
// CHECK-NEXT: %[[TILE:.*]]:2 = scf.if %[[WHOLE]] -> (vector<4xf32>, vector<4xf32>) {
// CHECK-COUNT-2: vector.load %{{.*}} : memref<?x?xf32, strided<[?, 1]>>, vector<4xf32>
// CHECK: } else {
// CHECK: %[[IN1:.*]] = arith.cmpi slt, %c1{{.*}}, %[[ROWS:.*]] : index
// CHECK-NEXT: %[[FULL1:.*]] = arith.andi %[[IN1]], %[[COLSFULL]]
// CHECK-NEXT: scf.if %[[FULL1]] -> (vector<4xf32>) {
// CHECK-NEXT: vector.load
// CHECK: } else {
// CHECK-NEXT: scf.if %[[IN1]] -> (vector<4xf32>) {
// CHECK-NEXT: vector.maskedload %{{.*}} : memref<?x?xf32, strided<[?, 1]>>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[ZEROS:.*]] : vector<4xf32>
// The next tile's rows of C are prefetched (2 rows, one line each and the
// row's last element) while this tile's k loop runs.
// CHECK-COUNT-4: memref.prefetch %{{.*}}, write, locality<3>, data
// CHECK-NOT: memref.prefetch
// CHECK: %[[ACC:.*]]:2 = scf.for {{.*}} iter_args(%[[C0:.*]] = %[[TILE]]#0, %[[C1:.*]] = %[[TILE]]#1) -> (vector<4xf32>, vector<4xf32>)
// Each k step prefetches a line of the rows of A the next A pack reads.
// CHECK: memref.prefetch %[[AARG]][%{{.*}}, %{{.*}}], read, locality<2>, data
// CHECK: %[[BV:.*]] = vector.load %[[BP]][%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK: %[[A0:.*]] = memref.load %[[AP]]
// CHECK: %[[A0V:.*]] = vector.broadcast %[[A0]] : f32 to vector<4xf32>
// CHECK: %[[R0:.*]] = llvm.intr.fmuladd(%[[A0V]], %[[BV]], %[[C0]]) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK: %[[A1:.*]] = memref.load %[[AP]]
// CHECK: %[[A1V:.*]] = vector.broadcast %[[A1]] : f32 to vector<4xf32>
// CHECK: %[[R1:.*]] = llvm.intr.fmuladd(%[[A1V]], %[[BV]], %[[C1]])
// CHECK: scf.yield %[[R0]], %[[R1]]
// CHECK-NEXT: } {loop_annotation = #[[ASIS]]}
// CHECK: scf.if %[[WHOLE]] {
// CHECK-NEXT: vector.store %[[ACC]]#0
// CHECK-NEXT: vector.store %[[ACC]]#1
// CHECK-NEXT: } else {
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: vector.store %[[ACC]]#0
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK-NEXT: vector.maskedstore %{{.*}}, %{{.*}}, %[[ACC]]#0
// CHECK: %[[IN1:.*]] = arith.cmpi slt, %c1{{.*}}, %[[ROWS]] : index
// CHECK-NEXT: %[[FULL1:.*]] = arith.andi %[[IN1]], %[[COLSFULL]]
// CHECK-NEXT: scf.if %[[FULL1]] {
// CHECK-NEXT: vector.store %[[ACC]]#1
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.if %[[IN1]] {
// CHECK-NEXT: vector.maskedstore %{{.*}}, %{{.*}}, %[[ACC]]#1
// That was the first column of tiles; the others' k loops do not prefetch
// A (the same lines again).
// CHECK: scf.for %{{.*}} = %c4{{.*}} to %{{.*}} step %c4
// CHECK: scf.for {{.*}} iter_args
// CHECK-NOT: memref.prefetch
// CHECK: scf.yield
// CHECK: memref.dealloc %[[AP]]
// CHECK: memref.dealloc %[[BP]]
// In parallel, C is split along the longer of M and N into one range of
// whole register tiles (2 rows, 4 columns) per thread; each thread runs the
// whole nest on its range with buffers of its own.
// PAR-LABEL: func.func @gemm_nn(
// PAR-SAME: %[[AARG:[^:]*]]: memref
// PAR-NOT: memref.alloc
// PAR: %[[MT:.*]] = arith.ceildivsi %[[M:.*]], %c2{{.*}} : index
// PAR: %[[NT:.*]] = arith.ceildivsi %[[N:.*]], %c4{{.*}} : index
// PAR: %[[SPLITM:.*]] = arith.cmpi sge, %[[M]], %[[N]] : index
// PAR: %[[EXTENT:.*]] = arith.select %[[SPLITM]], %[[M]], %[[N]] : index
// PAR: %[[TILES:.*]] = arith.select %[[SPLITM]], %[[MT]], %[[NT]] : index
// PAR: %[[PER:.*]] = arith.ceildivsi %[[TILES]], %{{.*}} : index
// PAR: scf.parallel (%[[BEGIN:.*]]) = (%{{.*}}) to (%[[EXTENT]]) step (%{{.*}}) {
// PAR: %[[END:.*]] = arith.minsi %{{.*}}, %[[EXTENT]] : index
// PAR: %[[M0:.*]] = arith.select %[[SPLITM]], %[[BEGIN]], %{{.*}} : index
// PAR: %[[M1:.*]] = arith.select %[[SPLITM]], %[[END]], %[[M]] : index
// PAR: %[[N0:.*]] = arith.select %[[SPLITM]], %{{.*}}, %[[BEGIN]] : index
// PAR: %[[N1:.*]] = arith.select %[[SPLITM]], %[[N]], %[[END]] : index
// PAR: %[[BP:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// PAR: %[[AP:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// PAR: scf.for %{{.*}} = %[[N0]] to %[[N1]] step
// PAR: memref.store %{{.*}}, %[[BP]]
// PAR: scf.for %{{.*}} = %[[M0]] to %[[M1]] step
// PAR: memref.store %{{.*}}, %[[AP]]
// The tile's masks stop at the range's end, not C's.
// PAR: arith.subi %[[N1]], %{{.*}} : index
// PAR: vector.maskedload
// PAR: llvm.intr.fmuladd
// PAR: vector.maskedstore
// PAR: memref.dealloc %[[AP]]
// PAR-NEXT: memref.dealloc %[[BP]]
// PAR-NEXT: scf.reduce
// With min-parallel-work, problems of fewer multiply-adds run the
// sequential nest.
// MINWORK-LABEL: func.func @gemm_nn(
// MINWORK: %[[MN:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// MINWORK-NEXT: %[[MNK:.*]] = arith.muli %[[MN]], %{{.*}} : index
// MINWORK-NEXT: %c1000 = arith.constant 1000 : index
// MINWORK-NEXT: %[[ENOUGH:.*]] = arith.cmpi sge, %[[MNK]], %c1000 : index
// MINWORK-NEXT: scf.if %[[ENOUGH]] {
// MINWORK: scf.parallel
// MINWORK: memref.dealloc
// MINWORK-NEXT: memref.dealloc
// MINWORK-NEXT: scf.reduce
// MINWORK-NEXT: }
// MINWORK-NEXT: } else {
// MINWORK-NOT: scf.parallel
// MINWORK: vector.maskedstore
// MINWORK: memref.dealloc
// MINWORK-NEXT: memref.dealloc
// MINWORK-NEXT: }
// MINWORK-NEXT: return
// With threads=-1 the thread count is the OpenMP runtime's, at run time.
// AUTO: func.func private @omp_get_max_threads() -> i32
// AUTO-LABEL: func.func @gemm_nn(
// AUTO: %[[T:.*]] = call @omp_get_max_threads() : () -> i32
// AUTO: arith.index_cast %[[T]] : i32 to index
// AUTO: scf.parallel
// OMP-LABEL: llvm.func @gemm_nn(
// OMP: omp.parallel num_threads(%{{.*}} : i32) {
// OMP-NEXT: omp.wsloop {
// OMP-NEXT: omp.loop_nest
// OMP: llvm.call @malloc
// OMP: llvm.intr.fmuladd(%{{.*}}) : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
// OMP: llvm.call @free
// OMP: omp.yield
// f32 with the 8 x 32 tile: nc x kc x mc = 14336 x 128 x 384 from the
// default caches, 28672 x 256 x 1792 from the larger ones. K is cut into
// ceil((K - kc / 3) / kc) blocks of equal depth, at least one: up to 4/3 kc
// is one block.
// DEFAULTS-LABEL: func.func @gemm_nn(
// DEFAULTS: %[[REST:.*]] = arith.subi %[[K:.*]], %c42 : index
// DEFAULTS: %[[KBLOCKS:.*]] = arith.ceildivsi %[[REST]], %c128 : index
// DEFAULTS: %[[ONE:.*]] = arith.maxsi %[[KBLOCKS]], %c1 : index
// DEFAULTS: %[[KCEVEN:.*]] = arith.ceildivsi %[[K]], %[[ONE]] : index
// DEFAULTS: scf.for %{{.*}} = %c0 to %{{.*}} step %c14336
// DEFAULTS: scf.for %{{.*}} = %c0 to %[[K]] step %[[KCEVEN]]
// DEFAULTS: scf.for %{{.*}} = %c0 to %{{.*}} step %c384
// With kc = 256: mc = 6 * 32768 / 1024 = 192, nc = 14 * 524288 / 1024.
// MINKC-LABEL: func.func @gemm_nn(
// MINKC: %[[REST:.*]] = arith.subi %[[K:.*]], %c85 : index
// MINKC: %[[KBLOCKS:.*]] = arith.ceildivsi %[[REST]], %c256 : index
// MINKC: %[[ONE:.*]] = arith.maxsi %[[KBLOCKS]], %c1 : index
// MINKC: %[[KCEVEN:.*]] = arith.ceildivsi %[[K]], %[[ONE]] : index
// MINKC: scf.for %{{.*}} = %c0 to %{{.*}} step %c7168
// MINKC: scf.for %{{.*}} = %c0 to %[[K]] step %[[KCEVEN]]
// MINKC: scf.for %{{.*}} = %c0 to %{{.*}} step %c192
// MODEL-LABEL: func.func @gemm_nn(
// MODEL: %[[REST:.*]] = arith.subi %[[K:.*]], %c85 : index
// MODEL: %[[KBLOCKS:.*]] = arith.ceildivsi %[[REST]], %c256 : index
// MODEL: %[[ONE:.*]] = arith.maxsi %[[KBLOCKS]], %c1 : index
// MODEL: %[[KCEVEN:.*]] = arith.ceildivsi %[[K]], %[[ONE]] : index
// MODEL: scf.for %{{.*}} = %c0 to %{{.*}} step %c28672
// MODEL: scf.for %{{.*}} = %c0 to %[[K]] step %[[KCEVEN]]
// MODEL: scf.for %{{.*}} = %c0 to %{{.*}} step %c1792
// GIVEN-LABEL: func.func @gemm_nn(
// GIVEN: %[[REST:.*]] = arith.subi %[[K:.*]], %c16 : index
// GIVEN: %[[KBLOCKS:.*]] = arith.ceildivsi %[[REST]], %c48 : index
// GIVEN: %[[ONE:.*]] = arith.maxsi %[[KBLOCKS]], %c1 : index
// GIVEN: %[[KCEVEN:.*]] = arith.ceildivsi %[[K]], %[[ONE]] : index
// GIVEN: scf.for %{{.*}} = %c0 to %{{.*}} step %c512
// GIVEN: scf.for %{{.*}} = %c0 to %[[K]] step %[[KCEVEN]]
// GIVEN: scf.for %{{.*}} = %c0 to %{{.*}} step %c64
// TAIL-LABEL: func.func @gemm_nn(
// TAIL: %[[NARROW:.*]] = arith.cmpi sle, %{{.*}}, %c4 : index
// TAIL: scf.if %[[NARROW]] {
// TAIL-COUNT-2: vector.maskedload
// TAIL-NOT: vector.maskedload
// TAIL: scf.for {{.*}} -> (vector<4xf32>, vector<4xf32>) {
// TAIL-COUNT-2: vector.maskedstore
// TAIL: } else {
// TAIL-COUNT-4: vector.maskedload
// TAIL: scf.for {{.*}} -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// TAIL-COUNT-4: vector.maskedstore
// UNROLL-LABEL: func.func @gemm_nn(
// UNROLL: %[[MAIN:.*]]:2 = scf.for {{.*}} to %[[UPTO:.*]] step {{.*}} iter_args({{.*}}) -> (vector<4xf32>, vector<4xf32>) {
// UNROLL-COUNT-8: llvm.intr.fmuladd
// UNROLL-NOT: llvm.intr.fmuladd
// UNROLL: } {loop_annotation = #[[ASIS]]}
// UNROLL-NEXT: scf.for %{{.*}} = %[[UPTO]] to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[MAIN]]#0, %{{.*}} = %[[MAIN]]#1) -> (vector<4xf32>, vector<4xf32>) {
// UNROLL-COUNT-2: llvm.intr.fmuladd
// UNROLL: } {loop_annotation = #[[ASIS]]}
// FMA-LABEL: func.func @gemm_nn(
// FMA: vector.fma %{{.*}} : vector<4xf32>
// FMA-NOT: llvm.intr.fmuladd
// LLVM-LABEL: llvm.func @gemm_nn(
// LLVM: llvm.intr.masked.load
// LLVM: llvm.intr.fmuladd(%{{.*}}) : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
// LLVM: llvm.intr.masked.store
func.func @gemm_nn(%a: memref<?x?xf32, strided<[?, 1]>>, %b: memref<?x?xf32, strided<[?, 1]>>,
                   %c: memref<?x?xf32, strided<[?, 1]>>, %alpha: f32) {
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>)
      outs(%c : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %s = arith.mulf %alpha, %x : f32
    %r = llvm.intr.fmuladd(%s, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// gemm_nt into a temporary T, filled with zeros before and added into C
// after (a sum in a local scalar): the kernel takes both over. B transposed
// (B[j][k]) is read through its own map while packing. The first k block's
// tile starts from the fill's value instead of T; the last block's goes
// through the add, T's vector first as in the body, into C; the blocks
// between read and write T. The next tile's prefetches are into T in every
// k block but a single one (first and last: T is not touched) and, in the
// last, into C too.
// CHECK-LABEL: func.func @gemm_nt(
// CHECK-SAME: %[[C:[a-z0-9]+]]: memref<?x?xf32, strided<[?, 1]>>, %{{[a-z0-9]+}}: f32)
// CHECK: %[[ZERO:.*]] = arith.constant 0.0
// CHECK: %[[T:.*]] = memref.alloc
// CHECK-NOT: linalg.fill
// CHECK: memref.load %{{.*}}[%[[J:.*]], %[[K:.*]]] : memref<?x?xf32, strided<[?, 1]>>
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[KB:.*]], %c0
// CHECK-NEXT: scf.if %[[FIRST]] -> (vector<4xf32>, vector<4xf32>) {
// CHECK-NEXT: %[[INIT:.*]] = vector.broadcast %[[ZERO]] : f32 to vector<4xf32>
// CHECK-NEXT: scf.yield %[[INIT]], %[[INIT]]
// CHECK: vector.load %[[T]]
// CHECK: vector.maskedload %[[T]]
// CHECK: %[[PLAST:.*]] = arith.cmpi eq
// CHECK: %[[PFIRST:.*]] = arith.cmpi eq, %[[KB]], %c0
// CHECK-NEXT: %[[ONLY:.*]] = arith.andi %[[PFIRST]], %[[PLAST]]
// CHECK-NEXT: scf.if %[[ONLY]] {
// CHECK-NEXT: } else {
// CHECK-NOT: memref.prefetch %[[C]]
// CHECK: memref.prefetch %[[T]]
// CHECK-NOT: memref.prefetch %[[C]]
// CHECK: scf.if %[[PLAST]] {
// CHECK-NOT: memref.prefetch %[[T]]
// CHECK: memref.prefetch %[[C]]
// CHECK-NOT: memref.prefetch %[[T]]
// CHECK-NOT: else
// CHECK: %[[SUM:.*]]:2 = scf.for {{.*}} iter_args
// CHECK: llvm.intr.fmuladd(%{{.*}}) : (vector<4xf32>, vector<4xf32>, vector<4xf32>)
// CHECK: %[[END:.*]] = arith.addi %[[KB]], %{{.*}}
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[END]], %{{.*}}
// CHECK-NEXT: scf.if %[[LAST]] {
// CHECK: %[[OLD:.*]] = vector.load %[[C]]
// CHECK-NEXT: %[[NEW:.*]] = arith.addf %[[SUM]]#0, %[[OLD]] : vector<4xf32>
// CHECK-NEXT: vector.store %[[NEW]], %[[C]]
// CHECK: vector.maskedload %[[C]]
// CHECK: vector.maskedstore %[[C]]
// CHECK: } else {
// CHECK: vector.store %[[SUM]]#0, %[[T]]
// CHECK: vector.maskedstore %[[T]]
// CHECK-NOT: linalg.generic
// CHECK: memref.dealloc %[[T]]
//
// With 4-wide panels, both operands are read along k: B's panels go by 4x4
// blocks (4 rows of B along k, each after a prefetch of the next panel's
// row at the same k, transposed, stored as 4 rows of the panel), then the
// k's after the last whole block by a block of masked loads of which only
// those k's rows are stored, and the partial panel one element at a time;
// A's the same, with ALPHA applied to the loaded vectors.
// PACK-LABEL: func.func @gemm_nt(
// PACK-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32, strided<[?, 1]>>, %[[B:[a-z0-9]+]]: memref<?x?xf32, strided<[?, 1]>>, %{{.*}}: memref<?x?xf32, strided<[?, 1]>>, %[[ALPHA:[a-z0-9]+]]: f32)
// PACK: %[[T:.*]] = memref.alloc(
// PACK: %[[BPACK:[a-z0-9_]+]] = memref.alloc
// PACK: %[[WHOLE:.*]] = arith.cmpi eq, %[[WIDTH:.*]], %c4
// PACK: %[[KWHOLE:.*]] = arith.select %[[WHOLE]], %{{.*}}, %c0
// PACK: scf.for %{{.*}} = %{{.*}} to %[[KWHOLE]] step %c4
// PACK: %[[NEXT:.*]] = arith.addi %{{.*}}, %c4{{.*}} : index
// PACK: %[[CLAMPED:.*]] = arith.minsi %[[NEXT]], %{{.*}} : index
// PACK: memref.prefetch %[[B]][%[[CLAMPED]], %{{.*}}], read, locality<0>, data
// PACK-COUNT-4: vector.load %[[B]][%{{.*}}, %{{.*}}] : memref<?x?xf32, strided<[?, 1]>>, vector<4xf32>
// PACK-COUNT-8: vector.shuffle
// PACK-COUNT-4: vector.store %{{.*}}, %[[BPACK]][%{{.*}}] : memref<?xf32>, vector<4xf32>
// PACK: %[[LEFT:.*]] = arith.subi
// PACK: %[[SOME:.*]] = arith.cmpi sgt, %[[LEFT]], %c0
// PACK: %[[REST:.*]] = arith.andi %[[WHOLE]], %[[SOME]] : i1
// PACK: %[[KBLOCKED:.*]] = arith.select %[[WHOLE]], %{{.*}}, %c0
// PACK: scf.if %[[REST]] {
// PACK: %[[MASK:.*]] = vector.create_mask %[[LEFT]] : vector<4xi1>
// PACK-COUNT-4: vector.maskedload %[[B]][%{{.*}}, %{{.*}}], %[[MASK]], %{{.*}} : memref<?x?xf32, strided<[?, 1]>>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// PACK-COUNT-8: vector.shuffle
// PACK-NOT: scf.if
// PACK: vector.store %{{.*}}, %[[BPACK]][%{{.*}}] : memref<?xf32>, vector<4xf32>
// PACK: arith.cmpi sgt, %[[LEFT]], %c1
// PACK-NEXT: scf.if
// PACK: vector.store %{{.*}}, %[[BPACK]][%{{.*}}] : memref<?xf32>, vector<4xf32>
// PACK: arith.cmpi sgt, %[[LEFT]], %c3
// PACK-NEXT: scf.if
// PACK: vector.store %{{.*}}, %[[BPACK]][%{{.*}}] : memref<?xf32>, vector<4xf32>
// PACK: scf.for %{{.*}} = %{{.*}} to %[[WIDTH]] step
// PACK: scf.for %{{.*}} = %[[KBLOCKED]] to
// PACK: memref.load %[[B]]
// PACK: memref.store %{{.*}}, %[[BPACK]]
// PACK: %[[SPLAT:.*]] = vector.broadcast %[[ALPHA]] : f32 to vector<4xf32>
// PACK: %[[ROW:.*]] = vector.load %[[A]][%{{.*}}, %{{.*}}] : memref<?x?xf32, strided<[?, 1]>>, vector<4xf32>
// PACK-NEXT: arith.mulf %[[SPLAT]], %[[ROW]] : vector<4xf32>
// PACK-COUNT-8: vector.shuffle
// PACK-COUNT-4: vector.store
// PACK: arith.mulf %[[ALPHA]], %{{.*}} : f32
func.func @gemm_nt(%a: memref<?x?xf32, strided<[?, 1]>>, %b: memref<?x?xf32, strided<[?, 1]>>,
                   %c: memref<?x?xf32, strided<[?, 1]>>, %alpha: f32) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %c, %c0 : memref<?x?xf32, strided<[?, 1]>>
  %n = memref.dim %c, %c1 : memref<?x?xf32, strided<[?, 1]>>
  %t = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<?x?xf32>)
  linalg.generic {indexing_maps = [#nt_a, #nt_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>)
      outs(%t : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %s = arith.mulf %alpha, %x : f32
    %r = llvm.intr.fmuladd(%s, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<?x?xf32>) outs(%c : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  }
  memref.dealloc %t : memref<?x?xf32>
  return
}

// A side of the body that may trap (a division by an element of A) keeps the
// k after the last whole block element by element: a masked block would
// divide by the zeros of its lanes masked off.
// PACK-LABEL: func.func @divide_by_a(
// PACK: arith.divsi %{{.*}} : vector<4xi32>
// PACK-NOT: vector.maskedload %arg0
// PACK: arith.divsi %{{.*}} : i32
// PACK-LABEL: func.func @epilogue_into_input(
func.func @divide_by_a(%a: memref<?x?xi32>, %b: memref<?x?xi32>, %c: memref<?x?xi32>, %d: i32) {
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xi32>, memref<?x?xi32>) outs(%c : memref<?x?xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %q = arith.divsi %d, %x : i32
    %p = arith.muli %q, %y : i32
    %r = arith.addi %acc, %p : i32
    linalg.yield %r : i32
  }
  return
}

// Not fused: the epilogue writes a view of A, which the product still reads
// (the tile's last store would change elements of A before they are
// packed); T is filled, written and added as the operations say.
// CHECK-LABEL: func.func @epilogue_into_input(
// CHECK: linalg.fill
// CHECK: vector.maskedstore %{{.*}} : memref<?x?xf32>, vector<4xi1>, vector<4xf32>
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
func.func @epilogue_into_input(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = memref.dim %a, %c0 : memref<?x?xf32>
  %t = memref.alloc(%m, %m) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<?x?xf32>)
  linalg.generic {indexing_maps = [#nt_a, #nt_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%t : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%x, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  %view = memref.subview %a[0, 0] [%m, %m] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<?x?xf32>) outs(%view : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  }
  memref.dealloc %t : memref<?x?xf32>
  return
}

// Not fused: C is written between the product and the epilogue, which
// must read it afterwards.
// CHECK-LABEL: func.func @store_between(
// CHECK: linalg.fill
// CHECK: vector.maskedstore %{{.*}} : memref<?x?xf32>, vector<4xi1>, vector<4xf32>
// CHECK: memref.store
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
func.func @store_between(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = memref.dim %c, %c0 : memref<?x?xf32>
  %t = memref.alloc(%m, %m) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<?x?xf32>)
  linalg.generic {indexing_maps = [#nt_a, #nt_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%t : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%x, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  memref.store %zero, %c[%c0, %c0] : memref<?x?xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  }
  memref.dealloc %t : memref<?x?xf32>
  return
}

// Not fused: the epilogue multiplies. Where the source allowed contraction,
// the backend could fuse its multiply and add on vectors where it did not
// in the source's scalar loop.
// CHECK-LABEL: func.func @epilogue_scales(
// CHECK: linalg.fill
// CHECK: vector.maskedstore %{{.*}} : memref<?x?xf32>, vector<4xi1>, vector<4xf32>
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
func.func @epilogue_scales(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %beta: f32) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = memref.dim %c, %c0 : memref<?x?xf32>
  %t = memref.alloc(%m, %m) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<?x?xf32>)
  linalg.generic {indexing_maps = [#nt_a, #nt_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%t : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%x, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.mulf %beta, %y fastmath<contract> : f32
    %r = arith.addf %x, %s fastmath<contract> : f32
    linalg.yield %r : f32
  }
  memref.dealloc %t : memref<?x?xf32>
  return
}

// An unfused body stays unfused: a vector multiply, then a vector add, in
// the body's operand order; no fma even when the target has one.
// CHECK-LABEL: func.func @mul_add(
// CHECK: scf.for {{.*}} iter_args
// CHECK: %[[P:.*]] = arith.mulf %{{.*}}, %{{.*}} : vector<2xf64>
// CHECK-NEXT: arith.addf %{{.*}}, %[[P]] : vector<2xf64>
// CHECK-NOT: fmuladd
// f64 (8 x 16 tile) from the default caches: C_Ar = floor(7 * 8 / 24) = 2,
// kc = 2 * 4096 / 64 = 128, mc = 6 * 32768 / 1024 = 192, nc = 14 * 524288 /
// 1024 = 7168.
// DEFAULTS-LABEL: func.func @mul_add(
// DEFAULTS: %[[REST:.*]] = arith.subi %[[K:.*]], %c42 : index
// DEFAULTS: %[[KBLOCKS:.*]] = arith.ceildivsi %[[REST]], %c128 : index
// DEFAULTS: %[[ONE:.*]] = arith.maxsi %[[KBLOCKS]], %c1 : index
// DEFAULTS: %[[KCEVEN:.*]] = arith.ceildivsi %[[K]], %[[ONE]] : index
// DEFAULTS: scf.for %{{.*}} = %c0 to %{{.*}} step %c7168
// DEFAULTS: scf.for %{{.*}} = %c0 to %[[K]] step %[[KCEVEN]]
// DEFAULTS: scf.for %{{.*}} = %c0 to %{{.*}} step %c192
// With kc = 256: mc = 6 * 32768 / 2048 = 96, nc = 14 * 524288 / 2048.
// MINKC-LABEL: func.func @mul_add(
// MINKC: %[[REST:.*]] = arith.subi %[[K:.*]], %c85 : index
// MINKC: %[[KBLOCKS:.*]] = arith.ceildivsi %[[REST]], %c256 : index
// MINKC: %[[ONE:.*]] = arith.maxsi %[[KBLOCKS]], %c1 : index
// MINKC: %[[KCEVEN:.*]] = arith.ceildivsi %[[K]], %[[ONE]] : index
// MINKC: scf.for %{{.*}} = %c0 to %{{.*}} step %c3584
// MINKC: scf.for %{{.*}} = %c0 to %[[K]] step %[[KCEVEN]]
// MINKC: scf.for %{{.*}} = %c0 to %{{.*}} step %c96
// FMA-LABEL: func.func @mul_add(
// FMA-NOT: vector.fma
// FMA: return
func.func @mul_add(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %c: memref<?x?xf64>) {
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf64>, memref<?x?xf64>) outs(%c : memref<?x?xf64>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %p = arith.mulf %x, %y : f64
    %r = arith.addf %acc, %p : f64
    linalg.yield %r : f64
  }
  return
}

// int32: the same kernel with integer lanes, the body's multiply and add
// in its order (integers wrap alike in any order; this one is the
// source's). No plain loops for small problems: in the operation's order
// they do not vectorize as the source's loops did.
// CHECK-LABEL: func.func @gemm_i32(
// CHECK: vector.maskedload {{.*}} : memref<?x?xi32>, vector<4xi1>, vector<4xi32> into vector<4xi32>
// CHECK: scf.for {{.*}} iter_args
// CHECK: %[[P:.*]] = arith.muli %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK-NEXT: arith.addi %{{.*}}, %[[P]] : vector<4xi32>
func.func @gemm_i32(%a: memref<?x?xi32>, %b: memref<?x?xi32>, %c: memref<?x?xi32>) {
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xi32>, memref<?x?xi32>) outs(%c : memref<?x?xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %p = arith.muli %x, %y : i32
    %r = arith.addi %acc, %p : i32
    linalg.yield %r : i32
  }
  return
}

// int16 inputs of an int32 sum: each is widened by its side of the body as
// it is packed (by vectors where it can be); the kernel is the int32 one.
// CHECK-LABEL: func.func @gemm_i16_inputs(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?x?xi16>, %[[B:[a-z0-9]+]]: memref<?x?xi16>
// CHECK: %[[BV:.*]] = vector.load %[[B]][%{{.*}}, %{{.*}}] : memref<?x?xi16>, vector<4xi16>
// CHECK-NEXT: %[[BW:.*]] = arith.extsi %[[BV]] : vector<4xi16> to vector<4xi32>
// CHECK: vector.store %[[BW]], %{{.*}} : memref<?xi32>, vector<4xi32>
// CHECK: %[[AV:.*]] = memref.load %[[A]][%{{.*}}, %{{.*}}] : memref<?x?xi16>
// CHECK-NEXT: %[[AW:.*]] = arith.extsi %[[AV]] : i16 to i32
// CHECK: memref.store %[[AW]], %{{.*}} : memref<?xi32>
// CHECK: %[[P:.*]] = arith.muli %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK-NEXT: arith.addi %{{.*}}, %[[P]] : vector<4xi32>
func.func @gemm_i16_inputs(%a: memref<?x?xi16>, %b: memref<?x?xi16>, %c: memref<?x?xi32>) {
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xi16>, memref<?x?xi16>) outs(%c : memref<?x?xi32>) {
  ^bb0(%x: i16, %y: i16, %acc: i32):
    %x32 = arith.extsi %x : i16 to i32
    %y32 = arith.extsi %y : i16 to i32
    %p = arith.muli %x32, %y32 : i32
    %r = arith.addi %acc, %p : i32
    linalg.yield %r : i32
  }
  return
}

// PAIRS-LABEL: func.func @gemm_i16_inputs(
// PAIRS-SAME: %[[A:[a-z0-9]+]]: memref<?x?xi16>, %[[B:[a-z0-9]+]]: memref<?x?xi16>, %[[C:[a-z0-9]+]]: memref<?x?xi32>
// The panels hold 16-bit pairs, sized for k rounded up to even.
// PAIRS: memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi16>
// B's rows of a pair go by vectors, interleaved, in whole panels.
// PAIRS: %[[R0:.*]] = vector.load %[[B]][%{{.*}}, %{{.*}}] : memref<?x?xi16>, vector<4xi16>
// PAIRS: %[[R1:.*]] = vector.load %[[B]][%{{.*}}, %{{.*}}] : memref<?x?xi16>, vector<4xi16>
// PAIRS: %[[IL:.*]] = vector.shuffle %[[R0]], %[[R1]] [0, 4, 1, 5, 2, 6, 3, 7] : vector<4xi16>, vector<4xi16>
// PAIRS: vector.store %[[IL]], %{{.*}} : memref<?xi16>, vector<8xi16>
// An odd last k, and partial panels, element by element.
// PAIRS: %[[BV:.*]] = memref.load %[[B]][%{{.*}}, %{{.*}}] : memref<?x?xi16>
// PAIRS: memref.store %[[BV]], %{{.*}} : memref<?xi16>
// An odd block's last pair gets a zero second k.
// PAIRS: arith.cmpi ne
// PAIRS: memref.store %c0_i16{{.*}}, %{{.*}} : memref<?xi16>
// The kernel's loop, after the tile's loads, runs over pairs of k.
// PAIRS: vector.load %[[C]]
// PAIRS: %[[PAIRS:[0-9]+]] = arith.divui %{{[0-9]+}}, %c2{{(_[0-9]+)?}} : index
// PAIRS-NEXT: %[[LO:.*]] = arith.constant 0 : index
// PAIRS-NEXT: %[[STEP:.*]] = arith.constant 1 : index
// PAIRS-NEXT: scf.for %{{.*}} = %[[LO]] to %[[PAIRS]] step %[[STEP]] iter_args(
// PAIRS: %[[BP:.*]] = vector.load %{{.*}} : memref<?xi16>, vector<8xi16>
// PAIRS: %[[AP:.*]] = vector.load %{{.*}} : memref<?xi16>, vector<2xi16>
// PAIRS-NEXT: %[[AW:.*]] = vector.bitcast %[[AP]] : vector<2xi16> to vector<1xi32>
// PAIRS-NEXT: %[[AE:.*]] = vector.extract %[[AW]][0] : i32 from vector<1xi32>
// PAIRS-NEXT: %[[AB:.*]] = vector.broadcast %[[AE]] : i32 to vector<4xi32>
// PAIRS-NEXT: %[[AS:.*]] = vector.bitcast %[[AB]] : vector<4xi32> to vector<8xi16>
// PAIRS-NEXT: %[[DOT:.*]] = llvm.call_intrinsic "llvm.x86.sse2.pmadd.wd"(%[[AS]], %[[BP]]) : (vector<8xi16>, vector<8xi16>) -> vector<4xi32>
// PAIRS-NEXT: arith.addi %{{.*}}, %[[DOT]] : vector<4xi32>
// PAIRS-NOT: arith.muli {{.*}} : vector<4xi32>

// int8 inputs, one signed and one unsigned, are widened to 16 bits as
// they are packed.
// PAIRS-LABEL: func.func @gemm_i8_inputs(
// PAIRS-SAME: %[[A8:[a-z0-9]+]]: memref<?x?xi8>, %[[B8:[a-z0-9]+]]: memref<?x?xi8>
// PAIRS: %[[UV:.*]] = vector.load %[[B8]]{{.*}} : memref<?x?xi8>, vector<4xi8>
// PAIRS-NEXT: arith.extui %[[UV]] : vector<4xi8> to vector<4xi16>
// PAIRS: %[[U:.*]] = memref.load %[[B8]]{{.*}} : memref<?x?xi8>
// PAIRS-NEXT: arith.extui %[[U]] : i8 to i16
// PAIRS: %[[S:.*]] = memref.load %[[A8]]{{.*}} : memref<?x?xi8>
// PAIRS-NEXT: arith.extsi %[[S]] : i8 to i16
// PAIRS: llvm.call_intrinsic "llvm.x86.sse2.pmadd.wd"
func.func @gemm_i8_inputs(%a: memref<?x?xi8>, %b: memref<?x?xi8>, %c: memref<?x?xi32>) {
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xi8>, memref<?x?xi8>) outs(%c : memref<?x?xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %x32 = arith.extsi %x : i8 to i32
    %y32 = arith.extui %y : i8 to i32
    %p = arith.muli %x32, %y32 : i32
    %r = arith.addi %acc, %p : i32
    linalg.yield %r : i32
  }
  return
}

// Unsigned 16-bit inputs do not fit 16-bit signed lanes: one k at a time.
// PAIRS-LABEL: func.func @gemm_u16_inputs(
// PAIRS-NOT: call_intrinsic
// PAIRS: arith.muli %{{.*}}, %{{.*}} : vector<4xi32>
// PAIRS-LABEL: func.func @elementwise(
func.func @gemm_u16_inputs(%a: memref<?x?xi16>, %b: memref<?x?xi16>, %c: memref<?x?xi32>) {
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xi16>, memref<?x?xi16>) outs(%c : memref<?x?xi32>) {
  ^bb0(%x: i16, %y: i16, %acc: i32):
    %x32 = arith.extsi %x : i16 to i32
    %y32 = arith.extui %y : i16 to i32
    %p = arith.muli %x32, %y32 : i32
    %r = arith.addi %acc, %p : i32
    linalg.yield %r : i32
  }
  return
}

// Not matmul-like: element-wise (no reduction).
// CHECK-LABEL: func.func @elementwise(
// CHECK: linalg.generic
// CHECK-NOT: vector.
// LLVM-LABEL: llvm.func @elementwise(
// LLVM-NOT: vector<
// LLVM: llvm.return
func.func @elementwise(%a: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  }
  return
}

// Not matmul-like: the result does not depend on the accumulator.
// CHECK-LABEL: func.func @overwrite(
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @overwrite(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    linalg.yield %p : f32
  }
  return
}

// Left alone: C's rows are not contiguous (column-major C), so its tile
// cannot be loaded as row vectors.
// CHECK-LABEL: func.func @strided_c(
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @strided_c(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32, strided<[1, ?]>>) {
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32, strided<[1, ?]>>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%x, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// C's innermost stride known only at run time (the strided view of a
// Fortran section): the nest runs on C itself where that stride is one, on
// a contiguous copy of C otherwise, copied back and freed after.
// CHECK-LABEL: func.func @view_c(
// CHECK-SAME: %[[VA:[^:]*]]: memref<?x?xf32, strided<[?, ?]>>, %[[VB:[^:]*]]: memref<?x?xf32, strided<[?, ?]>>, %[[VC:[^:]*]]: memref<?x?xf32, strided<[?, ?]>>)
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[VS:.*]]:2 = memref.extract_strided_metadata %[[VC]]
// CHECK: %[[VUNIT:.*]] = arith.cmpi eq, %[[VS]]#1, %{{.*}} : index
// CHECK: %[[VIEW:.*]] = scf.if %[[VUNIT]] -> (memref<?x?xf32, strided<[?, 1], offset: ?>>) {
// CHECK: memref.cast %[[VC]] : memref<?x?xf32, strided<[?, ?]>> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK: } else {
// CHECK: %[[VCOPY:.*]] = memref.alloc(%{{.*}}, %{{.*}}) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK: linalg.copy ins(%[[VC]] : {{.*}}) outs(%[[VCOPY]] : memref<?x?xf32>)
// CHECK: memref.cast %[[VCOPY]] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NOT: linalg.generic
// CHECK: vector.{{.*}}%[[VIEW]]
// CHECK: scf.if %[[VUNIT]] {
// CHECK: } else {
// CHECK: linalg.copy ins(%[[VIEW]] : {{.*}}) outs(%[[VC]] : memref<?x?xf32, strided<[?, ?]>>)
// CHECK: memref.dealloc %[[VIEW]]
// CHECK: return
func.func @view_c(%a: memref<?x?xf32, strided<[?, ?]>>, %b: memref<?x?xf32, strided<[?, ?]>>, %c: memref<?x?xf32, strided<[?, ?]>>) {
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf32, strided<[?, ?]>>, memref<?x?xf32, strided<[?, ?]>>) outs(%c : memref<?x?xf32, strided<[?, ?]>>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%x, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// C's innermost stride a constant other than one (every other column, a
// view raise-strided-views made): always the contiguous copy, no test.
// CHECK-LABEL: func.func @every_other_column(
// CHECK-SAME: %[[SC:[^:]*]]: memref<?x?xf32, strided<[?, 2], offset: ?>>)
// CHECK-NOT: scf.if
// CHECK: %[[SCOPY:.*]] = memref.alloc(%{{.*}}, %{{.*}}) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK: linalg.copy ins(%[[SC]] : {{.*}}) outs(%[[SCOPY]] : memref<?x?xf32>)
// CHECK: %[[SVIEW:.*]] = memref.cast %[[SCOPY]] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NOT: linalg.generic
// CHECK: vector.{{.*}}%[[SVIEW]]
// CHECK: linalg.copy ins(%[[SVIEW]] : {{.*}}) outs(%[[SC]] : memref<?x?xf32, strided<[?, 2], offset: ?>>)
// CHECK-NEXT: memref.dealloc %[[SVIEW]]
// CHECK: return
func.func @every_other_column(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32, strided<[?, 2], offset: ?>>) {
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32, strided<[?, 2], offset: ?>>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%x, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// Left alone: a body operation that cannot run lane-wise on vectors.
// CHECK-LABEL: func.func @not_lane_wise(
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @not_lane_wise(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = llvm.fmul %x, %y : f32
    %r = llvm.fadd %acc, %p : f32
    linalg.yield %r : f32
  }
  return
}

// A product over the lower triangle j <= i (syrk's; raise-affine-to-linalg
// yields C itself outside it): a tile with no element inside is skipped,
// and each row of a tile stores only its columns before i + %d.
// CHECK-LABEL: func.func @syrk_lower(
// CHECK-SAME: %[[LD:[^:]*]]: index)
// CHECK-NOT: linalg.index
// CHECK: %[[EDGE:.*]] = arith.addi %[[LASTROW:[0-9]+]], %[[LD]] : index
// CHECK-NEXT: %[[INSIDE:.*]] = arith.cmpi slt, %{{.*}}, %[[EDGE]] : index
// CHECK-NEXT: scf.if %[[INSIDE]] {
// CHECK: %[[ROWEND:.*]] = arith.addi %{{.*}}, %[[LD]] : index
// CHECK-NEXT: %[[COLS:.*]] = arith.subi %[[ROWEND]], %{{.*}} : index
// CHECK: vector.create_mask %{{.*}} : vector<4xi1>
// CHECK: vector.maskedload
// CHECK: llvm.intr.fmuladd
// CHECK-NOT: arith.select
// CHECK: vector.maskedstore
// CHECK: return
func.func @syrk_lower(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %d: index) {
  linalg.generic {indexing_maps = [#nt_a, #nt_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%x, %y, %acc) : (f32, f32, f32) -> f32
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %diff = arith.subi %j, %i : index
    %in = arith.cmpi slt, %diff, %d : index
    %kept = arith.select %in, %r, %acc : f32
    linalg.yield %kept : f32
  }
  return
}

// The upper triangle j >= i + %d: the lanes kept are those from the edge on,
// up to the end of C.
// CHECK-LABEL: func.func @syrk_upper(
// (Past the zeros after B's and A's packed panels.)
// CHECK-COUNT-2: memref.store %cst{{(_[0-9]+)?}}, %alloc
// CHECK: scf.if
// CHECK: %[[UPTO:.*]] = vector.create_mask %{{.*}} : vector<4xi1>
// CHECK: %[[BEFORE:.*]] = vector.create_mask %{{.*}} : vector<4xi1>
// CHECK: %[[AFTER:.*]] = arith.xori %[[BEFORE]], %{{.*}} : vector<4xi1>
// CHECK-NEXT: arith.andi %[[UPTO]], %[[AFTER]] : vector<4xi1>
// CHECK: vector.maskedstore
func.func @syrk_upper(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %d: index) {
  linalg.generic {indexing_maps = [#nt_a, #nt_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%x, %y, %acc) : (f32, f32, f32) -> f32
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %diff = arith.subi %j, %i : index
    %in = arith.cmpi sge, %diff, %d : index
    %kept = arith.select %in, %r, %acc : f32
    linalg.yield %kept : f32
  }
  return
}

// A cut on the summed index, k - i < %d (a triangular factor, as
// raise-affine-to-linalg raises trmm's): an m block and a register tile
// none of whose rows sums over the k block are skipped. In a tile, the k
// every row sums over run first, then those only some rows do, with each
// row's accumulators kept where its k is outside the triangle.
// CHECK-LABEL: func.func @cut_on_k(
// CHECK-SAME: %[[D:[^:]*]]: index)
// CHECK-NOT: linalg.index
// CHECK: scf.for
// CHECK: scf.for %[[PC:[^ ]*]] =
// CHECK: %[[BLOCKEDGE:.*]] = arith.addi %{{.*}}, %[[D]] : index
// CHECK-NEXT: %[[BLOCKIN:.*]] = arith.cmpi slt, %[[PC]], %[[BLOCKEDGE]] : index
// CHECK-NEXT: scf.if %[[BLOCKIN]] {
// CHECK: %[[TILEEDGE:.*]] = arith.addi %{{.*}}, %[[D]] : index
// CHECK-NEXT: %[[TILEIN:.*]] = arith.cmpi slt, %[[PC]], %[[TILEEDGE]] : index
// CHECK-NEXT: scf.if %[[TILEIN]] {
// CHECK: %[[FULL:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[ALL:[^ ]*]] step
// CHECK-NOT: arith.select
// CHECK: scf.yield
// CHECK: scf.for %[[P:.*]] = %[[ALL]] to %{{.*}} iter_args(%[[ACC0:.*]] = %[[FULL]]#0, %[[ACC1:.*]] = %[[FULL]]#1)
// CHECK: %[[NEW0:.*]] = llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %[[ACC0]])
// CHECK: %[[ROW1:.*]] = arith.cmpi slt, %[[P]], %{{.*}} : index
// CHECK: %[[NEW1:.*]] = llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %[[ACC1]])
// CHECK: arith.select %[[ROW1]], %[[NEW1]], %[[ACC1]] : vector<4xf32>
// CHECK: vector.maskedstore
// CHECK: return
func.func @cut_on_k(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %d: index) {
  linalg.generic {indexing_maps = [#nt_a, #nt_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%x, %y, %acc) : (f32, f32, f32) -> f32
    %i = linalg.index 0 : index
    %k = linalg.index 2 : index
    %diff = arith.subi %k, %i : index
    %in = arith.cmpi slt, %diff, %d : index
    %kept = arith.select %in, %r, %acc : f32
    linalg.yield %kept : f32
  }
  return
}

// k - i >= %d (trmm's k > i): the k only some rows sum over come first,
// masked, then those all rows do.
// CHECK-LABEL: func.func @cut_on_k_above(
// CHECK-SAME: %[[D:[^:]*]]: index)
// CHECK: %[[FIRSTEDGE:.*]] = arith.addi %{{.*}}, %[[D]] : index
// CHECK-NEXT: %[[BLOCKIN:.*]] = arith.cmpi sge, %{{.*}}, %[[FIRSTEDGE]] : index
// CHECK-NEXT: scf.if %[[BLOCKIN]] {
// CHECK: %[[EDGE:.*]]:2 = scf.for %[[P:.*]] = %{{.*}} to %[[ALL:[^ ]*]] step
// CHECK: arith.cmpi sge, %[[P]], %{{.*}} : index
// CHECK: arith.select
// CHECK: scf.yield
// CHECK: scf.for %{{.*}} = %[[ALL]] to %{{.*}} iter_args(%{{.*}} = %[[EDGE]]#0, %{{.*}} = %[[EDGE]]#1)
// CHECK-NOT: arith.select
// CHECK: scf.yield
// CHECK: vector.maskedstore
func.func @cut_on_k_above(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %d: index) {
  linalg.generic {indexing_maps = [#nt_a, #nt_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%x, %y, %acc) : (f32, f32, f32) -> f32
    %i = linalg.index 0 : index
    %k = linalg.index 2 : index
    %diff = arith.subi %k, %i : index
    %in = arith.cmpi sge, %diff, %d : index
    %kept = arith.select %in, %r, %acc : f32
    linalg.yield %kept : f32
  }
  return
}

// A cut between the summed index and C's column, k - j < %d (a
// column-major trmm's): a register tile none of whose columns sums over
// the k block is skipped; in a tile, the k only some columns sum over keep
// the other lanes of each accumulator, by a mask per k and vector.
// CHECK-LABEL: func.func @cut_on_k_column(
// CHECK-SAME: %[[D:[^:]*]]: index)
// CHECK-NOT: linalg.index
// CHECK: %[[FULL:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[ALL:[^ ]*]] step
// CHECK-NOT: arith.select
// CHECK: scf.yield
// CHECK: scf.for %[[P:.*]] = %[[ALL]] to %{{.*}} iter_args(%[[ACC0:.*]] = %[[FULL]]#0, %{{.*}} = %[[FULL]]#1)
// CHECK: %[[NEW0:.*]] = llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %[[ACC0]])
// CHECK: %[[COUNT:.*]] = arith.maxsi
// CHECK: %[[UPTO:.*]] = vector.create_mask %[[COUNT]] : vector<4xi1>
// CHECK: %[[LANES:.*]] = arith.xori %[[UPTO]], %{{.*}} : vector<4xi1>
// CHECK: arith.select %[[LANES]], %[[NEW0]], %[[ACC0]] : vector<4xi1>, vector<4xf32>
// CHECK: vector.maskedstore
func.func @cut_on_k_column(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %d: index) {
  linalg.generic {indexing_maps = [#nt_a, #nt_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%x, %y, %acc) : (f32, f32, f32) -> f32
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %diff = arith.subi %k, %j : index
    %in = arith.cmpi slt, %diff, %d : index
    %kept = arith.select %in, %r, %acc : f32
    linalg.yield %kept : f32
  }
  return
}

// Two products of one shape summed before they are added (syr2k): one
// panel per input, packed on its own; per k step the kernel loads both B
// panels' vectors and broadcasts both A panels' elements, in tiles of half
// the rows (mr=2 -> 1) to leave the registers room.
// CHECK-LABEL: func.func @two_products(
// CHECK-COUNT-4: memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<4xf32>)
// CHECK: %[[Y1:.*]] = vector.load %[[BP1:.*]][%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK: %[[Y2:.*]] = vector.load %[[BP2:.*]][%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK: %[[X1:.*]] = vector.broadcast
// CHECK: %[[X2:.*]] = vector.broadcast
// CHECK: %[[P1:.*]] = arith.mulf %[[X1]], %[[Y1]] : vector<4xf32>
// CHECK: %[[P2:.*]] = arith.mulf %[[X2]], %[[Y2]] : vector<4xf32>
// CHECK: %[[S:.*]] = arith.addf %[[P1]], %[[P2]] : vector<4xf32>
// CHECK: %[[R:.*]] = arith.addf %[[ACC]], %[[S]] : vector<4xf32>
// CHECK: scf.yield %[[R]]
// CHECK-COUNT-4: memref.dealloc
func.func @two_products(%x1: memref<?x?xf32>, %y1: memref<?x?xf32>, %x2: memref<?x?xf32>, %y2: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#nt_a, #nt_b, #nt_a, #nt_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x1, %y1, %x2, %y2 : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%a1: f32, %b1: f32, %a2: f32, %b2: f32, %acc: f32):
    %p1 = arith.mulf %a1, %b1 : f32
    %p2 = arith.mulf %a2, %b2 : f32
    %s = arith.addf %p1, %p2 : f32
    %r = arith.addf %acc, %s : f32
    linalg.yield %r : f32
  }
  return
}

// Left alone: three inputs on one side, more panels than the kernel has
// registers for.
// CHECK-LABEL: func.func @three_a_inputs(
// CHECK: linalg.generic
// CHECK-NOT: vector.
func.func @three_a_inputs(%x1: memref<?x?xf32>, %x2: memref<?x?xf32>, %x3: memref<?x?xf32>, %y: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#nt_a, #nt_a, #nt_a, #nt_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x1, %x2, %x3, %y : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%a1: f32, %a2: f32, %a3: f32, %b: f32, %acc: f32):
    %p1 = arith.mulf %a1, %b : f32
    %p2 = arith.mulf %a2, %a3 : f32
    %p3 = arith.mulf %p1, %p2 : f32
    %r = arith.addf %acc, %p3 : f32
    linalg.yield %r : f32
  }
  return
}

// Below min-tuned-work multiply-adds the operation runs as it is (its
// plain loops, later), the tuned nest above: decided at run time.
// SMALL-LABEL: func.func @gemm_nn(
// SMALL: arith.muli
// SMALL-NEXT: %[[WORK:.*]] = arith.muli
// SMALL: %[[LIMIT:.*]] = arith.constant 4096 : index
// SMALL: %[[FEW:.*]] = arith.cmpi slt, %[[WORK]], %[[LIMIT]] : index
// SMALL: scf.if %[[FEW]] {
// SMALL-NEXT: linalg.generic
// SMALL: } else {
// SMALL: vector.maskedload
// Small problems run gemm_nt's fill, product and add as they were.
// SMALL-LABEL: func.func @gemm_nt(
// SMALL: scf.if
// SMALL-NEXT: linalg.fill
// SMALL-NEXT: linalg.generic
// SMALL: linalg.generic
// SMALL-SAME: iterator_types = ["parallel", "parallel"]
// SMALL: } else {
// SMALL-NOT: linalg.
// SMALL: memref.dealloc
// An int32 GEMM takes the tuned nest at any size, but its function gets a
// check that it pays from an eighth of min-tuned-work on: tiny integer
// products run the source's own loops.
// SMALL-LABEL: func.func @gemm_i32(
// SMALL-NOT: arith.constant 4096 : index
// SMALL: vector.maskedload
// SMALL-LABEL: func.func @gemm_i32.worth(
// SMALL: arith.constant 512 : index

// Where every product of a function is at its top level and nothing else
// in it reduces, @<function>.worth (same arguments) says
// whether one of them reaches min-tuned-work; the plugin runs the source's
// own loops where none does. The sizes come from the views of the
// arguments the products read.
// Without min-tuned-work (0), no check.
// CHECK-LABEL: func.func @two_small_products(
// CHECK-NOT: func.func @two_small_products.worth(
// SMALL-LABEL: func.func @two_small_products(
// SMALL-LABEL: func.func @two_small_products.worth(
// SMALL-SAME: -> i1
// SMALL-DAG: %[[M1:.*]] = memref.dim %arg0, %c0 :
// SMALL-DAG: %[[N1:.*]] = memref.dim %arg1, %c0{{.*}} :
// SMALL-DAG: %[[K1:.*]] = memref.dim %arg0, %c1 :
// SMALL-DAG: %[[MN1:.*]] = arith.muli %[[M1]], %[[N1]]
// SMALL-DAG: %[[W1:.*]] = arith.muli %[[MN1]], %[[K1]]
// SMALL-DAG: %[[LIMIT:.*]] = arith.constant 4096 : index
// SMALL-DAG: %[[L1:.*]] = arith.cmpi sge, %[[W1]], %[[LIMIT]]
// SMALL-DAG: %[[CT:.*]] = memref.transpose %arg2
// SMALL-DAG: memref.dim %[[CT]], %c0
// SMALL-DAG: %[[L2:.*]] = arith.cmpi sge, %{{.*}}, %{{.*}} : index
// SMALL: %[[ANY:.*]] = arith.ori %[[L1]], %[[L2]]
// SMALL: return %[[ANY]] : i1
func.func @two_small_products(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>,
                              %d: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
  linalg.generic {indexing_maps = [#nt_a, #nn_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  }
  %ct = memref.transpose %c (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  linalg.generic {indexing_maps = [#nt_a, #nn_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%ct, %a : memref<?x?xf32, strided<[1, ?]>>, memref<?x?xf32>) outs(%d : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  }
  return
}

// No such check where another reduction is raised (a matvec pays at any
// size) or where a product runs inside a loop.
// SMALL-LABEL: func.func @product_and_matvec(
// SMALL-NOT: func.func @product_and_matvec.worth(
// SMALL-LABEL: func.func @product_in_loop(
// SMALL-NOT: func.func @product_in_loop.worth(
func.func @product_and_matvec(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>,
                              %x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [#nt_a, #nn_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%u: f32, %v: f32, %acc: f32):
    %p = arith.mulf %u, %v : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  }
  linalg.matvec ins(%a, %x : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>)
  return
}
func.func @product_in_loop(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>,
                           %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %t = %c0 to %n step %c1 {
    linalg.generic {indexing_maps = [#nt_a, #nn_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
    ^bb0(%u: f32, %v: f32, %acc: f32):
      %p = arith.mulf %u, %v : f32
      %r = arith.addf %acc, %p : f32
      linalg.yield %r : f32
    }
  }
  return
}

// A product in a branch (gemm_nt's version of the nest for K >= 1) runs at
// most once per call: its sizes, computed in the branch by operations that
// may run before the branch's condition is known, make the check too. A
// size divided in the branch (its divisor may be zero where the branch is
// not taken) makes none.
// SMALL-LABEL: func.func @product_in_branch.worth(
// SMALL-DAG: %[[M:.*]] = memref.dim %arg0, %c0
// SMALL-DAG: %[[K:.*]] = affine.max
// SMALL-DAG: %[[N:.*]] = memref.dim %arg1, %c0
// SMALL: %[[MN:.*]] = arith.muli %[[M]], %[[N]]
// SMALL: %[[W:.*]] = arith.muli %[[MN]], %[[K]]
// SMALL: arith.cmpi sge, %[[W]]
// SMALL-LABEL: func.func @product_divided_in_branch(
// SMALL-NOT: func.func @product_divided_in_branch.worth(
func.func @product_in_branch(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>,
                             %k: index, %cond: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %cond {
    %m = memref.dim %a, %c0 : memref<?x?xf32>
    %n = memref.dim %b, %c0 : memref<?x?xf32>
    %kk = affine.max affine_map<()[s0] -> (s0, 0)>()[%k]
    %av = memref.subview %a[0, 0] [%m, %kk] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
    %bv = memref.subview %b[0, 0] [%n, %kk] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#nt_a, #nn_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%av, %bv : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>) outs(%c : memref<?x?xf32>) {
    ^bb0(%u: f32, %v: f32, %acc: f32):
      %p = arith.mulf %u, %v : f32
      %r = arith.addf %acc, %p : f32
      linalg.yield %r : f32
    }
  }
  return
}
func.func @product_divided_in_branch(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>,
                                     %k: index, %d: index, %cond: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %cond {
    %m = memref.dim %a, %c0 : memref<?x?xf32>
    %n = memref.dim %b, %c0 : memref<?x?xf32>
    %kk = arith.divsi %k, %d : index
    %av = memref.subview %a[0, 0] [%m, %kk] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
    %bv = memref.subview %b[0, 0] [%n, %kk] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#nt_a, #nn_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%av, %bv : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>) outs(%c : memref<?x?xf32>) {
    ^bb0(%u: f32, %v: f32, %acc: f32):
      %p = arith.mulf %u, %v : f32
      %r = arith.addf %acc, %p : f32
      linalg.yield %r : f32
    }
  }
  return
}

// The same under an affine.if on a size (the version raise-hoist-guards
// makes for K >= 1).
// SMALL-LABEL: func.func @product_in_affine_branch.worth(
// SMALL: %[[MN:.*]] = arith.muli
// SMALL: %[[W:.*]] = arith.muli %[[MN]], %arg3
// SMALL: arith.cmpi sge, %[[W]]
func.func @product_in_affine_branch(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>,
                                    %k: index) {
  %c0 = arith.constant 0 : index
  affine.if affine_set<()[s0] : (s0 - 1 >= 0)>()[%k] {
    %m = memref.dim %a, %c0 : memref<?x?xf32>
    %n = memref.dim %b, %c0 : memref<?x?xf32>
    %av = memref.subview %a[0, 0] [%m, %k] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
    %bv = memref.subview %b[0, 0] [%n, %k] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#nt_a, #nn_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%av, %bv : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>) outs(%c : memref<?x?xf32>) {
    ^bb0(%u: f32, %v: f32, %acc: f32):
      %p = arith.mulf %u, %v : f32
      %r = arith.addf %acc, %p : f32
      linalg.yield %r : f32
    }
  }
  return
}
