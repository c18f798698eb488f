"""mcp_tools plugin package (under construction)."""
