// Convolutions for raise-lower-tuned-exact-conv.mlir: NCHW, f32 with the
// source's fmuladd body and f64 with a multiply and an add, reductions in
// the order (c, kh, kw) and (kh, c, kw).
#in = affine_map<(n, f, oh, ow, c, kh, kw) -> (n, c, oh + kh, ow + kw)>
#w = affine_map<(n, f, oh, ow, c, kh, kw) -> (f, c, kh, kw)>
#out = affine_map<(n, f, oh, ow, c, kh, kw) -> (n, f, oh, ow)>

func.func @conv_f32(%I: memref<?x?x?x?xf32>, %W: memref<?x?x?x?xf32>, %O: memref<?x?x?x?xf32>) {
  linalg.generic {indexing_maps = [#in, #w, #out],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%I, %W : memref<?x?x?x?xf32>, memref<?x?x?x?xf32>) outs(%O : memref<?x?x?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %r = llvm.intr.fmuladd(%x, %y, %z) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

func.func @conv_f64_khckw(%I: memref<?x?x?x?xf64>, %W: memref<?x?x?x?xf64>, %O: memref<?x?x?x?xf64>) {
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
