"""ollama plugin package (under construction)."""
