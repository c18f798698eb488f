"""cognitive plugin package (under construction)."""
