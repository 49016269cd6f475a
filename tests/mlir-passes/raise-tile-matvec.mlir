// raise-tile-matvec: matrix-vector generics with the reduction along the
// matrix's rows become blocks of rows with one accumulator each, carried
// through a j loop that applies every row's body in j order; the remaining
// rows go one at a time. Transposed products (A(j,i)) become blocks of
// outputs updated row by row of A. With vector-bits, the rows of a block are
// the lanes of one vector (blocks of A transposed in registers) and the
// transposed product updates vectors of outputs. Anything else is left alone.
//
// RUN: raise-opt %s --raise-tile-matvec="rows=4 columns=256" | FileCheck %s
// RUN: raise-opt %s --raise-tile-matvec="vector-bits=128 columns=256" | FileCheck %s --check-prefix=VEC
// RUN: not raise-opt %s --raise-tile-matvec=columns=0 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not raise-opt %s --raise-tile-matvec=vector-bits=-1 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not raise-opt %s --raise-tile-matvec=prefetch-bytes=-1 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not raise-opt %s --raise-tile-matvec=row-vectors=0 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not raise-opt %s --raise-tile-matvec=panel-bytes=-1 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not raise-opt %s --raise-tile-matvec=reassoc-prefetch-bytes=-1 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: raise-opt %s --raise-tile-matvec="vector-bits=128 row-vectors=2 panel-bytes=1024 prefetch-bytes=0" | FileCheck %s --check-prefix=PANEL
// RUN: not raise-opt %s --raise-tile-matvec=cached-row-vectors=-1 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not raise-opt %s --raise-tile-matvec=cached-panel-bytes=-1 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not raise-opt %s --raise-tile-matvec=stream-vector-bits=-1 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: raise-tile-matvec: rows, row-vectors and columns must be positive, vector-bits, prefetch-bytes, panel-bytes, reassoc-prefetch-bytes, cached-row-vectors, cached-panel-bytes, stream-vector-bits, intel-cached-row-vectors and intel-cached-vector-bits not negative
// RUN: raise-opt %s --raise-tile-matvec="vector-bits=128 prefetch-bytes=0" | FileCheck %s --check-prefix=NOPF
// RUN: raise-opt %s --raise-tile-matvec="vector-bits=256 row-vectors=2 register-panels prefetch-above-bytes=4096" | FileCheck %s --check-prefix=REG
// RUN: raise-opt %s --raise-tile-matvec="vector-bits=256 row-vectors=2 register-panels prefetch-above-bytes=4096 cached-row-vectors=4 cached-panel-bytes=2048" | FileCheck %s --check-prefix=CACHED
// RUN: raise-opt %s --raise-tile-matvec="vector-bits=256 row-vectors=2 register-panels prefetch-above-bytes=4194304 cached-row-vectors=4 stream-vector-bits=128" | FileCheck %s --check-prefix=STREAM
// RUN: raise-opt %s --raise-tile-matvec="vector-bits=256 row-vectors=2 register-panels prefetch-above-bytes=4194304 cached-row-vectors=4 runtime-caches" | FileCheck %s --check-prefix=RUNTIME
// RUN: raise-opt %s --raise-tile-matvec="vector-bits=256 row-vectors=2 register-panels prefetch-above-bytes=4194304 runtime-caches" | FileCheck %s --check-prefix=RUNTIME-AVX2
// RUN: raise-opt %s --raise-tile-matvec="rows=4 prefetch-above-bytes=4194304 runtime-caches" | FileCheck %s --check-prefix=RUNTIME-SCALAR
// RUN: raise-opt %s --raise-tile-matvec="rows=4 prefetch-above-bytes=4194304" | FileCheck %s --check-prefix=STRIDED

