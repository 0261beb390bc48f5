# FindNCCL: NVIDIA's collective communication library (include/nccl.h and
# libnccl.so.2 or libnccl.so). Defines NCCL_FOUND, NCCL_VERSION_STRING and the
# target NCCL::nccl.
#
# Looked for in GS_NCCL_ROOT (a CMake or environment variable: a folder with
# include/ and lib/, e.g. the nvidia-nccl-cu13 Python wheel's nvidia/nccl,
# which scripts/gpu-machine.sh passes), then NCCL_ROOT, the CUDA toolkit and
# the system's folders. The wheel ships only the versioned libnccl.so.2, so
# that name is searched too; the executables get its folder as an rpath.
set(_gs_nccl_hints ${GS_NCCL_ROOT} $ENV{GS_NCCL_ROOT} ${NCCL_ROOT} $ENV{NCCL_ROOT})
if(CUDAToolkit_LIBRARY_ROOT)
  list(APPEND _gs_nccl_hints ${CUDAToolkit_LIBRARY_ROOT})
endif()
find_path(NCCL_INCLUDE_DIR nccl.h HINTS ${_gs_nccl_hints} PATH_SUFFIXES include)
find_library(NCCL_LIBRARY NAMES nccl libnccl.so.2 HINTS ${_gs_nccl_hints} PATH_SUFFIXES lib lib64)
if(NCCL_INCLUDE_DIR AND EXISTS "${NCCL_INCLUDE_DIR}/nccl.h")
  file(STRINGS "${NCCL_INCLUDE_DIR}/nccl.h" _gs_nccl_version REGEX "^#define NCCL_(MAJOR|MINOR|PATCH) +[0-9]+")
  string(REGEX REPLACE ".*NCCL_MAJOR +([0-9]+).*NCCL_MINOR +([0-9]+).*NCCL_PATCH +([0-9]+).*" "\\1.\\2.\\3"
    NCCL_VERSION_STRING "${_gs_nccl_version}")
endif()
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(NCCL REQUIRED_VARS NCCL_LIBRARY NCCL_INCLUDE_DIR VERSION_VAR NCCL_VERSION_STRING)
if(NCCL_FOUND AND NOT TARGET NCCL::nccl)
  add_library(NCCL::nccl UNKNOWN IMPORTED)
  set_target_properties(NCCL::nccl PROPERTIES IMPORTED_LOCATION "${NCCL_LIBRARY}")
  target_include_directories(NCCL::nccl SYSTEM INTERFACE "${NCCL_INCLUDE_DIR}")
  get_filename_component(_gs_nccl_libdir "${NCCL_LIBRARY}" DIRECTORY)
  target_link_options(NCCL::nccl INTERFACE "LINKER:-rpath,${_gs_nccl_libdir}")
endif()
mark_as_advanced(NCCL_INCLUDE_DIR NCCL_LIBRARY)
