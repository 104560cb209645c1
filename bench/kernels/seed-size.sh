#!/bin/sh
# Print one of bench/kernels' programs at the size seed 000's Vivado HLS runs
# used (the HeteroCL programs of its experiments), schedule unchanged.
#
#   bench/kernels/seed-size.sh KERNEL [f32]
#
# KERNEL is a file name without .mlir (blur, blur_lb, five_point, ...). With
# f32, the integer kernels are written in f32 too (test/Target/RTL/float/
# Inputs/f32.sed); the seed ran blur, 5point and diag3d in i32 and
# conv2d-nchw, gemm and conv2d in f32.
#
# Sizes (bench/kernels uses smaller ones so that its checks stay fast):
#   blur          A 1024x1024, B 1024x1022
#   5point        A 32x32, B 30x30
#   diag3d        A 34x32x30, B 32x30x28
#   conv2d-nchw   A 4x6x8x8, F 16x6x3x3, B 4x16x6x6
#   gemm          A 1024x512, B 512x1024, C 1024x1024
#   conv2d        A 1x3x32x32, F 6x3x3x3, B 1x6x30x30 (the seed's has no n)
set -e
here=$(dirname "$0")
kernel=$1
file="$here/$kernel.mlir"
[ -f "$file" ] || { echo "seed-size.sh: no kernel $file" >&2; exit 1; }

case $kernel in
blur | blur_lb)
  sizes='s/64x66x/1024x1024x/g; s/64x64x/1024x1022x/g
         s/%i = 0 to 64/%i = 0 to 1024/; s/%j = 0 to 64/%j = 0 to 1022/' ;;
five_point | five_point_lb_wb)
  sizes='s/10x10x/32x32x/g; s/8x8x/30x30x/g; s/3x10x/3x32x/g
         s/= 0 to 8 /= 0 to 30 /g' ;;
diag3d | diag3d_xyz)
  sizes='s/18x18x18x/34x32x30x/g; s/16x16x16x/32x30x28x/g
         s/3x18x18x/3x32x30x/g; s/3x3x18x/3x3x30x/g
         s/%x = 0 to 16/%x = 0 to 32/; s/%y = 0 to 16/%y = 0 to 30/
         s/%z = 0 to 16/%z = 0 to 28/' ;;
conv2d_nchw | conv2d_nchw_lb | conv2d_nchw_lb_wb)
  sizes='s/1x8x18x18x/4x6x8x8x/g; s/8x8x3x3x/16x6x3x3x/g
         s/1x8x16x16x/4x16x6x6x/g; s/8x3x18x/6x3x8x/g; s/8x3x3x/6x3x3x/g
         s/%n = 0 to 1 /%n = 0 to 4 /; s/%c = 0 to 8 /%c = 0 to 16 /
         s/%h = 0 to 16 /%h = 0 to 6 /; s/%w = 0 to 16 /%w = 0 to 6 /
         s/%rc = 0 to 8 /%rc = 0 to 6 /' ;;
gemm | gemm_buffer | gemm_acc)
  sizes='s/64x32x/1024x512x/g; s/32x64x/512x1024x/g; s/64x64x/1024x1024x/g
         s/<64xf32>/<1024xf32>/g
         s/%i = 0 to 64/%i = 0 to 1024/; s/%j = 0 to 64/%j = 0 to 1024/
         s/%k = 0 to 32/%k = 0 to 512/' ;;
conv2d | conv2d_acc)
  sizes='s/1x8x18x18x/1x3x32x32x/g; s/8x8x3x3x/6x3x3x3x/g
         s/1x8x16x16x/1x6x30x30x/g; s/<16xf32>/<30xf32>/g
         s/%c = 0 to 8 /%c = 0 to 6 /; s/%h = 0 to 16 /%h = 0 to 30 /
         s/%w = 0 to 16 /%w = 0 to 30 /; s/%rc = 0 to 8 /%rc = 0 to 3 /' ;;
*)
  echo "seed-size.sh: no seed size for $kernel" >&2; exit 1 ;;
esac

if [ "$2" = f32 ]; then
  sed -e "$sizes" "$file" |
    sed -f "$here/../../test/Target/RTL/float/Inputs/f32.sed"
else
  sed -e "$sizes" "$file"
fi
