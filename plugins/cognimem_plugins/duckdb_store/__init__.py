"""duckdb_store plugin package (under construction)."""
