"""Hook implementations of the graph plugin (under construction)."""
