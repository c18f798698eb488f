"""The first-party MCP tools: the ``core`` set and the ``full`` set (see ``plugin.py``)."""
