#include "algorithms/traversal/gpu_threads.hpp"

#include <omp.h>

#include <thread>
#include <vector>

namespace gs::traversal {

void run_concurrently(int count, const std::function<void(int)>& body) {
#pragma omp parallel num_threads(count)
  {
    const int k = omp_get_thread_num(), granted = omp_get_num_threads();
    std::vector<std::thread> extra;
    if (k == 0)
      for (int rest = granted; rest < count; ++rest) extra.emplace_back(body, rest);
    body(k);
    for (std::thread& t : extra) t.join();
  }
}

}  // namespace gs::traversal
