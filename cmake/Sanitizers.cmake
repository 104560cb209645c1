# HCL_SANITIZE: build hcl's own code (libraries, tools, tests, the Python
# extension) with the compiler's sanitizers, e.g.
#   cmake -S . -B build-asan -DHCL_SANITIZE="address;undefined"
# scripts/sanitize.sh configures such a build and runs the suite under it;
# docs/sanitizers.md says what runs, what is left out and why.
# LLVM/MLIR come from Debian's shared libraries and stay uninstrumented: the
# reports are about hcl's code and what it does with LLVM's objects.
set(HCL_SANITIZE "" CACHE STRING
    "Sanitizers for hcl's own code: a list of address, undefined, leak (docs/sanitizers.md)")

if(HCL_SANITIZE)
  foreach(sanitizer IN LISTS HCL_SANITIZE)
    if(NOT sanitizer MATCHES "^(address|undefined|leak)$")
      message(FATAL_ERROR "HCL_SANITIZE: unknown sanitizer '${sanitizer}' "
                          "(expected a list of address, undefined, leak)")
    endif()
  endforeach()
  list(JOIN HCL_SANITIZE "," hcl_sanitizers)
  message(STATUS "hcl is built with -fsanitize=${hcl_sanitizers}")

  # Frame pointers give ASan's allocation and free stacks their callers
  # cheaply (it unwinds with them, not with DWARF).
  set(hcl_sanitize_flags -fsanitize=${hcl_sanitizers} -fno-omit-frame-pointer)
  if("undefined" IN_LIST HCL_SANITIZE)
    # A report must fail the test that triggers it instead of scrolling past
    # in a log nobody reads.
    list(APPEND hcl_sanitize_flags -fno-sanitize-recover=undefined)
    # The vptr check needs the type information of every polymorphic class
    # it meets, and LLVM/MLIR are built without RTTI (undefined typeinfo for
    # their classes at link time).
    list(APPEND hcl_sanitize_flags -fno-sanitize=vptr)
  endif()
  add_compile_options(${hcl_sanitize_flags})
  # Shared libraries link the runtime too, so that libhcl.so and the Python
  # extension carry their sanitizer runtime as a dependency.
  add_link_options(-fsanitize=${hcl_sanitizers})
endif()
