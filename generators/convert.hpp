// gen convert: a graph file in any readable format to any writable one
// (common/io/graph_io.hpp), through the suite's readers and writers, so that
// the output reads back as the same graph (n, directedness, edges in order,
// weights). The weight type is the stored one (.gsc), or for text files the
// smallest integer type that holds every weight (uint32, int32, uint64), else
// double; a .gsc output stores that type. Formats that cannot hold the graph
// (weights into .el/.txt, none into .gr/.wel, an undirected graph into the
// bare .el/.wel lines, which read back as directed) follow the writers' rules.
#pragma once

#include <string>

namespace gs::gen {

// InputError for an unreadable input or an output format that cannot hold it.
void convert_graph(const std::string& in, const std::string& out);

}  // namespace gs::gen
