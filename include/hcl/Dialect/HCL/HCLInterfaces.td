//===- HCLInterfaces.td - what a schedule primitive implements -*- tablegen -*-===//
//
// The customization engine (--hcl-apply-customizations) knows schedule
// primitives only through this interface, as MLIR's transform interpreter
// knows transform ops through `TransformOpInterface`. Adding a primitive is
// an op definition in HCLOps.td with the `HCL_SchedulePrimitive` trait plus
// its `apply` in lib/Transforms/<Primitive>.cpp (docs/contributing.md).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_INTERFACES_TD
#define HCL_INTERFACES_TD

include "mlir/IR/OpBase.td"

def HCL_ScheduleOpInterface : OpInterface<"ScheduleOpInterface"> {
  let cppNamespace = "::hcl";
  let description = [{
    A schedule primitive: an `hcl` operation that rewrites the function it
    is in when the schedule is applied, then is erased. The dialect promises
    the interface for every op with the `HCL_SchedulePrimitive` trait; the
    implementation lives with the primitive in lib/Transforms and is attached
    by `hcl::registerSchedulePrimitives` (hcl/Transforms/Passes.h), so that
    the dialect does not depend on the transformations.
  }];
  let methods = [
    InterfaceMethod<[{
        Applies the primitive to the IR of its function, resolving handles
        through `ctx`. On failure the primitive has emitted a located error
        on this operation and has left the IR as it found it or, where it
        cannot, in a state that is only reported, never lowered.
      }],
      "::mlir::LogicalResult", "apply",
      (ins "::hcl::ScheduleContext &":$ctx)>,
  ];
}

#endif // HCL_INTERFACES_TD
