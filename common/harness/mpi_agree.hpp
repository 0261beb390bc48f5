// The harness's MPI side (built only with MPI and the Parallel BGL): errors
// that all ranks of a job agree on, and the main() of a distributed program.
//
// Errors. A bad input found by one rank must end every rank with the same
// message and exit code, never leave the others waiting in a collective call.
// So local work (generating or reading a rank's share, checking a
// certificate) runs inside agree(): each rank catches its own error, then all
// ranks exchange an error flag (one all-reduce) and, when any rank failed,
// every rank throws the error of the lowest failing rank (the first one in
// file order for a file split by rank). run_main() then prints it once, on
// rank 0, and every rank returns the suite's exit code (2 bad input, 3 too
// big, 1 verification failed). An error that escapes outside agree() (inside
// a collective algorithm) cannot be agreed on: run_main() prints it on the
// rank that saw it and aborts all ranks with its exit code (on one rank it is
// agreed by definition: printed and returned).
#pragma once

#include <boost/mpi/communicator.hpp>
#include <functional>
#include <string>

#include "common/errors.hpp"

namespace gs::dist {

namespace mpi = boost::mpi;

// Runs `local` (no collective calls inside), then agrees with every rank of
// `comm` on the outcome: when any rank threw, every rank throws the lowest
// failing rank's error (same type and message). Collective.
void agree(const mpi::communicator& comm, const std::function<void()>& local);

// A certificate's outcome: `problem` is this rank's first problem (empty when
// none). When any rank has one, every rank throws VerificationError with the
// lowest such rank's problem, prefixed by `who`. Collective.
void agree_verified(const mpi::communicator& comm, const std::string& who, const std::string& problem);

// main() of a distributed program: starts MPI (boost::mpi::environment), runs
// body(world) and maps the suite's errors to its exit codes as gs::run_main
// does. Agreed errors are printed by rank 0 only; any other error is printed
// by its rank, and MPI_Abort ends every rank with its code.
int run_main(int argc, char** argv, const char* program, const std::function<int(const mpi::communicator&)>& body);

// harness::write_rank_status (GS_RANK_STATUS_DIR/rank-R, for the tests) for
// this rank. run_main() calls it.
void write_rank_status(const mpi::communicator& world, int code);

// Seconds since an arbitrary point (MPI_Wtime).
double wall_seconds();
// The largest of the ranks' `seconds`, on every rank (timings of a phase that
// ends with a barrier: the slowest rank's view of it). Collective.
double slowest(const mpi::communicator& comm, double seconds);

}  // namespace gs::dist
