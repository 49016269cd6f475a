//===- Remarks.h - How raise names things in remarks -----------*- C++ -*-===//

#ifndef RAISE_PLUGIN_REMARKS_H
#define RAISE_PLUGIN_REMARKS_H

#include <string>

namespace llvm {
class Function;
} // namespace llvm

namespace raising {

/// The pass name of every remark: `-Rpass=raise`, `-Rpass-missed=raise`,
/// `-Rpass-analysis=raise`.
constexpr const char *PassName = "raise";

/// The name of @p F as the user wrote it: C++ functions demangled, without
/// the return type (`multiply<float>(Matrix<float> const&, ...)`), flang's
/// procedures with their modules and hosts (`sgemm (module blas)`), an
/// outlined body with its suffix in parentheses; other names as they are.
std::string getSourceName(const llvm::Function &F);

} // namespace raising

#endif // RAISE_PLUGIN_REMARKS_H
