"""Hook implementations of the tantivy_index plugin (under construction)."""
