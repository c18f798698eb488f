"""Hook implementations of the mcp_tools plugin (under construction)."""
