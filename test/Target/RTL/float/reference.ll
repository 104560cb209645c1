; The host's own results, compiled by clang for the host CPU as the JIT
; compiles (all the CPU's features): what each float unit must reproduce.
declare float @llvm.minimum.f32(float, float)
declare double @llvm.minimum.f64(double, double)
declare float @llvm.maximum.f32(float, float)
declare double @llvm.maximum.f64(double, double)
declare float @llvm.minnum.f32(float, float)
declare double @llvm.minnum.f64(double, double)
declare float @llvm.maxnum.f32(float, float)
declare double @llvm.maxnum.f64(double, double)
declare float @llvm.sqrt.f32(float)
declare double @llvm.sqrt.f64(double)

define float @ref_fdiv(float %a, float %b) {
  %r = fdiv float %a, %b
  ret float %r
}
define double @ref_ddiv(double %a, double %b) {
  %r = fdiv double %a, %b
  ret double %r
}
define float @ref_fsqrt(float %x) {
  %r = call float @llvm.sqrt.f32(float %x)
  ret float %r
}
define double @ref_dsqrt(double %x) {
  %r = call double @llvm.sqrt.f64(double %x)
  ret double %r
}
define float @ref_fadd(float %a, float %b) {
  %r = fadd float %a, %b
  ret float %r
}
define float @ref_fsub(float %a, float %b) {
  %r = fsub float %a, %b
  ret float %r
}
define float @ref_fmul(float %a, float %b) {
  %r = fmul float %a, %b
  ret float %r
}
define double @ref_dadd(double %a, double %b) {
  %r = fadd double %a, %b
  ret double %r
}
define double @ref_dsub(double %a, double %b) {
  %r = fsub double %a, %b
  ret double %r
}
define double @ref_dmul(double %a, double %b) {
  %r = fmul double %a, %b
  ret double %r
}
define float @ref_minimumf(float %a, float %b) {
  %r = call float @llvm.minimum.f32(float %a, float %b)
  ret float %r
}
define float @ref_maximumf(float %a, float %b) {
  %r = call float @llvm.maximum.f32(float %a, float %b)
  ret float %r
}
define float @ref_minnumf(float %a, float %b) {
  %r = call float @llvm.minnum.f32(float %a, float %b)
  ret float %r
}
define float @ref_maxnumf(float %a, float %b) {
  %r = call float @llvm.maxnum.f32(float %a, float %b)
  ret float %r
}
define float @ref_sitofp_i32(i32 %x) {
  %r = sitofp i32 %x to float
  ret float %r
}
define float @ref_uitofp_i32(i32 %x) {
  %r = uitofp i32 %x to float
  ret float %r
}
define float @ref_sitofp_i64(i64 %x) {
  %r = sitofp i64 %x to float
  ret float %r
}
define float @ref_uitofp_i64(i64 %x) {
  %r = uitofp i64 %x to float
  ret float %r
}
define double @ref_sitofp_i32_f64(i32 %x) {
  %r = sitofp i32 %x to double
  ret double %r
}
define i32 @ref_fptosi_i32(float %x) {
  %r = fptosi float %x to i32
  ret i32 %r
}
define i32 @ref_fptoui_i32(float %x) {
  %r = fptoui float %x to i32
  ret i32 %r
}
define i64 @ref_fptosi_i64(float %x) {
  %r = fptosi float %x to i64
  ret i64 %r
}
define double @ref_uitofp_i32_f64(i32 %x) {
  %r = uitofp i32 %x to double
  ret double %r
}
define double @ref_sitofp_i64_f64(i64 %x) {
  %r = sitofp i64 %x to double
  ret double %r
}
define double @ref_uitofp_i64_f64(i64 %x) {
  %r = uitofp i64 %x to double
  ret double %r
}
define i64 @ref_fptoui_i64(float %x) {
  %r = fptoui float %x to i64
  ret i64 %r
}
define i32 @ref_fptosi_f64_i32(double %x) {
  %r = fptosi double %x to i32
  ret i32 %r
}
define i32 @ref_fptoui_f64_i32(double %x) {
  %r = fptoui double %x to i32
  ret i32 %r
}
define i64 @ref_fptosi_f64_i64(double %x) {
  %r = fptosi double %x to i64
  ret i64 %r
}
define i64 @ref_fptoui_f64_i64(double %x) {
  %r = fptoui double %x to i64
  ret i64 %r
}
define double @ref_dminimum(double %a, double %b) {
  %r = call double @llvm.minimum.f64(double %a, double %b)
  ret double %r
}
define double @ref_dmaximum(double %a, double %b) {
  %r = call double @llvm.maximum.f64(double %a, double %b)
  ret double %r
}
define double @ref_dminnum(double %a, double %b) {
  %r = call double @llvm.minnum.f64(double %a, double %b)
  ret double %r
}
define double @ref_dmaxnum(double %a, double %b) {
  %r = call double @llvm.maxnum.f64(double %a, double %b)
  ret double %r
}
define double @ref_fpext(float %x) {
  %r = fpext float %x to double
  ret double %r
}
define float @ref_fptrunc(double %x) {
  %r = fptrunc double %x to float
  ret float %r
}
define i32 @ref_fcmp_false(float %a, float %b) {
  %c = fcmp false float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_dcmp_false(double %a, double %b) {
  %c = fcmp false double %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_fcmp_oeq(float %a, float %b) {
  %c = fcmp oeq float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_dcmp_oeq(double %a, double %b) {
  %c = fcmp oeq double %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_fcmp_ogt(float %a, float %b) {
  %c = fcmp ogt float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_dcmp_ogt(double %a, double %b) {
  %c = fcmp ogt double %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_fcmp_oge(float %a, float %b) {
  %c = fcmp oge float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_dcmp_oge(double %a, double %b) {
  %c = fcmp oge double %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_fcmp_olt(float %a, float %b) {
  %c = fcmp olt float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_dcmp_olt(double %a, double %b) {
  %c = fcmp olt double %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_fcmp_ole(float %a, float %b) {
  %c = fcmp ole float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_dcmp_ole(double %a, double %b) {
  %c = fcmp ole double %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_fcmp_one(float %a, float %b) {
  %c = fcmp one float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_dcmp_one(double %a, double %b) {
  %c = fcmp one double %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_fcmp_ord(float %a, float %b) {
  %c = fcmp ord float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_dcmp_ord(double %a, double %b) {
  %c = fcmp ord double %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_fcmp_uno(float %a, float %b) {
  %c = fcmp uno float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_dcmp_uno(double %a, double %b) {
  %c = fcmp uno double %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_fcmp_ueq(float %a, float %b) {
  %c = fcmp ueq float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_dcmp_ueq(double %a, double %b) {
  %c = fcmp ueq double %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_fcmp_ugt(float %a, float %b) {
  %c = fcmp ugt float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_dcmp_ugt(double %a, double %b) {
  %c = fcmp ugt double %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_fcmp_uge(float %a, float %b) {
  %c = fcmp uge float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_dcmp_uge(double %a, double %b) {
  %c = fcmp uge double %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_fcmp_ult(float %a, float %b) {
  %c = fcmp ult float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_dcmp_ult(double %a, double %b) {
  %c = fcmp ult double %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_fcmp_ule(float %a, float %b) {
  %c = fcmp ule float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_dcmp_ule(double %a, double %b) {
  %c = fcmp ule double %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_fcmp_une(float %a, float %b) {
  %c = fcmp une float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_dcmp_une(double %a, double %b) {
  %c = fcmp une double %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_fcmp_true(float %a, float %b) {
  %c = fcmp true float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
define i32 @ref_dcmp_true(double %a, double %b) {
  %c = fcmp true double %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
