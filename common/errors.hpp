// Error types that map to the suite's exit codes (docs/DESIGN.md, "Exit codes"):
// 1 verification failed, 2 bad input or usage, 3 not enough memory / no device.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace gs {

enum ExitCode : int {
  kExitOk = 0,
  kExitVerificationFailed = 1,
  kExitBadInput = 2,
  kExitNoResources = 3,
};

// A result disagreed with its independent reference.
struct VerificationError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Bad command line or malformed input file.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Not enough host/device memory, or no GPU for a GPU-only request.
struct ResourceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// "FILE:LINE: problem" for errors in input files (line 0 = whole file).
inline InputError file_error(const std::string& file, std::uint64_t line, const std::string& what) {
  return InputError(file + ":" + std::to_string(line) + ": " + what);
}

}  // namespace gs
