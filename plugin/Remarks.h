//===- Remarks.h - How raise names itself in remarks ------------*- C++ -*-===//

#ifndef RAISE_PLUGIN_REMARKS_H
#define RAISE_PLUGIN_REMARKS_H

namespace raising {

/// The pass name of every remark: `-Rpass=raise`, `-Rpass-missed=raise`,
/// `-Rpass-analysis=raise`.
constexpr const char *PassName = "raise";

} // namespace raising

#endif // RAISE_PLUGIN_REMARKS_H
