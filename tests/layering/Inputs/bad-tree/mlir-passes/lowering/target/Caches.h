#include "mlir/IR/MLIRContext.h"
