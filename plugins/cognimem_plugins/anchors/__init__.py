"""anchors: code-anchored memories and their freshness (docs/mcp.md, "Code anchors")."""
