"""datasets plugin package (under construction)."""
