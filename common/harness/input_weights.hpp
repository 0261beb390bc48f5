// One rule for the weights of an --input file whose stored type is not the
// program's weight type W (input_graph.hpp applies it and states it on stderr
// and in the metadata key `input_weights`):
//
//   file       the file's weights are W values (text read as W; .gsc of type W)
//   converted  every weight is exactly a W value (3.0 into uint32, 7 into float)
//   rounded    float64 into float32 W: nearest float32, relative error <= 2^-24
//   ranked     (Weights::order, spanning forests) otherwise each weight becomes
//              its rank among the distinct weights: the order and the ties, and
//              so the forest's edges, are the same; forest weights are summed
//              from the file's values (value_of_rank)
//   refused    otherwise (a fractional weight into an integer W, a value out of
//              W's range): converting would change the answer (InputError)
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <parallel/algorithm>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/answer.hpp"
#include "common/errors.hpp"
#include "common/graph.hpp"
#include "common/io/weight_types.hpp"
#include "common/memory.hpp"

namespace gs::harness {

// What the program does with weights: traversals ignore them, shortest paths
// need their values, spanning forests only their order.
enum class Weights { required, ignored, order };

template <class W>
struct ConvertedWeights {
  EdgeList<W> el;
  std::string rule;  // the input_weights text
  // Ranked weights only: the file's value of each rank (for reported forest weights).
  std::shared_ptr<const std::vector<double>> value_of_rank;
};

// Whether x is exactly a value of W.
template <class W, class S>
bool exactly_representable(S x) {
  if constexpr (std::is_same_v<S, W>) {
    return true;
  } else if constexpr (std::is_floating_point_v<S>) {
    if (!std::isfinite(x)) return false;
    if constexpr (std::is_integral_v<W>)
      return x == std::floor(x) &&
             static_cast<long double>(x) >= static_cast<long double>(std::numeric_limits<W>::min()) &&
             static_cast<long double>(x) <= static_cast<long double>(std::numeric_limits<W>::max());
    else
      return static_cast<long double>(x) <= static_cast<long double>(std::numeric_limits<W>::max()) &&
             static_cast<long double>(x) >= static_cast<long double>(std::numeric_limits<W>::lowest()) &&
             static_cast<S>(static_cast<W>(x)) == x;
  } else if constexpr (std::is_integral_v<W>) {
    return std::in_range<W>(x);
  } else {
    return static_cast<long double>(static_cast<W>(x)) == static_cast<long double>(x);
  }
}

// The file's weights of type S as W by the rule above; `from` names the file's
// weights in messages ("the file's float64 weights").
template <class W, class S>
ConvertedWeights<W> convert_weights(EdgeList<S>&& in, Weights use, const std::string& path, const std::string& from) {
  ConvertedWeights<W> out;
  out.el.n = in.n;
  out.el.directed = in.directed;
  out.el.u = std::move(in.u);
  out.el.v = std::move(in.v);
  const std::string to = io::weight_type_name<W>();
  if constexpr (std::is_same_v<S, W>) {
    out.el.w = std::move(in.w);
    out.rule = "file: " + from;
    return out;
  } else {
    const eid_t m = in.w.size();
    eid_t first_inexact = m;
#pragma omp parallel for schedule(static) reduction(min : first_inexact)
    for (std::int64_t e = 0; e < std::int64_t(m); ++e)
      if (!exactly_representable<W>(in.w[e]) && eid_t(e) < first_inexact) first_inexact = eid_t(e);
    out.el.w.resize(m);
    if (first_inexact == m) {
#pragma omp parallel for schedule(static)
      for (std::int64_t e = 0; e < std::int64_t(m); ++e) out.el.w[e] = static_cast<W>(in.w[e]);
      out.rule = "converted: " + from + " are " + to + " values, converted exactly";
      return out;
    }
    const std::string example =
        "edge " + std::to_string(first_inexact) + " weighs " + fmt_number(double(in.w[first_inexact]));
    if constexpr (std::is_same_v<S, double> && std::is_same_v<W, float>) {
      if (use == Weights::required) {
        for (eid_t e = 0; e < m; ++e) {
          out.el.w[e] = static_cast<float>(in.w[e]);
          if (!std::isfinite(out.el.w[e]))
            throw file_error(path, 0,
                             "edge " + std::to_string(e) + " weighs " + fmt_number(in.w[e]) +
                                 ", beyond float32's range: converting it would change the answer");
        }
        out.rule = "rounded: " + from +
                   " are rounded to the nearest float32 (relative error at most 2^-24 = 6e-8 each; " + example + ")";
        return out;
      }
    }
    if (use != Weights::order)
      throw file_error(path, 0, example + ", which is not a " + to + " value: converting it would change the answer");
    // Rank: the distinct values, ascending; each weight becomes its index there.
    require_host_memory(m * (sizeof(S) + sizeof(double)), path + ": ranking " + std::to_string(m) + " weights");
    std::vector<S> distinct(in.w);
    __gnu_parallel::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    if (!exactly_representable<W>(std::uint64_t(distinct.size() - 1)))
      throw file_error(path, 0,
                       std::to_string(distinct.size()) + " distinct weights, more ranks than " + to + " holds");
#pragma omp parallel for schedule(static)
    for (std::int64_t e = 0; e < std::int64_t(m); ++e)
      out.el.w[e] = W(std::lower_bound(distinct.begin(), distinct.end(), in.w[e]) - distinct.begin());
    out.value_of_rank = std::make_shared<const std::vector<double>>(distinct.begin(), distinct.end());
    out.rule = "ranked: " + from + " are not all " + to + " values (" + example +
               "); each is replaced by its rank among the " + std::to_string(distinct.size()) +
               " distinct weights, which keeps their order and ties and so the forest's edges; forest weights are "
               "summed from the file's values";
    return out;
  }
}

}  // namespace gs::harness
