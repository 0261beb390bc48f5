# Helpers shared by every CMakeLists.txt of the suite.

# add_subdirectory() for every direct child folder of the current one that has
# a CMakeLists.txt, so that each experiment/algorithm family owns its own file.
function(gs_add_child_directories)
  file(GLOB children LIST_DIRECTORIES true RELATIVE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/*)
  list(SORT children)
  foreach(child IN LISTS children)
    if(IS_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/${child} AND EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${child}/CMakeLists.txt)
      add_subdirectory(${child})
    endif()
  endforeach()
endfunction()

# gs_add_test(NAME name SOURCES ... [LIBS ...] [LABELS ...] [GPU])
# A GoogleTest executable registered with ctest. GPU tests get the label `gpu`
# and must return 77 (SKIP_RETURN_CODE) when no device exists; link gs_gtest_gpu_main
# for that behaviour instead of gtest_main.
function(gs_add_test)
  cmake_parse_arguments(T "GPU" "NAME" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  set_target_properties(${T_NAME} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
  if(T_GPU)
    target_link_libraries(${T_NAME} PRIVATE ${T_LIBS} gs_gtest_gpu_main)
    list(APPEND T_LABELS gpu)
  else()
    target_link_libraries(${T_NAME} PRIVATE ${T_LIBS} GTest::gtest_main)
  endif()
  add_test(NAME ${T_NAME} COMMAND ${T_NAME})
  set_tests_properties(${T_NAME} PROPERTIES SKIP_RETURN_CODE 77 LABELS "${T_LABELS}"
    ENVIRONMENT "GS_TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data;GS_HOST_PROFILE=off")
endfunction()
