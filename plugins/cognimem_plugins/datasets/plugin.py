"""Hook implementations of the datasets plugin (under construction)."""
