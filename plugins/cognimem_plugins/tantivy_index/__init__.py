"""tantivy_index plugin package (under construction)."""