// y(i) = fmuladd(A(i,j), x(j), y(i)), as the tactics raise a matvec.
// The vector kernels' loops are marked so that LLVM neither unrolls nor
// vectorizes them; scalar kernels are left to LLVM.
// CHECK-NOT: loop_annotation
// VEC: #[[ASIS:.*]] = #llvm.loop_annotation<vectorize = #{{.*}}, unroll = #{{.*}}>
// CHECK-LABEL: func.func @matvec(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32>, %[[X:[a-z0-9]+]]: memref<?xf32>, %[[Y:[a-z0-9]+]]: memref<?xf32>)
// CHECK: %[[FULL:.*]] = arith.muli
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[FULL]] step %c4
// CHECK-COUNT-4: memref.load %[[Y]]
// CHECK: %[[R:.*]]:4 = scf.for %[[J:.*]] = %{{.*}} iter_args(%[[Y0:.*]] = %{{.*}}, %[[Y1:.*]] = %{{.*}}, %[[Y2:.*]] = %{{.*}}, %[[Y3:.*]] = %{{.*}}) -> (f32, f32, f32, f32)
// CHECK: %[[XJ:.*]] = memref.load %[[X]][%[[J]]]
// CHECK: %[[A0:.*]] = memref.load %[[A]][%{{.*}}, %[[J]]]
// CHECK-NEXT: %[[S0:.*]] = llvm.intr.fmuladd(%[[A0]], %[[XJ]], %[[Y0]])
// CHECK: llvm.intr.fmuladd(%{{.*}}, %[[XJ]], %[[Y1]])
// CHECK: llvm.intr.fmuladd(%{{.*}}, %[[XJ]], %[[Y2]])
// CHECK: %[[S3:.*]] = llvm.intr.fmuladd(%{{.*}}, %[[XJ]], %[[Y3]])
// CHECK-NEXT: scf.yield %[[S0]], %{{.*}}, %{{.*}}, %[[S3]]
// CHECK-COUNT-4: memref.store %[[R]]#{{[0-3]}}, %[[Y]]
// The remaining rows, one at a time.
// CHECK: scf.for %{{.*}} = %[[FULL]] to
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32)
// CHECK-NOT: linalg.generic
//
// On vectors of 4 lanes: 4 rows per accumulator; each 4x4 block of A is
// transposed (two rounds of shuffles) and its columns applied in j order.
// With row-vectors=2, up to two blocks of 4 rows take turns for each block
// of columns, as many as 1024 bytes of A's rows hold (from the row stride at
// run time); a single block keeps its accumulator in a register as above.
// PANEL-LABEL: func.func @matvec(
// PANEL-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32>, %[[X:[a-z0-9]+]]: memref<?xf32>, %[[Y:[a-z0-9]+]]: memref<?xf32>)
// PANEL: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[A]]
// PANEL: %[[BYTES:.*]] = arith.muli %[[STRIDES]]#0, %c16
// PANEL: %[[FIT:.*]] = arith.divui %c1024, %{{.*}}
// PANEL: %[[MOST:.*]] = arith.minui %[[FIT]], %c2
// PANEL: %[[BLOCKS:.*]] = arith.maxui %[[MOST]], %c1
// PANEL: %[[ROWS:.*]] = arith.muli %[[BLOCKS]], %c4
// PANEL: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[ROWS]]
// PANEL: %[[COUNT:.*]] = arith.minui %{{.*}}, %[[ROWS]]
// PANEL: %[[ONE:.*]] = arith.cmpi eq, %[[COUNT]], %c4
// PANEL: scf.if %[[ONE]] {
// PANEL: scf.for {{.*}} iter_args({{.*}}) -> (vector<4xf32>)
// PANEL: } else {
// PANEL: %[[END:.*]] = arith.addi %[[I]], %[[COUNT]]
// PANEL: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %c4
// PANEL-NEXT: scf.for %[[BASE:.*]] = %[[I]] to %[[END]] step %c4
// PANEL-NEXT: %[[ACC:.*]] = vector.load %[[Y]][%[[BASE]]]
// PANEL-NOT: memref.prefetch
// PANEL: vector.load %[[A]][%{{.*}}, %[[J]]]
// PANEL: vector.shuffle
// PANEL: %[[F0:.*]] = llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %[[ACC]])
// PANEL-COUNT-2: llvm.intr.fmuladd
// PANEL: %[[F3:.*]] = llvm.intr.fmuladd
// PANEL-NEXT: vector.store %[[F3]], %[[Y]][%[[BASE]]]
// The columns after the last whole block, block of rows by block of rows.
// PANEL: scf.for %[[BASE2:.*]] = %[[I]] to %[[END]] step %c4
// PANEL: vector.load %[[Y]][%[[BASE2]]]
// PANEL: scf.for {{.*}} iter_args({{.*}}) -> (vector<4xf32>)
// PANEL: vector.from_elements
// PANEL: vector.store %{{.*}}, %[[Y]][%[[BASE2]]]
// With register-panels, the blocks of a panel keep their accumulators in
// registers (one kernel per number of blocks), each block of A loaded a
// 128-bit chunk of a row at a time and turned into columns by interleaving
// within the chunks. Matrices of at most prefetch-above-bytes are not
// prefetched; a panel within panel-bytes prefetches the next panel at the
// columns being read, a wider one each row ahead.
// REG-LABEL: func.func @matvec(
// REG-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32>, %[[X:[a-z0-9]+]]: memref<?xf32>, %[[Y:[a-z0-9]+]]: memref<?xf32>)
// REG: %[[FIT:.*]] = arith.divui %c49152
// REG: %[[ROWBYTES:.*]] = arith.muli %{{.*}}, %c4
// REG: %[[BYTES:.*]] = arith.muli %[[ROWBYTES]], %[[M:.*]] : index
// REG: %[[LARGE:.*]] = arith.cmpi ugt, %[[BYTES]], %c4096
// REG: %[[DOWN:.*]] = arith.cmpi ne, %[[FIT]], %c0
// REG: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[ROWS:.*]] {
// REG: scf.if %[[LARGE]] {
// REG-NEXT: scf.if %[[DOWN]] {
// REG: scf.index_switch
// REG-NEXT: case 2 {
// REG: %[[Y0:.*]] = vector.load %[[Y]][%[[I]]] : memref<?xf32>, vector<8xf32>
// REG: %[[Y1:.*]] = vector.load %[[Y]][%[[I1:.*]]] : memref<?xf32>, vector<8xf32>
// REG: %[[AFTER:.*]] = arith.addi %[[I]], %c16
// REG: %[[LASTPANEL:.*]] = arith.subi %[[M]], %c16
// REG: %[[NEXT:.*]] = arith.minui %[[AFTER]], %[[LASTPANEL]]
// REG: %[[N0:.*]] = arith.addi %[[NEXT]], %c0
// REG: %[[R:.*]]:2 = scf.for %[[J:.*]] = %{{.*}} iter_args(%[[ACC0:.*]] = %[[Y0]], %[[ACC1:.*]] = %[[Y1]]) -> (vector<8xf32>, vector<8xf32>)
// REG-NEXT: memref.prefetch %[[A]][%[[N0]], %[[J]]], read, locality<0>, data
// REG-COUNT-15: memref.prefetch
// REG-NEXT: %[[LO:.*]] = vector.load %[[A]][%{{.*}}, %[[J]]] : memref<?x?xf32>, vector<4xf32>
// REG-NEXT: %[[HI:.*]] = vector.load %[[A]][%{{.*}}, %[[J]]] : memref<?x?xf32>, vector<4xf32>
// REG-NEXT: vector.shuffle %[[LO]], %[[HI]] [0, 1, 2, 3, 4, 5, 6, 7]
// REG: vector.shuffle %{{.*}}, %{{.*}} [0, 8, 1, 9, 4, 12, 5, 13]
// REG: %[[C0:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 8, 9, 4, 5, 12, 13]
// REG: %[[F0:.*]] = llvm.intr.fmuladd(%[[C0]], %{{.*}}, %[[ACC0]])
// REG-COUNT-3: llvm.intr.fmuladd
// The second block, from the same chunk of columns.
// REG: llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %[[ACC1]])
// The columns after the last whole block, one at a time.
// REG: %[[REST:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %[[R]]#0, %{{.*}} = %[[R]]#1)
// REG: vector.from_elements
// REG: vector.store %[[REST]]#0, %[[Y]][%[[I]]]
// REG-NEXT: vector.store %[[REST]]#1, %[[Y]][%[[I1]]]
// A panel of one block.
// REG: default {
// REG: scf.for {{.*}} -> (vector<8xf32>)
// Wider panels: each row ahead along itself.
// REG: } else {
// REG: scf.index_switch
// REG: arith.minsi
// REG: memref.prefetch
// Small matrices: no prefetches.
// REG: } else {
// REG: scf.index_switch
// REG-NOT: memref.prefetch
// REG: return
// With cached-row-vectors, the size of the matrix picks the kernel at run
// time: beyond prefetch-above-bytes the one above, always prefetching;
// otherwise panels of up to cached-row-vectors blocks through y within
// cached-panel-bytes, square blocks transposed, no prefetches.
// CACHED-LABEL: func.func @matvec(
// CACHED-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32>, %[[X:[a-z0-9]+]]: memref<?xf32>, %[[Y:[a-z0-9]+]]: memref<?xf32>)
// CACHED: %[[ROWBYTES:.*]] = arith.muli %{{.*}}, %c4
// CACHED: %[[BYTES:.*]] = arith.muli %[[ROWBYTES]], %{{.*}} : index
// CACHED: %[[LARGE:.*]] = arith.cmpi ugt, %[[BYTES]], %c4096
// CACHED: scf.if %[[LARGE]] {
// CACHED: arith.divui %c49152
// CACHED-NOT: arith.cmpi ugt
// CACHED: scf.index_switch
// CACHED: memref.prefetch
// CACHED: %[[FIT:.*]] = arith.divui %c2048
// CACHED-NOT: memref.prefetch
// CACHED: arith.minui %[[FIT]], %c4
// CACHED: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CACHED: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %c8{{(_[0-9]+)?}} {
// CACHED-NEXT: scf.for %[[BASE:.*]] = %[[I]] to %{{.*}} step %c8{{(_[0-9]+)?}} {
// CACHED-NEXT: %[[ACC:.*]] = vector.load %[[Y]][%[[BASE]]]
// CACHED-COUNT-8: vector.load %[[A]][%{{.*}}, %[[J]]] : memref<?x?xf32>, vector<8xf32>
// CACHED: llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %[[ACC]])
// CACHED-NOT: memref.prefetch
// CACHED: return
// With runtime-caches and intel-prefetch-locality, the row-wise kernel reads
// the running core's vendor (raise.cache.v2(6)) before its loops and
// prefetches with that hint on Intel cores, non-temporally elsewhere; without
// runtime-caches there is no query to ask.
// RUN: raise-opt %s --raise-tile-matvec="vector-bits=256 row-vectors=2 register-panels prefetch-above-bytes=4194304 runtime-caches intel-prefetch-locality=3" | FileCheck %s --check-prefix=VENDOR
// RUN: raise-opt %s --raise-tile-matvec="vector-bits=256 row-vectors=2 register-panels prefetch-above-bytes=4194304 intel-prefetch-locality=3" | FileCheck %s --check-prefix=NOQUERY
// RUN: not raise-opt %s --raise-tile-matvec=intel-prefetch-locality=4 2>&1 | FileCheck %s --check-prefix=BADINTEL
// VENDOR-LABEL: func.func @matvec(
// VENDOR: %[[ASKED:.*]] = call @raise.cache.v2(%c6_i32) : (i32) -> i64
// VENDOR: %[[INTEL:.*]] = arith.cmpi eq, %[[ASKED]], %c1_i64 : i64
// VENDOR: scf.if %[[INTEL]] {
// VENDOR-NEXT: memref.prefetch %{{.*}}, read, locality<3>, data
// VENDOR: } else {
// VENDOR-NEXT: memref.prefetch %{{.*}}, read, locality<0>, data
// NOQUERY-NOT: raise.cache.v2
// NOQUERY-LABEL: func.func @matvec(
// NOQUERY-NOT: locality<3>
// NOQUERY-LABEL: func.func @reassociable(
// BADINTEL: error: raise-tile-matvec: intel-prefetch-locality must be a locality hint from 0 to 3 or -1 (none), not 4
// RUN: raise-opt %s --raise-tile-matvec="vector-bits=512 row-vectors=2 register-panels prefetch-above-bytes=4194304 cached-row-vectors=4 runtime-caches intel-cached-row-vectors=3 intel-cached-vector-bits=256" | FileCheck %s --check-prefix=INTELCACHED
// RUN: raise-opt %s --raise-tile-matvec="vector-bits=512 row-vectors=2 register-panels prefetch-above-bytes=4194304 cached-row-vectors=4 intel-cached-row-vectors=3 intel-cached-vector-bits=256" | FileCheck %s --check-prefix=INTELNOQUERY
// RUN: not raise-opt %s --raise-tile-matvec=intel-cached-row-vectors=-1 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not raise-opt %s --raise-tile-matvec=intel-cached-vector-bits=-1 2>&1 | FileCheck %s --check-prefix=BAD
// With intel-cached-row-vectors, the f32 matrices that take panels through
// y elsewhere take, where the running core is Intel's, register panels of
// up to three blocks of 8 rows (256-bit vectors, 128-bit chunks unpacked);
// those from memory keep their kernel. f64 (@scaled) and a build that may
// not query the core keep the panels through y.
// INTELCACHED-LABEL: func.func @matvec(
// INTELCACHED: %[[ASKED:.*]] = call @raise.cache.v2(%c6_i32) : (i32) -> i64
// INTELCACHED: %[[INTEL:.*]] = arith.cmpi eq, %[[ASKED]], %c1_i64 : i64
// INTELCACHED: %[[LARGE:.*]] = arith.cmpi ugt, %{{.*}}, %{{.*}} : index
// INTELCACHED: scf.if %[[LARGE]] {
// INTELCACHED-NOT: -> (vector<8xf32>
// INTELCACHED: scf.if %[[INTEL]] {
// INTELCACHED: scf.index_switch
// INTELCACHED: case 3 {
// INTELCACHED: scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>) {
// INTELCACHED: } else {
// INTELCACHED-NOT: -> (vector<8xf32>
// INTELCACHED: -> (vector<16xf32>)
// INTELCACHED-NOT: -> (vector<8xf32>
// INTELCACHED-LABEL: func.func @scaled(
// INTELCACHED-NOT: call @raise.cache.v2(%c6_i32)
// INTELCACHED-NOT: vector<4xf64>
// INTELCACHED-LABEL: func.func @reassociable(
// INTELNOQUERY-NOT: raise.cache.v2
// INTELNOQUERY-NOT: -> (vector<8xf32>
// With runtime-caches, matrices are compared with half the last-level cache
// the running core reports (raise.cache.v2's fourth number), with
// prefetch-above-bytes where it reports none; the query is declared once.
// RUNTIME: func.func private @raise.cache.v2(i32) -> i64
// RUNTIME-NOT: func.func private @raise.cache.v2
// RUNTIME-LABEL: func.func @matvec(
// RUNTIME: %[[FIXED:.*]] = arith.constant 4194304 : index
// RUNTIME: %[[L3:.*]] = call @raise.cache.v2(%c4_i32) : (i32) -> i64
// RUNTIME: %[[L3I:.*]] = arith.index_cast %[[L3]] : i64 to index
// RUNTIME: %[[HALF:.*]] = arith.shrui %[[L3I]], %c1
// RUNTIME: %[[KNOWN:.*]] = arith.cmpi ne, %[[HALF]], %c0
// RUNTIME: %[[BOUND:.*]] = arith.select %[[KNOWN]], %[[HALF]], %[[FIXED]] : index
// RUNTIME: %[[LARGE:.*]] = arith.cmpi ugt, %{{.*}}, %[[BOUND]] : index
// RUNTIME: scf.if %[[LARGE]] {
// Where no kernel is chosen by size, whether to prefetch is decided on
// prefetch-above-bytes as it is, and scalar kernels choose nothing but on a
// matrix whose rows are not contiguous (@strided_rows): the query only
// there.
// RUNTIME-AVX2-LABEL: func.func @matvec(
// RUNTIME-AVX2-NOT: call @raise.cache.v2
// RUNTIME-AVX2: arith.cmpi ugt, %{{.*}}, %c4194304
// RUNTIME-AVX2-NOT: call @raise.cache.v2
// RUNTIME-AVX2-LABEL: func.func @reassociable(
// RUNTIME-SCALAR-LABEL: func.func @matvec(
// RUNTIME-SCALAR-NOT: call @raise.cache.v2
// RUNTIME-SCALAR-LABEL: func.func @strided_rows(
// RUNTIME-SCALAR: call @raise.cache.v2
// RUNTIME-SCALAR-NOT: call @raise.cache.v2
// With stream-vector-bits, the kernel for matrices beyond
// prefetch-above-bytes runs on vectors of that width (the hardware's
// prefetchers follow rows read by narrower loads); the others keep the
// full width.
// STREAM-LABEL: func.func @matvec(
// STREAM-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32>
// STREAM: %[[LARGE:.*]] = arith.cmpi ugt, %{{.*}}, %c4194304
// STREAM: scf.if %[[LARGE]] {
// STREAM-NOT: vector<8xf32>
// STREAM: vector.load %[[A]][{{.*}}] : memref<?x?xf32>, vector<4xf32>
// STREAM-NOT: vector<8xf32>
// STREAM: memref.prefetch
// STREAM-NOT: vector<8xf32>
// STREAM: arith.divui %c98304
// STREAM-NOT: memref.prefetch
// STREAM-NOT: vector<4xf32>
// STREAM: vector.load %[[A]][{{.*}}] : memref<?x?xf32>, vector<8xf32>
// STREAM-NOT: memref.prefetch
// STREAM: return
// NOPF-LABEL: func.func @matvec(
// NOPF-NOT: memref.prefetch
// NOPF: vector.shuffle
// VEC-LABEL: func.func @matvec(
// VEC-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32>, %[[X:[a-z0-9]+]]: memref<?xf32>, %[[Y:[a-z0-9]+]]: memref<?xf32>)
// VEC: %[[C128:.*]] = arith.constant 128 : index
// VEC: scf.for %[[I:.*]] = %{{.*}} to %[[FULL:.*]] step %c4
// VEC: %[[Y0:.*]] = vector.load %[[Y]][%[[I]]] : memref<?xf32>, vector<4xf32>
// VEC: %[[S:.*]] = scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[Y0]]) -> (vector<4xf32>)
// Each row prefetched 512 bytes (128 f32) ahead, within the row.
// VEC: %[[FAR:.*]] = arith.addi %[[J]], %[[C128]]
// VEC: %[[LAST:.*]] = arith.subi
// VEC: %[[AHEAD:.*]] = arith.minsi %[[FAR]], %[[LAST]]
// VEC: memref.prefetch %[[A]][%[[R0:.*]], %[[AHEAD]]], read, locality<0>, data : memref<?x?xf32>
// VEC-NEXT: memref.prefetch %[[A]][%[[R1:.*]], %[[AHEAD]]]
// VEC-NEXT: memref.prefetch %[[A]][%[[R2:.*]], %[[AHEAD]]]
// VEC-NEXT: memref.prefetch %[[A]][%[[R3:.*]], %[[AHEAD]]]
// VEC: vector.load %[[A]][%[[R0]], %[[J0:.*]]] : memref<?x?xf32>, vector<4xf32>
// VEC-NEXT: vector.load %[[A]][%[[R1]], %[[J0]]]
// VEC-NEXT: vector.load %[[A]][%[[R2]], %[[J0]]]
// VEC-NEXT: vector.load %[[A]][%[[R3]], %[[J0]]]
// VEC: vector.shuffle %{{.*}}, %{{.*}} [0, 4, 1, 5]
// VEC: vector.shuffle %{{.*}}, %{{.*}} [2, 6, 3, 7]
// VEC: %[[C0:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 4, 5]
// VEC: %[[C1:.*]] = vector.shuffle %{{.*}}, %{{.*}} [2, 3, 6, 7]
// VEC: %[[C2:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 4, 5]
// VEC: %[[C3:.*]] = vector.shuffle %{{.*}}, %{{.*}} [2, 3, 6, 7]
// VEC: %[[X0:.*]] = vector.broadcast
// VEC: %[[F0:.*]] = llvm.intr.fmuladd(%[[C0]], %[[X0]], %[[ACC]]) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// VEC: %[[F1:.*]] = llvm.intr.fmuladd(%[[C1]], %{{.*}}, %[[F0]])
// VEC: %[[F2:.*]] = llvm.intr.fmuladd(%[[C2]], %{{.*}}, %[[F1]])
// VEC: %[[F3:.*]] = llvm.intr.fmuladd(%[[C3]], %{{.*}}, %[[F2]])
// VEC-NEXT: scf.yield %[[F3]]
// The columns after the last whole block, gathered one by one.
// VEC: %[[T:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %[[S]]) -> (vector<4xf32>)
// VEC-COUNT-4: memref.load %[[A]]
// VEC: vector.from_elements
// VEC: vector.store %[[T]], %[[Y]][%[[I]]]
// The remaining rows, in groups of `rows` (8) with a sum each side by side
// (a matrix of fewer rows than the lanes is all remainder), then one at a
// time.
// VEC: scf.for %{{.*}} = %[[FULL]] to %[[REST:.*]] step %c8
// VEC: scf.for {{.*}} -> (f32, f32, f32, f32, f32, f32, f32, f32)
// VEC: scf.for %{{.*}} = %[[REST]] to
// VEC: scf.for {{.*}} iter_args({{.*}}) -> (f32)
// VEC-NOT: linalg.generic
func.func @matvec(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// A scaled body (alpha * A(i,j) * x(j) + y(i), f64, separate multiply and
// add) is cloned per row as it is.
// CHECK-LABEL: func.func @scaled(
// CHECK: scf.for {{.*}} -> (f64, f64, f64, f64)
// CHECK: %[[M:.*]] = arith.mulf %{{.*}}, %{{.*}} : f64
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[M]], %{{.*}} : f64
// CHECK-NEXT: arith.addf %{{.*}}, %[[P]] : f64
// On vectors: alpha is broadcast once; 2 lanes of f64.
// VEC-LABEL: func.func @scaled(
// VEC-SAME: %[[ALPHA:[a-z0-9]+]]: f64)
// VEC: %[[SPLAT:.*]] = vector.broadcast %[[ALPHA]] : f64 to vector<2xf64>
// VEC: scf.for {{.*}} -> (vector<2xf64>)
// VEC: %[[M:.*]] = arith.mulf %[[SPLAT]], %{{.*}} : vector<2xf64>
// VEC-NEXT: %[[P:.*]] = arith.mulf %[[M]], %{{.*}} : vector<2xf64>
// VEC-NEXT: arith.addf %{{.*}}, %[[P]] : vector<2xf64>
// f64 keeps its panels' accumulators in y even with register-panels.
// REG-LABEL: func.func @scaled(
// REG-NOT: scf.index_switch
// REG: scf.for %[[I:.*]] = {{.*}} step %[[ROWS:.*]] {
// REG: scf.for %[[BASE:.*]] = %[[I]] to %{{.*}} step %c4{{.*}} {
// REG-NEXT: vector.load %{{.*}}[%[[BASE]]] : memref<?xf64>, vector<4xf64>
// REG-LABEL: func.func @
// f64 summed in order keeps full-width vectors from memory too (its
// kernels through y lost on narrower ones).
// STREAM-LABEL: func.func @scaled(
// STREAM-NOT: vector<2xf64>
// STREAM: vector<4xf64>
// STREAM-NOT: vector<2xf64>
// STREAM: return
func.func @scaled(%A: memref<?x?xf64>, %x: memref<?xf64>, %y: memref<?xf64>, %alpha: f64) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf64>, memref<?xf64>) outs(%y : memref<?xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %m = arith.mulf %alpha, %a : f64
    %p = arith.mulf %m, %b : f64
    %r = arith.addf %c, %p : f64
    linalg.yield %r : f64
  }
  return
}

