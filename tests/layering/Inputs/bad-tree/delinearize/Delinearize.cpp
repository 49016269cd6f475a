#include "mlir/IR/Builders.h"
#include "translate/ScopToAffine.h"
#include "polly/ScopInfo.h"
