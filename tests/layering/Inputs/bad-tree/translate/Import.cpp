#include "plugin/Options.h"
#include "mlir/IR/Builders.h"
#include "polly/ScopInfo.h"