// Under the source's fast-math flags (reassoc and nsz on every operation),
// the row-wise product is summed along j, one row at a time in four vector
// accumulators from zero, the matrix prefetched rows ahead where it is over
// 2 MiB; the columns after the last whole step a vector at a time, then
// the vector the row ends in, if partial, masked; then the row's lanes
// reduced and added to y.
// Without vector-bits, the scalar kernels as for any body.
// CHECK-LABEL: func.func @reassociable(
// CHECK-NOT: vector.reduction
// VEC-LABEL: func.func @reassociable(
// VEC-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32>, %[[X:[a-z0-9]+]]: memref<?xf32>, %[[Y:[a-z0-9]+]]: memref<?xf32>)
// VEC: %[[SIZE:.*]] = arith.muli %{{.*}}, %[[M:dim[_0-9]*]] : index
// VEC: %[[LARGE:.*]] = arith.cmpi ugt, %[[SIZE]], %c2097152
// VEC: scf.if %[[LARGE]] {
// VEC: scf.for %[[I:.*]] = %{{.*}} to %[[M]] step %c1
// VEC: %[[NEXT:.*]] = arith.addi %[[I]], %{{.*}}
// VEC: %[[AHEAD:.*]] = arith.minui %[[NEXT]], %{{.*}}
// VEC: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// VEC: %[[S:.*]]:4 = scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %c16{{.*}} iter_args({{.*}} = %[[ZERO]], {{.*}}) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>)
// VEC: %[[J0:.*]] = arith.addi %[[J]], %{{.*}} : index
// VEC-NEXT: %[[X0:.*]] = vector.load %[[X]][%[[J0]]] : memref<?xf32>, vector<4xf32>
// VEC-NEXT: memref.prefetch %[[A]][%[[AHEAD]], %[[J0]]], read, locality<3>, data
// VEC-NEXT: %[[A0:.*]] = vector.load %[[A]][%[[I]], %[[J0]]] : memref<?x?xf32>, vector<4xf32>
// VEC-NEXT: arith.mulf %[[A0]], %[[X0]] fastmath<reassoc,nsz> : vector<4xf32>
// VEC-COUNT-4: arith.addf {{.*}} : vector<4xf32>
// VEC: scf.yield
// VEC: %[[W:.*]]:4 = scf.for %[[J1:.*]] = %{{.*}} iter_args({{.*}} = %[[S]]#0, {{.*}}) -> (vector<4xf32>, {{.*}})
// VEC-NEXT: memref.prefetch %[[A]][%[[AHEAD]], %[[J1]]]
// VEC-NEXT: vector.load %[[X]][%[[J1]]]
// VEC-NEXT: vector.load %[[A]][%[[I]], %[[J1]]]
// VEC: %[[T:.*]]:4 = scf.for %{{.*}} iter_args({{.*}} = %[[W]]#0, {{.*}}) -> (vector<4xf32>, {{.*}})
// VEC: vector.create_mask %{{.*}} : vector<4xi1>
// VEC: vector.maskedload %[[X]]
// VEC: vector.maskedload %[[A]][%[[I]],
// VEC: %[[L0:.*]] = arith.addf %[[T]]#0, %[[T]]#1 fastmath<reassoc,nsz> : vector<4xf32>
// VEC-NEXT: %[[L1:.*]] = arith.addf %[[L0]], %[[T]]#2
// VEC-NEXT: %[[L2:.*]] = arith.addf %[[L1]], %[[T]]#3
// VEC-NEXT: %[[R0:.*]] = vector.reduction <add>, %[[L2]] fastmath<reassoc,nsz> : vector<4xf32> into f32
// VEC-NEXT: %[[Y0:.*]] = memref.load %[[Y]][%[[I]]]
// VEC-NEXT: %[[N0:.*]] = arith.addf %[[Y0]], %[[R0]] fastmath<reassoc,nsz> : f32
// VEC-NEXT: memref.store %[[N0]], %[[Y]][%[[I]]]
// A matrix that may sit in L2 is read without the prefetches.
// VEC: } else {
// VEC-NOT: memref.prefetch
// VEC: vector.reduction
// VEC: }
// VEC-NOT: linalg.generic
// With stream-vector-bits, beyond prefetch-above-bytes on narrower vectors.
// STREAM-LABEL: func.func @reassociable(
// STREAM: %[[LARGE:.*]] = arith.cmpi ugt, %{{.*}}, %c2097152
// STREAM: scf.if %[[LARGE]] {
// STREAM: %[[HUGE:.*]] = arith.cmpi ugt, %{{.*}}, %c4194304
// STREAM: scf.if %[[HUGE]] {
// STREAM-NOT: vector<8xf32>
// STREAM: memref.prefetch
// STREAM-NEXT: vector.load %{{.*}} : memref<?x?xf32>, vector<4xf32>
// STREAM-NOT: vector<8xf32>
// STREAM: vector.reduction <add>, %{{.*}} : vector<4xf32> into f32
// STREAM: } else {
// STREAM-NOT: vector<4xf32>
// STREAM: memref.prefetch
// STREAM-NEXT: vector.load %{{.*}} : memref<?x?xf32>, vector<8xf32>
// STREAM-NOT: vector<4xf32>
// STREAM: vector.reduction <add>, %{{.*}} : vector<8xf32> into f32
// STREAM: } else {
// STREAM-NOT: memref.prefetch
// STREAM: vector.reduction <add>, %{{.*}} : vector<8xf32> into f32
func.func @reassociable(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b fastmath<reassoc,nsz> : f32
    %r = arith.addf %p, %c fastmath<reassoc,nsz> : f32
    linalg.yield %r : f32
  }
  return
}

