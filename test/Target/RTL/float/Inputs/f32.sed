# bench/kernels' integer kernels (seed 000's stencils and conv2d-nchw, written
# in i32) in f32, as the seed runs them: element types, adds, multiplies and
# the zero. The schedules stay as they are.
s/xi32>/xf32>/g
s/arith\.addi/arith.addf/g
s/arith\.muli/arith.mulf/g
s/arith\.constant 0 : i32/arith.constant 0.0 : f32/
s/\(%[a-z0-9]* = arith\.[a-z]*f .*\) : i32$/\1 : f32/
