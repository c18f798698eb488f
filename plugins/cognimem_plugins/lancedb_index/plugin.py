"""Hook implementations of the lancedb_index plugin (under construction)."""
