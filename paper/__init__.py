"""Figures, tables and the claim-vs-reproduced report of the graph-algorithms
suite, drawn from the experiments' results CSVs alone. See paper/README.md."""
