# FindCombBLAS: the Combinatorial BLAS (headers CombBLAS/CombBLAS.h and
# libCombBLAS). Defines CombBLAS_FOUND and the target CombBLAS::CombBLAS.
# Debian/Ubuntu: libcombblas-dev (scripts/deps.sh installs it).
#
# Found from its header and library rather than its own CMake package: that
# package names the include folder of the Open MPI it was built with by its
# absolute path, which does not exist where the packages are unpacked into
# another prefix (scripts/gpu-machine.sh), and CMake refuses such a target.
# Its templates are compiled here without THREADED: one thread per rank.
find_path(CombBLAS_INCLUDE_DIR CombBLAS/CombBLAS.h)
find_library(CombBLAS_LIBRARY NAMES CombBLAS)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(CombBLAS REQUIRED_VARS CombBLAS_LIBRARY CombBLAS_INCLUDE_DIR)
if(CombBLAS_FOUND AND NOT TARGET CombBLAS::CombBLAS)
  add_library(CombBLAS::CombBLAS UNKNOWN IMPORTED)
  set_target_properties(CombBLAS::CombBLAS PROPERTIES IMPORTED_LOCATION "${CombBLAS_LIBRARY}")
  target_include_directories(CombBLAS::CombBLAS SYSTEM INTERFACE "${CombBLAS_INCLUDE_DIR}")
endif()
mark_as_advanced(CombBLAS_INCLUDE_DIR CombBLAS_LIBRARY)
