"""cognimem over MCP: the server factory and the tools.

- :mod:`cognimem.mcp.server` — ``build_server(profile)``: an ``MCPServer`` whose tools come
  from the plugins (``cognimem_register_tools``), the set chosen by ``[mcp] tools``.
- :mod:`cognimem.mcp.tools` — turns a plugin's :class:`~cognimem.components.ToolSpec` into
  an MCP tool (schema from the typed parameters, errors the model can act on).
- :mod:`cognimem.mcp.clients` — MCP configuration for Claude Code, Claude Desktop, Cursor,
  Codex and VS Code.

The store's owner daemon, which an MCP server reaches for an on-disk store, is
:mod:`cognimem.daemon`. Nothing here is imported by ``import cognimem``; the MCP SDK loads
only when a server is built.
"""

from __future__ import annotations
