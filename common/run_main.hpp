// Maps the suite's exceptions to its exit codes, with one clear line on stderr.
#pragma once

#include <cstdio>
#include <exception>
#include <new>

#include "common/errors.hpp"

namespace gs {

template <class F>
int run_main(const char* program, F&& body) {
  try {
    return body();
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s: error: %s\n", program, e.what());
    return kExitBadInput;
  } catch (const ResourceError& e) {
    std::fprintf(stderr, "%s: not enough resources: %s\n", program, e.what());
    return kExitNoResources;
  } catch (const VerificationError& e) {
    std::fprintf(stderr, "%s: VERIFICATION FAILED: %s\n", program, e.what());
    return kExitVerificationFailed;
  } catch (const std::bad_alloc& e) {
    // Host `new`, or Thrust's device allocator (its bad_alloc names the CUDA error).
    std::fprintf(stderr, "%s: not enough resources: an allocation failed (%s)\n", program, e.what());
    return kExitNoResources;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: internal error: %s\n", program, e.what());
    return kExitVerificationFailed;
  }
}

}  // namespace gs
