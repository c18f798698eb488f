"""Hook implementations of the minilm plugin (under construction)."""
