"""Hook implementations of the cognitive plugin (under construction)."""
