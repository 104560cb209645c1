//===- hcl.h - the hcl C++ front end ----------------------------*- C++ -*-===//
//
// Algorithms as tensors computed by loop nests, hardware customizations as a
// separate schedule, in the style of HeteroCL:
//
//   hcl::Tensor A = hcl::placeholder({10, 10}, "A");
//   hcl::Schedule s = hcl::create_schedule({A}, [](hcl::Tensor A) {
//     return hcl::compute({8, 8}, [&](hcl::Var i, hcl::Var j) {
//       return A(i, j + 1) + A(i + 1, j) + A(i + 2, j + 1);
//     }, "B");
//   });
//   hcl::Tensor B = s.outputs()[0];
//   hcl::Tensor LB = s.reuse_at(A, s[B], B.axis(0));
//   hcl::Module f = hcl::build(s);
//
//===----------------------------------------------------------------------===//

#ifndef HCL_FRONTEND_HCL_H
#define HCL_FRONTEND_HCL_H

#include "hcl/Frontend/Array.h"
#include "hcl/Frontend/Error.h"
#include "hcl/Frontend/Estimate.h"
#include "hcl/Frontend/Expr.h"
#include "hcl/Frontend/Imperative.h"
#include "hcl/Frontend/LoopNests.h"
#include "hcl/Frontend/Module.h"
#include "hcl/Frontend/Schedule.h"
#include "hcl/Frontend/SourceLocation.h"
#include "hcl/Frontend/Tensor.h"
#include "hcl/Frontend/Tune.h"
#include "hcl/Frontend/Type.h"

#endif // HCL_FRONTEND_HCL_H
