"""Hook implementations of the ollama plugin (under construction)."""
