//===- PrimitivesDefTest.cpp - the front ends' list matches the dialect ---===//
//
// include/hcl/Frontend/Primitives.def lists the primitives the front ends
// offer by the mnemonic of their op; the ops themselves are defined in
// HCLOps.td. These tests keep the two one list: every line names a schedule
// primitive that the engine can apply, and every schedule primitive has a
// line.
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/InitHCL.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringSet.h"

#include <gtest/gtest.h>

using namespace mlir;

namespace {

class PrimitivesDef : public ::testing::Test {
protected:
  PrimitivesDef() {
    DialectRegistry registry;
    hcl::registerHCLDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadDialect<hcl::HCLDialect>();
  }

  static std::vector<std::string> frontEndOps() {
    return {
#define HCL_PRIMITIVE(Kind, name) "hcl." #name,
#define HCL_MLIR_ONLY_PRIMITIVE(name) "hcl." #name,
#include "hcl/Frontend/Primitives.def"
    };
  }

  MLIRContext context;
};

TEST_F(PrimitivesDef, EachLineNamesASchedulePrimitive) {
  for (const std::string &name : frontEndOps()) {
    std::optional<RegisteredOperationName> op =
        RegisteredOperationName::lookup(name, &context);
    ASSERT_TRUE(op.has_value()) << name << " is not an op of the hcl dialect";
    EXPECT_TRUE(op->hasTrait<OpTrait::HCLSchedulePrimitive>())
        << name << " lacks HCL_SchedulePrimitive";
    EXPECT_TRUE(op->hasInterface<hcl::ScheduleOpInterface>())
        << name << " does not implement ScheduleOpInterface";
  }
}

TEST_F(PrimitivesDef, EachSchedulePrimitiveHasALine) {
  llvm::StringSet<> listed;
  for (const std::string &name : frontEndOps())
    listed.insert(name);
  int primitives = 0;
  for (RegisteredOperationName op : context.getRegisteredOperations()) {
    if (op.getDialectNamespace() != "hcl" ||
        !op.hasTrait<OpTrait::HCLSchedulePrimitive>())
      continue;
    ++primitives;
    EXPECT_TRUE(listed.contains(op.getStringRef()))
        << op.getStringRef().str() << " has no line in Primitives.def";
  }
  EXPECT_EQ(primitives, static_cast<int>(listed.size()));
}

} // namespace
