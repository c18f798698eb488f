"""graph plugin package (under construction)."""