// Not summed along j: the add lacks nsz (the exact kernel, rows as lanes),
// and a body that reads the output twice (y * y + a * x is no sum of terms).
// VEC-LABEL: func.func @not_reassociable(
// VEC-NOT: vector.reduction
// VEC: vector.shuffle
// VEC-LABEL: func.func @output_read_twice(
// VEC-NOT: vector.reduction
// VEC: vector.shuffle
func.func @not_reassociable(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b fastmath<reassoc,nsz> : f32
    %r = arith.addf %p, %c fastmath<reassoc> : f32
    linalg.yield %r : f32
  }
  return
}

func.func @output_read_twice(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b fastmath<reassoc,nsz> : f32
    %q = arith.mulf %c, %c fastmath<reassoc,nsz> : f32
    %r = llvm.intr.fmuladd(%a, %b, %q) {fastmathFlags = #llvm.fastmath<reassoc, nsz>} : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// The transposed product: j outside, a block of 256 outputs inside, read
// from and written to memory in place (the loop vectorizes along A's row).
// CHECK-LABEL: func.func @transposed(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32>, %[[X:[a-z0-9]+]]: memref<?xf32>, %[[Y:[a-z0-9]+]]: memref<?xf32>)
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: scf.for %[[I0:.*]] = %{{.*}} to %[[M:.*]] step %[[C256]] {
// CHECK: %[[END:.*]] = arith.minui %{{.*}}, %[[M]]
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[XJ:.*]] = memref.load %[[X]][%[[J]]]
// CHECK: scf.for %[[I:.*]] = %[[I0]] to %[[END]] step %{{.*}} {
// CHECK-NEXT: %[[AJI:.*]] = memref.load %[[A]][%[[J]], %[[I]]]
// CHECK-NEXT: %[[YI:.*]] = memref.load %[[Y]][%[[I]]]
// CHECK-NEXT: %[[R:.*]] = llvm.intr.fmuladd(%[[AJI]], %[[XJ]], %[[YI]])
// CHECK-NEXT: memref.store %[[R]], %[[Y]][%[[I]]]
// CHECK-NOT: linalg.generic
//
// On vectors: each row of A updates the block's whole vectors of outputs,
// then the outputs after the last whole vector one at a time.
// VEC-LABEL: func.func @transposed(
// VEC-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32>, %[[X:[a-z0-9]+]]: memref<?xf32>, %[[Y:[a-z0-9]+]]: memref<?xf32>)
// VEC: scf.for %[[I0:.*]] = %{{.*}} to %[[M:.*]] step %c256 {
// VEC: %[[END:.*]] = arith.minui %{{.*}}, %[[M]]
// VEC: %[[VEND:.*]] = arith.addi %[[I0]],
// VEC: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// VEC: %[[XJ:.*]] = memref.load %[[X]][%[[J]]]
// VEC: %[[XS:.*]] = vector.broadcast %[[XJ]] : f32 to vector<4xf32>
// VEC: scf.for %[[I:.*]] = %[[I0]] to %[[VEND]] step %c4{{.*}} {
// VEC-NEXT: %[[AJI:.*]] = vector.load %[[A]][%[[J]], %[[I]]] : memref<?x?xf32>, vector<4xf32>
// VEC-NEXT: %[[YI:.*]] = vector.load %[[Y]][%[[I]]] : memref<?xf32>, vector<4xf32>
// VEC-NEXT: %[[R:.*]] = llvm.intr.fmuladd(%[[AJI]], %[[XS]], %[[YI]])
// VEC-NEXT: vector.store %[[R]], %[[Y]][%[[I]]]
// VEC: scf.for %[[I:.*]] = %[[VEND]] to %[[END]] step %{{.*}} {
// VEC-NEXT: memref.load %[[A]][%[[J]], %[[I]]] : memref<?x?xf32>
// VEC-NEXT: memref.load %[[Y]][%[[I]]] : memref<?xf32>
// VEC-NEXT: llvm.intr.fmuladd(%{{.*}}, %[[XJ]], %{{.*}}) : (f32, f32, f32) -> f32
func.func @transposed(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// Not tiled: the transposed product's output is also its vector.
// CHECK-LABEL: func.func @transposed_output_is_input(
// CHECK-NOT: scf.for
// CHECK: linalg.generic
func.func @transposed_output_is_input(%A: memref<?x?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %y : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// gemver's first two statements: an element-wise update of A, then the
// transposed product over the same rows and columns. The first block of
// outputs updates each row of A just before reading it; the update's own
// nest is gone.
// CHECK-LABEL: func.func @row_update(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32>, %[[U:[a-z0-9]+]]: memref<?xf32>, %[[V:[a-z0-9]+]]: memref<?xf32>, %[[X:[a-z0-9]+]]: memref<?xf32>, %[[Y:[a-z0-9]+]]: memref<?xf32>, %[[N:[a-z0-9]+]]: index)
// CHECK-NOT: affine.for
// CHECK: scf.for %[[I0:.*]] = %{{.*}} to %{{.*}} step %c256 {
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[I0]], %{{.*}} : index
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT: %[[OLD:.*]] = memref.load %[[A]][%[[J]], %[[C]]]
// CHECK-NEXT: %[[UJ:.*]] = memref.load %[[U]][%[[J]]]
// CHECK-NEXT: %[[VC:.*]] = memref.load %[[V]][%[[C]]]
// CHECK-NEXT: %[[NEW:.*]] = llvm.intr.fmuladd(%[[UJ]], %[[VC]], %[[OLD]])
// CHECK-NEXT: memref.store %[[NEW]], %[[A]][%[[J]], %[[C]]]
// CHECK-NOT: loop_annotation
// CHECK: }
// CHECK: }
// CHECK: memref.load %{{.*}}[%[[J]]]
// CHECK: scf.for
// CHECK: memref.load %{{.*}}[%[[J]], %{{.*}}]
// CHECK-NOT: affine.for
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @row_update(%A: memref<?x?xf32>, %u: memref<?xf32>, %v: memref<?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  affine.for %r = 0 to %n {
    affine.for %c = 0 to %n {
      %old = affine.load %A[%r, %c] : memref<?x?xf32>
      %ur = affine.load %u[%r] : memref<?xf32>
      %vc = affine.load %v[%c] : memref<?xf32>
      %new = llvm.intr.fmuladd(%ur, %vc, %old) : (f32, f32, f32) -> f32
      affine.store %new, %A[%r, %c] : memref<?x?xf32>
    }
  }
  %size = affine.max affine_map<()[s0] -> (s0, 0)>()[%n]
  %a = memref.subview %A[0, 0] [%size, %size] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %xs = memref.subview %x[0] [%size] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
  %ys = memref.subview %y[0] [%size] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a, %xs : memref<?x?xf32, strided<[?, 1]>>, memref<?xf32, strided<[1]>>) outs(%ys : memref<?xf32, strided<[1]>>) {
  ^bb0(%e: f32, %b: f32, %o: f32):
    %r = llvm.intr.fmuladd(%e, %b, %o) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// Not run inside the product: the update reads the element below the one
// it writes (a row the product has not reached yet would be read updated),
// reads the product's output, or covers other rows than the product reads.
// CHECK-LABEL: func.func @row_update_not_fused(
// CHECK: affine.for
// CHECK: affine.store
// CHECK: scf.for
// CHECK-NOT: scf.if
// CHECK: affine.for
// CHECK: affine.store
// CHECK: scf.for
// CHECK-NOT: scf.if
// CHECK: affine.for
// CHECK: affine.store
// CHECK: scf.for
// CHECK-NOT: scf.if
// CHECK: return
func.func @row_update_not_fused(%A: memref<?x?xf32>, %u: memref<?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %n: index, %m: index) {
  affine.for %r = 0 to %n {
    affine.for %c = 0 to %n {
      %old = affine.load %A[%r, %c] : memref<?x?xf32>
      %below = affine.load %A[%r + 1, %c] : memref<?x?xf32>
      %new = arith.addf %old, %below : f32
      affine.store %new, %A[%r, %c] : memref<?x?xf32>
    }
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%e: f32, %b: f32, %o: f32):
    %r = llvm.intr.fmuladd(%e, %b, %o) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  affine.for %r = 0 to %n {
    affine.for %c = 0 to %n {
      %old = affine.load %A[%r, %c] : memref<?x?xf32>
      %yc = affine.load %y[%c] : memref<?xf32>
      %new = arith.addf %old, %yc : f32
      affine.store %new, %A[%r, %c] : memref<?x?xf32>
    }
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%e: f32, %b: f32, %o: f32):
    %r = llvm.intr.fmuladd(%e, %b, %o) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  affine.for %r = 0 to %m {
    affine.for %c = 0 to %n {
      %old = affine.load %A[%r, %c] : memref<?x?xf32>
      %uc = affine.load %u[%c] : memref<?xf32>
      %new = arith.addf %old, %uc : f32
      affine.store %new, %A[%r, %c] : memref<?x?xf32>
    }
  }
  %size = affine.max affine_map<()[s0] -> (s0, 0)>()[%n]
  %a = memref.subview %A[0, 0] [%size, %size] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %xs = memref.subview %x[0] [%size] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
  %ys = memref.subview %y[0] [%size] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a, %xs : memref<?x?xf32, strided<[?, 1]>>, memref<?xf32, strided<[1]>>) outs(%ys : memref<?xf32, strided<[1]>>) {
  ^bb0(%e: f32, %b: f32, %o: f32):
    %r = llvm.intr.fmuladd(%e, %b, %o) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// Not tiled: the output is also the vector.
// CHECK-LABEL: func.func @output_is_input(
// CHECK-NOT: scf.for
// CHECK: linalg.generic
func.func @output_is_input(%A: memref<?x?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %y : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// Not tiled: a reduction over two loops (a GEMM is raise-tile-matmul's).
// CHECK-LABEL: func.func @gemm(
// CHECK-NOT: scf.for
// CHECK: linalg.generic
func.func @gemm(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// A matrix whose rows are not contiguous (every other element): scalar
// kernels, even with vector-bits. Without a size to compare with, one row
// after another, as the source runs them; with one, four rows side by side
// only where the matrix spans at most that many bytes and its rows hold at
// least 32 elements.
// CHECK-LABEL: func.func @strided_rows(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32, strided<[?, 2]>>
// CHECK-NOT: scf.if
// CHECK: scf.for %[[I:.*]] = %c0{{.*}} to %{{.*}} step %c1{{.*}} {
// CHECK: %[[ROW:.*]] = arith.addi %[[I]]
// CHECK: memref.load %{{.*}}[%[[ROW]]] : memref<?xf32>
// CHECK: scf.for %[[J:[a-z0-9]+]] = {{.*}} -> (f32)
// CHECK: memref.load %[[A]][%[[ROW]], %[[J]]]
// CHECK-NOT: linalg.generic
// CHECK: return
// VEC-LABEL: func.func @strided_rows(
// VEC-NOT: vector.
// VEC: scf.for {{.*}} -> (f32)
// VEC-NOT: vector.
// VEC: return
// STRIDED-LABEL: func.func @strided_rows(
// STRIDED: %[[LARGE:.*]] = arith.cmpi ugt, %{{.*}}, %c4194304
// STRIDED: %[[INCACHE:.*]] = arith.xori %[[LARGE]], %true
// STRIDED: %[[LONG:.*]] = arith.cmpi uge, %{{.*}}, %c32
// STRIDED: %[[BOTH:.*]] = arith.andi %[[INCACHE]], %[[LONG]]
// STRIDED: scf.if %[[BOTH]] {
// STRIDED: scf.for %{{.*}} = %c0{{.*}} to %{{.*}} step %c4{{.*}} {
// STRIDED: scf.for {{.*}} -> (f32, f32, f32, f32)
// STRIDED: } else {
// STRIDED: scf.for %{{.*}} = %c0{{.*}} to %{{.*}} step %c1{{.*}} {
// STRIDED: scf.for {{.*}} -> (f32) {
// STRIDED-NOT: linalg.generic
// STRIDED: return
func.func @strided_rows(%A: memref<?x?xf32, strided<[?, 2]>>, %x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf32, strided<[?, 2]>>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// Scalar kernels even with vector-bits: the body holds a constant, which
// does not run lane-wise.
// CHECK-LABEL: func.func @constant_in_body(
// VEC-LABEL: func.func @constant_in_body(
// VEC-NOT: vector.
// VEC: arith.constant 2.000000e+00 : f32
// VEC-NOT: vector.
// VEC: return
func.func @constant_in_body(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %two = arith.constant 2.0 : f32
    %m = arith.mulf %a, %two : f32
    %r = llvm.intr.fmuladd(%m, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// atax: tmp = A x, then y = A^T tmp, on vectors: one loop over blocks of
// rows, each computing its rows of tmp and then adding those rows of A,
// times tmp, to y, row by row: A is read once from memory. Scalar kernels
// are not fused.
// CHECK-LABEL: func.func @atax(
// CHECK-COUNT-2: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c4 {
// VEC-LABEL: func.func @atax(
// VEC-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32>, %[[X:[a-z0-9]+]]: memref<?xf32>, %[[TMP:[a-z0-9]+]]: memref<?xf32>, %[[Y:[a-z0-9]+]]: memref<?xf32>)
// VEC: scf.for %[[I0:.*]] = %{{.*}} to %{{.*}} step %c4
// VEC: vector.load %[[TMP]][%[[I0]]]
// VEC: vector.store %{{.*}}, %[[TMP]][%[[I0]]]
// VEC: scf.for %[[ROW:.*]] = %[[I0]] to %{{.*}} step %c1
// VEC-NEXT: %[[T:.*]] = memref.load %[[TMP]][%[[ROW]]]
// VEC-NEXT: %[[TS:.*]] = vector.broadcast %[[T]]
// VEC: scf.for %[[J:.*]] = %{{.*}} step %c4
// VEC-NEXT: %[[AV:.*]] = vector.load %[[A]][%[[ROW]], %[[J]]]
// VEC-NEXT: %[[YV:.*]] = vector.load %[[Y]][%[[J]]]
// VEC-NEXT: llvm.intr.fmuladd(%[[AV]], %[[TS]], %[[YV]])
// The remaining rows: one row of tmp, then its row of A into y.
// VEC: scf.for {{.*}} -> (f32)
// VEC: memref.store %{{.*}}, %[[TMP]]
// VEC: memref.load %[[TMP]]
// VEC-NOT: linalg.generic
// VEC: return
func.func @atax(%A: memref<?x?xf32>, %x: memref<?xf32>, %tmp: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf32>, memref<?xf32>) outs(%tmp : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(j, i) -> (i, j)>, affine_map<(j, i) -> (i)>, affine_map<(j, i) -> (j)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %tmp : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// atax in f64 whose operations may reassociate (-ffast-math): the fused
// kernel, which never reassociates, keeps full vectors from memory too;
// only the reassociating kernel of a lone f64 product narrows them
// (stream-vector-bits, as @scaled shows for the exact one).
// STREAM-LABEL: func.func @atax_fast_f64(
// STREAM-NOT: vector<2xf64>
// STREAM: vector<4xf64>
// STREAM-NOT: vector<2xf64>
// STREAM: return
func.func @atax_fast_f64(%A: memref<?x?xf64>, %x: memref<?xf64>, %tmp: memref<?xf64>, %y: memref<?xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf64>, memref<?xf64>) outs(%tmp : memref<?xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %m = arith.mulf %a, %b fastmath<fast> : f64
    %r = arith.addf %m, %c fastmath<fast> : f64
    linalg.yield %r : f64
  }
  linalg.generic {indexing_maps = [affine_map<(j, i) -> (i, j)>, affine_map<(j, i) -> (i)>, affine_map<(j, i) -> (j)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %tmp : memref<?x?xf64>, memref<?xf64>) outs(%y : memref<?xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %m = arith.mulf %a, %b fastmath<fast> : f64
    %r = arith.addf %m, %c fastmath<fast> : f64
    linalg.yield %r : f64
  }
  return
}

// The first of them alone: its reassociating kernel takes vectors of 2 from
// memory.
// STREAM-LABEL: func.func @matvec_fast_f64(
// STREAM: scf.if
// STREAM: vector<2xf64>
// STREAM: return
func.func @matvec_fast_f64(%A: memref<?x?xf64>, %x: memref<?xf64>, %tmp: memref<?xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf64>, memref<?xf64>) outs(%tmp : memref<?xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %m = arith.mulf %a, %b fastmath<fast> : f64
    %r = arith.addf %m, %c fastmath<fast> : f64
    linalg.yield %r : f64
  }
  return
}

// bicg: s = A^T r, then q = A p, independent, with views between them: fused
// in place of the second.
// VEC-LABEL: func.func @bicg(
// VEC-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32>, %[[R:[a-z0-9]+]]: memref<?xf32>, %[[S:[a-z0-9]+]]: memref<?xf32>, %[[P:[a-z0-9]+]]: memref<?xf32>, %[[Q:[a-z0-9]+]]: memref<?xf32>)
// VEC: memref.subview %[[Q]]
// VEC: scf.for %[[I0:.*]] = %{{.*}} to %{{.*}} step %c4
// VEC: vector.store %{{.*}}, %{{.*}}[%[[I0]]]
// VEC: scf.for %[[ROW:.*]] = %[[I0]] to %{{.*}} step %c1
// VEC-NEXT: memref.load %[[R]][%[[ROW]]]
// VEC-NOT: linalg.generic
// VEC: return
func.func @bicg(%A: memref<?x?xf32>, %rv: memref<?xf32>, %s: memref<?xf32>, %p: memref<?xf32>, %q: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(j, i) -> (i, j)>, affine_map<(j, i) -> (i)>, affine_map<(j, i) -> (j)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %rv : memref<?x?xf32>, memref<?xf32>) outs(%s : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %b, %a : f32
    %r2 = arith.addf %c, %m : f32
    linalg.yield %r2 : f32
  }
  %c0 = arith.constant 0 : index
  %n = memref.dim %q, %c0 : memref<?xf32>
  %qv = memref.subview %q[0] [%n] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %p : memref<?x?xf32>, memref<?xf32>) outs(%qv : memref<?xf32, strided<[1]>>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// Not fused: the transposed product comes first and reads the old values of
// what the row-wise product writes.
// VEC-LABEL: func.func @reads_before_written(
// VEC: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c256 {
// VEC: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c4 {
// VEC: return
func.func @reads_before_written(%A: memref<?x?xf32>, %x: memref<?xf32>, %tmp: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(j, i) -> (i, j)>, affine_map<(j, i) -> (i)>, affine_map<(j, i) -> (j)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %tmp : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf32>, memref<?xf32>) outs(%tmp : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// Not fused: a store between the two products.
// VEC-LABEL: func.func @store_between(
// VEC: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c4 {
// VEC: memref.store %{{[a-z0-9]+}}, %{{[a-z0-9]+}}[%c0{{[_0-9]*}}] : memref<?xf32>
// VEC: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c256 {
// VEC: return
func.func @store_between(%A: memref<?x?xf32>, %x: memref<?xf32>, %tmp: memref<?xf32>, %y: memref<?xf32>, %v: f32) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf32>, memref<?xf32>) outs(%tmp : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  %c0 = arith.constant 0 : index
  memref.store %v, %y[%c0] : memref<?xf32>
  linalg.generic {indexing_maps = [affine_map<(j, i) -> (i, j)>, affine_map<(j, i) -> (i)>, affine_map<(j, i) -> (j)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %tmp : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

