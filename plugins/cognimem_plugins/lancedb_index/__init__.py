"""lancedb_index plugin package (under construction)."""
