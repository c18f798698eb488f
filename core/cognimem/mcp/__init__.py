"""cognimem over MCP: the server factory, the store-owner daemon and its clients.

- :mod:`cognimem.mcp.server` — ``build_server(profile)``: an ``MCPServer`` whose tools come
  from the plugins (``cognimem_register_tools``), the set chosen by ``[mcp] tools``.
- :mod:`cognimem.mcp.tools` — turns a plugin's :class:`~cognimem.components.ToolSpec` into
  an MCP tool (schema from the typed parameters, errors the model can act on).
- :mod:`cognimem.mcp.daemon` — the one long-lived process that owns an on-disk store.
- :mod:`cognimem.mcp.remote` — :class:`RemoteEngine`, the engine API over the daemon's
  connection, and :func:`open_store`, which picks local or remote.
- :mod:`cognimem.mcp.clients` — MCP configuration for Claude Code, Claude Desktop, Cursor,
  Codex and VS Code.

Nothing here is imported by ``import cognimem``; the MCP SDK loads only when a server is built.
"""

from __future__ import annotations
