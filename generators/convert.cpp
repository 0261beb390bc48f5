#include "generators/convert.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

#include "common/errors.hpp"
#include "common/io/formats.hpp"
#include "common/io/graph_io.hpp"
#include "common/io/weight_types.hpp"

namespace gs::gen {
namespace {

// A converter keeps what the file holds: negative weights and self loops too.
io::ReadOptions as_stored() {
  io::ReadOptions o;
  o.allow_negative_weights = true;
  return o;
}

// Writes `el`, saying what was converted, and that bare edge lines drop undirectedness.
template <class W>
void write_converted(const std::string& in, const std::string& out, const EdgeList<W>& el) {
  std::fprintf(stderr, "gen convert: %s: n = %u, m = %llu, %s, %s weights\n", in.c_str(), el.n,
               static_cast<unsigned long long>(el.size()), el.directed ? "directed" : "undirected",
               el.weighted() ? io::weight_type_name<W>() : "no");
  io::write_edge_list(out, el);
  const io::Format to = io::format_of(out);
  if (!el.directed && (to == io::Format::kEdgeList || to == io::Format::kWeightedEdgeList))
    std::fprintf(stderr,
                 "gen convert: note: %s has no mark for undirected graphs: its lines read back as arcs "
                 "(the programs that need undirected graphs read them so)\n",
                 out.c_str());
}

template <class W>
void write_as(const std::string& in, const std::string& out) {
  write_converted(in, out, io::read_edge_list<W>(in, as_stored()));
}

// The integer type that holds every weight of `el`, or nullopt when one is fractional.
enum class Fit { u32, i32, u64, i64_or_wider, fractional };
Fit smallest_integer_type(const EdgeList<double>& el) {
  double lo = 0, hi = 0;
  for (double w : el.w) {
    if (w != std::floor(w)) return Fit::fractional;
    lo = std::min(lo, w);
    hi = std::max(hi, w);
  }
  if (lo >= 0 && hi <= double(std::numeric_limits<std::uint32_t>::max())) return Fit::u32;
  if (lo >= double(std::numeric_limits<std::int32_t>::min()) && hi <= double(std::numeric_limits<std::int32_t>::max()))
    return Fit::i32;
  if (lo >= 0 && hi < 9007199254740992.0) return Fit::u64;  // below 2^53 a double is every integer exactly
  return Fit::i64_or_wider;
}

template <class W>
EdgeList<W> with_weights_as(const EdgeList<double>& el) {
  EdgeList<W> out;
  out.n = el.n;
  out.directed = el.directed;
  out.u = el.u;
  out.v = el.v;
  out.w.assign(el.w.begin(), el.w.end());
  return out;
}

// Text files store no weight type: the smallest integer type that holds every
// weight, else double (the decimals as read; shortest round-trip text on output).
void convert_text(const std::string& in, const std::string& out) {
  const EdgeList<double> el = io::read_edge_list<double>(in, as_stored());
  if (!el.weighted()) return write_converted(in, out, el);
  switch (smallest_integer_type(el)) {
    case Fit::u32:
      return write_converted(in, out, with_weights_as<std::uint32_t>(el));
    case Fit::i32:
      return write_converted(in, out, with_weights_as<std::int32_t>(el));
    case Fit::u64:
      return write_converted(in, out, with_weights_as<std::uint64_t>(el));
    case Fit::i64_or_wider:
      return write_as<std::uint64_t>(in, out);  // integers >= 2^53 lose digits as doubles: read again, exactly
    case Fit::fractional:
      return write_converted(in, out, el);
  }
}

}  // namespace

void convert_graph(const std::string& in, const std::string& out) {
  const io::Format from = io::format_of(in);
  io::format_of(out);  // an unknown output format is refused before the input is read
  if (from != io::Format::kBinaryCache) return convert_text(in, out);
  // A .gsc keeps its stored weight type (an unweighted one is written as uint32 without weights).
  io::with_weight_type<std::uint32_t>(io::stored_weight_code(in).value_or(io::WeightCode::kNone),
                                      [&]<class S>(S) { write_as<S>(in, out); });
}

}  // namespace gs::gen
