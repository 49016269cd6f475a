// raise-conv-to-gemm: direct NCHW convolutions become, per image, copies
// into an im2col matrix and a contiguous output block and one GEMM-like
// generic with the convolution's own body; anything else is left alone.
//
// RUN: raise-opt %s --raise-conv-to-gemm | FileCheck %s
// RUN: raise-opt %s --linalg-generalize-named-ops --raise-conv-to-gemm | FileCheck %s --check-prefix=NAMED
// RUN: raise-opt %s --raise-conv-to-gemm --raise-tile-matmul | FileCheck %s --check-prefix=TILED

#in = affine_map<(n, f, oh, ow, c, kh, kw) -> (n, c, oh + kh, ow + kw)>
#w = affine_map<(n, f, oh, ow, c, kh, kw) -> (f, c, kh, kw)>
#out = affine_map<(n, f, oh, ow, c, kh, kw) -> (n, f, oh, ow)>

// The im2col map of @conv_khckw below (printed first).
// CHECK-DAG: #[[PERM:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d0 + d3, d2 + d4)>

// The sum over c, kh, kw as the source wrote it (fmuladd).
// CHECK-LABEL: func.func @conv(
// CHECK-SAME: %[[IN:[a-z0-9]+]]: memref<?x?x?x?xf32>, %[[W:[a-z0-9]+]]: memref<?x?x?x?xf32>, %[[OUT:[a-z0-9]+]]: memref<?x?x?x?xf32>)
// The filters packed once, F x (C, KH, KW), then seen as a matrix.
// CHECK: %[[WP:.*]] = memref.alloc({{.*}}) {alignment = 64 : i64} : memref<?x?x?x?xf32>
// CHECK: linalg.generic {{.*}} ins(%[[W]] : memref<?x?x?x?xf32>) outs(%[[WP]] : memref<?x?x?x?xf32>)
// CHECK: %[[WM:.*]] = memref.collapse_shape %[[WP]] {{\[}}[0], [1, 2, 3]]
// CHECK: %[[COL:.*]] = memref.alloc({{.*}}) {alignment = 64 : i64} : memref<?x?x?x?x?xf32>
// CHECK: %[[ACC:.*]] = memref.alloc({{.*}}) {alignment = 64 : i64} : memref<?x?x?xf32>
// CHECK: %[[CM:.*]] = memref.collapse_shape %[[COL]] {{\[}}[0, 1, 2], [3, 4]]
// CHECK: %[[AM:.*]] = memref.collapse_shape %[[ACC]] {{\[}}[0], [1, 2]]
// CHECK: scf.for %[[N:.*]] =
// CHECK: %[[OV:.*]] = memref.subview %[[OUT]][%[[N]], 0, 0, 0]
// CHECK: %[[IV:.*]] = memref.subview %[[IN]][%[[N]], 0, 0, 0]
// CHECK: linalg.generic {{.*}} ins(%[[OV]] : {{.*}}) outs(%[[ACC]] :
// CHECK: linalg.generic {indexing_maps = [#[[IM2COL:.*]], #{{.*}}], {{.*}} ins(%[[IV]] : {{.*}}) outs(%[[COL]] :
// CHECK: linalg.generic {indexing_maps = [#[[B:.*]], #[[A:.*]], #[[C:.*]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[CM]], %[[WM]] : memref<?x?xf32>, memref<?x?xf32>) outs(%[[AM]] : memref<?x?xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[Z:.*]]: f32):
// CHECK-NEXT: %[[R:.*]] = llvm.intr.fmuladd(%[[X]], %[[Y]], %[[Z]])
// CHECK-NEXT: linalg.yield %[[R]]
// CHECK: linalg.generic {{.*}} ins(%[[ACC]] : {{.*}}) outs(%[[OV]] :
// CHECK: memref.dealloc %[[ACC]]
// CHECK: memref.dealloc %[[COL]]
// CHECK: memref.dealloc %[[WP]]
// CHECK-NOT: linalg.generic
// CHECK: return
// TILED-LABEL: func.func @conv(
// TILED: scf.for
// TILED: llvm.intr.fmuladd(%{{.*}}) : (vector<
func.func @conv(%I: memref<?x?x?x?xf32>, %W: memref<?x?x?x?xf32>, %O: memref<?x?x?x?xf32>) {
  linalg.generic {indexing_maps = [#in, #w, #out],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%I, %W : memref<?x?x?x?xf32>, memref<?x?x?x?xf32>) outs(%O : memref<?x?x?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %r = llvm.intr.fmuladd(%x, %y, %z) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// The reduction loops in another order (kh, c, kw): the im2col rows follow
// it, so each sum keeps its order. The columns' map reads
// In[c][oh + kh][ow + kw] from the loops (kh, c, kw, oh, ow).
// CHECK-LABEL: func.func @conv_khckw(
// CHECK: linalg.generic {indexing_maps = [#[[PERM]], #{{.*}}]
func.func @conv_khckw(%I: memref<?x?x?x?xf64>, %W: memref<?x?x?x?xf64>, %O: memref<?x?x?x?xf64>) {
  linalg.generic {indexing_maps = [affine_map<(n, f, oh, ow, kh, c, kw) -> (n, c, oh + kh, ow + kw)>,
                                   affine_map<(n, f, oh, ow, kh, c, kw) -> (f, c, kh, kw)>,
                                   affine_map<(n, f, oh, ow, kh, c, kw) -> (n, f, oh, ow)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%I, %W : memref<?x?x?x?xf64>, memref<?x?x?x?xf64>) outs(%O : memref<?x?x?x?xf64>) {
  ^bb0(%x: f64, %y: f64, %z: f64):
    %p = arith.mulf %x, %y : f64
    %r = arith.addf %z, %p : f64
    linalg.yield %r : f64
  }
  return
}

// The named convolution, generalized first.
// NAMED-LABEL: func.func @named(
// NAMED: scf.for
// NAMED: iterator_types = ["parallel", "parallel", "reduction"]
// NAMED-NOT: linalg.conv_2d_nchw_fchw
func.func @named(%I: memref<?x?x?x?xf32>, %W: memref<?x?x?x?xf32>, %O: memref<?x?x?x?xf32>) {
  linalg.conv_2d_nchw_fchw ins(%I, %W : memref<?x?x?x?xf32>, memref<?x?x?x?xf32>) outs(%O : memref<?x?x?x?xf32>)
  return
}

// Not converted: stride 2 (in[n][c][2*oh + kh][ow + kw]).
// CHECK-LABEL: func.func @strided(
// CHECK-NOT: scf.for
// CHECK: linalg.generic
// CHECK-SAME: "reduction", "reduction", "reduction"]
func.func @strided(%I: memref<?x?x?x?xf32>, %W: memref<?x?x?x?xf32>, %O: memref<?x?x?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(n, f, oh, ow, c, kh, kw) -> (n, c, oh * 2 + kh, ow + kw)>, #w, #out],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%I, %W : memref<?x?x?x?xf32>, memref<?x?x?x?xf32>) outs(%O : memref<?x?x?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %r = llvm.intr.fmuladd(%x, %y, %z) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// Not converted: the filter's channel is not the input's (w[f][kh][c][kw]
// read with in[n][c]...: still a contraction, but the subscripts of W are
// checked against the input's).
// CHECK-LABEL: func.func @mismatched(
// CHECK-NOT: scf.for
// CHECK: linalg.generic
func.func @mismatched(%I: memref<?x?x?x?xf32>, %W: memref<?x?x?x?xf32>, %O: memref<?x?x?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(n, f, oh, ow, c, kh, kw) -> (n, kh, oh + c, ow + kw)>, #w, #out],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%I, %W : memref<?x?x?x?xf32>, memref<?x?x?x?xf32>) outs(%O : memref<?x?x?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %r = llvm.intr.fmuladd(%x, %y, %z) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}
