"""The owner daemon: the one process that holds an on-disk store, and its clients.

- :mod:`.api` — :class:`~.api.MemoryAPI`, the operations a client may call, implemented by
  the engine (in process) and by :class:`~.remote.RemoteEngine` (through the daemon).
- :mod:`.runtime` — the private runtime folder, the owner record, the locks.
- :mod:`.wire` and :mod:`.connection` — JSON lines over the daemon's Unix socket.
- :mod:`.server` — the daemon; :mod:`.spawn` — finding, starting and stopping it;
  :mod:`.validate` — the checks a client makes before starting one.
- :mod:`.remote` — :class:`~.remote.RemoteEngine` and :func:`~.remote.open_store`.

``python -m cognimem.daemon`` is what a client spawns. Nothing here is imported eagerly.
"""

from __future__ import annotations
