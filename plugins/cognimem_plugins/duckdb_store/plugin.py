"""Hook implementations of the duckdb_store plugin (under construction)."""
