#include "mlir/IR/Value.h"
#include "llvm/ADT/StringRef.h"
