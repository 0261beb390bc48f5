// The read+stack hybrid of Fig. 1 (after Hong, Oguntebi, Olukotun, PACT 2011)
// as a transition function of its own, so that tests can drive it through
// every state by forcing thresholds.
//
// States and what each does with branch k (current) -> branch k+1 (next):
//   Sequential  : one thread; current from the stack, next pushed to the stack
//   Stack       : Alg. 1;      current from the stack, next pushed to the stack
//   StackToRead : transition;  current from the stack, next only in the branch array
//   Read        : Alg. 2;      current by scanning the branch array, next only in the array
//   ReadToStack : transition;  current by scanning the array, next pushed to the stack
// Transitions, decided after each branch from cur = |branch k|, next = |branch k+1|:
//   Sequential  -> Stack when next > T1.
//   Stack       -> Sequential when next <= T1;
//               -> StackToRead when next > T2 ("large"), or next > T3 and
//                  next > alpha * cur ("growing exponentially": the extra
//                  transition branch lets it grow large before Read starts).
//   StackToRead -> Read.
//   Read        -> ReadToStack when next < T2 if Read was entered (or has since
//                  become) large; when entered by growth only, when next < T3 or
//                  the growth stops (next < beta * cur). The paper checks the
//                  growth condition only for a Read state entered through growth.
//   ReadToStack -> as Stack (the next branch is on the stack again).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gs::traversal {

enum class HybridState : std::uint8_t { Sequential, Stack, StackToRead, Read, ReadToStack };

inline const char* state_name(HybridState s) {
  switch (s) {
    case HybridState::Sequential:
      return "sequential";
    case HybridState::Stack:
      return "stack";
    case HybridState::StackToRead:
      return "stack-to-read";
    case HybridState::Read:
      return "read";
    case HybridState::ReadToStack:
      return "read-to-stack";
  }
  return "?";
}

struct HybridThresholds {
  std::uint64_t t1 = 64;
  std::uint64_t t2 = 0;  // 0: max(2^18, 0.01 N), see resolve_t2()
  std::uint64_t t3 = 2048;
  double alpha = 2.0;
  double beta = 2.0;

  std::uint64_t resolve_t2(std::uint64_t n) const {
    if (t2) return t2;
    const std::uint64_t pct = n / 100;
    return pct > (std::uint64_t(1) << 18) ? pct : (std::uint64_t(1) << 18);
  }
};

class HybridStateMachine {
 public:
  HybridStateMachine(const HybridThresholds& t, std::uint64_t n) : t_(t), t2_(t.resolve_t2(n)) {}

  HybridState state() const { return state_; }
  std::uint64_t t2() const { return t2_; }

  // After the current state processed a branch of `cur` vertices and found `next`.
  void advance(std::uint64_t cur, std::uint64_t next) {
    switch (state_) {
      case HybridState::Sequential:
        if (next > t_.t1) state_ = HybridState::Stack;
        break;
      case HybridState::Stack:
      case HybridState::ReadToStack:
        state_ = HybridState::Stack;
        if (next <= t_.t1) {
          state_ = HybridState::Sequential;
        } else if (next > t2_) {
          state_ = HybridState::StackToRead;
          read_by_growth_ = false;
        } else if (next > t_.t3 && double(next) > t_.alpha * double(cur)) {
          state_ = HybridState::StackToRead;
          read_by_growth_ = true;
        }
        break;
      case HybridState::StackToRead:
        state_ = HybridState::Read;
        break;
      case HybridState::Read: {
        if (next >= t2_) read_by_growth_ = false;
        const bool leave = read_by_growth_ ? (next < t_.t3 || double(next) < t_.beta * double(cur)) : next < t2_;
        if (leave) state_ = HybridState::ReadToStack;
        break;
      }
    }
  }

 private:
  HybridThresholds t_;
  std::uint64_t t2_;
  HybridState state_ = HybridState::Sequential;
  bool read_by_growth_ = false;
};

// Which state processed each branch, and in how many seconds (for tests and
// the experiment's log).
struct HybridTrace {
  std::vector<HybridState> per_branch;
  std::vector<double> branch_seconds;
  bool visited(HybridState s) const {
    for (auto x : per_branch)
      if (x == s) return true;
    return false;
  }
  std::string summary() const {
    std::string out;
    for (auto x : per_branch) out += std::string(out.empty() ? "" : ",") + state_name(x);
    return out;
  }
};

}  // namespace gs::traversal
