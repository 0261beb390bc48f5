# FindPBGL: MPI (C++) plus Boost.MPI and the Parallel Boost Graph Library.
# Defines PBGL_FOUND and the target PBGL::PBGL (headers, libraries, MPI flags).
# Debian/Ubuntu: libboost-graph-parallel-dev libboost-mpi-dev libopenmpi-dev
# openmpi-bin (scripts/deps.sh installs them).
find_package(MPI QUIET COMPONENTS CXX)
set(_pbgl_libs)
set(_pbgl_missing)
if(NOT MPI_CXX_FOUND)
  list(APPEND _pbgl_missing "MPI (C++)")
endif()
# Boost's per-library CMake packages where the distribution ships them,
# otherwise the libraries themselves next to Boost's headers.
foreach(_c mpi graph_parallel serialization)
  find_package(boost_${_c} ${Boost_VERSION} QUIET CONFIG)
  if(TARGET Boost::${_c})
    list(APPEND _pbgl_libs Boost::${_c})
  else()
    find_library(PBGL_boost_${_c}_LIBRARY NAMES boost_${_c})
    if(PBGL_boost_${_c}_LIBRARY)
      list(APPEND _pbgl_libs ${PBGL_boost_${_c}_LIBRARY})
    else()
      list(APPEND _pbgl_missing "libboost_${_c}")
    endif()
  endif()
endforeach()
find_path(PBGL_INCLUDE_DIR boost/graph/distributed/adjacency_list.hpp HINTS ${Boost_INCLUDE_DIRS})
if(NOT PBGL_INCLUDE_DIR)
  list(APPEND _pbgl_missing "PBGL headers (boost/graph/distributed)")
endif()

include(FindPackageHandleStandardArgs)
set(PBGL_MISSING "")
set(_pbgl_complete TRUE)
if(_pbgl_missing)
  string(REPLACE ";" ", " PBGL_MISSING "${_pbgl_missing}")
  set(_pbgl_complete FALSE)
endif()
find_package_handle_standard_args(PBGL REQUIRED_VARS PBGL_INCLUDE_DIR _pbgl_complete)

if(PBGL_FOUND AND NOT TARGET PBGL::PBGL)
  add_library(PBGL::PBGL INTERFACE IMPORTED)
  target_include_directories(PBGL::PBGL SYSTEM INTERFACE ${PBGL_INCLUDE_DIR})
  target_link_libraries(PBGL::PBGL INTERFACE ${_pbgl_libs} MPI::MPI_CXX)
  # Boost 1.74's PBGL includes headers that Boost marks deprecated.
  target_compile_definitions(PBGL::PBGL INTERFACE BOOST_ALLOW_DEPRECATED_HEADERS BOOST_BIND_GLOBAL_PLACEHOLDERS)
endif()
unset(_pbgl_libs)
unset(_pbgl_missing)
unset(_pbgl_complete)
