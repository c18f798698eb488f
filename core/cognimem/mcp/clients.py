"""MCP client configuration: what Claude Code, Claude Desktop, Cursor, Codex and VS Code
need to start ``cognimem serve``, and merging it into their config files.

:func:`client_config` builds the entry and the text to print; :func:`write_config` merges it
into the client's file, keeping every other entry, after a timestamped backup. Nothing is
written when the existing file cannot be read back exactly (the error says what to do).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import sys
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from ..errors import InvalidInput, StoreError

#: The clients ``cognimem config`` knows.
CLIENTS: tuple[str, ...] = ("claude-code", "claude-desktop", "cursor", "codex", "vscode")


@dataclass(frozen=True)
class ClientConfig:
    """One client's MCP entry for cognimem and where it goes.

    ``key`` is the table holding servers (``mcpServers``, ``servers``, ``mcp_servers``);
    ``entry`` is this server's value under ``key[name]``.
    """

    client: str
    name: str
    path: Path
    format: Literal["json", "toml"]
    key: str
    entry: dict[str, Any]
    #: ``user``: the client's user-level file; ``project``: the repository's own file.
    scope: Literal["user", "project"] = "user"

    def text(self) -> str:
        """The configuration to paste into :attr:`path`."""
        if self.format == "toml":
            return toml_table(self.key, self.name, self.entry)
        data = {self.key: {self.name: self.entry}}
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def hint(self) -> str | None:
        """Another way to install it, when the client has one."""
        if "command" not in self.entry:  # an HTTP entry: a URL and the token's header
            if self.client != "claude-code":
                return None
            return (f"or run: claude mcp add --transport http --scope {self.scope} {self.name} "
                    f"{shlex.quote(str(self.entry['url']))} --header 'Authorization: Bearer "
                    "<the token above>'")
        command = " ".join(shlex.quote(a) for a in (self.entry["command"], *self.entry["args"]))
        if self.client == "claude-code":
            return f"or run: claude mcp add --scope {self.scope} {self.name} -- {command}"
        if self.client == "codex":
            return f"or run: codex mcp add {self.name} -- {command}"
        return None


@dataclass(frozen=True)
class WriteReport:
    """What :func:`write_config` did: ``added``, ``replaced`` or ``unchanged``."""

    path: Path
    action: Literal["added", "replaced", "unchanged"]
    backup: Path | None = None


def server_command(profiles: Sequence[str] = (), store: str | None = None, *,
                   agent: str | None = None, project: str | None = None,
                   ) -> tuple[str, list[str]]:
    """The command and arguments that start this installation's stdio server.

    The command is the absolute path of the ``cognimem`` executable installed next to this
    Python (else ``python -m cognimem``); profile files and the store become absolute paths
    (built-in profile names stay names), so the client may start it from any directory.
    """
    script = Path(sys.executable).with_name("cognimem.exe" if os.name == "nt" else "cognimem")
    found = str(script) if script.is_file() else shutil.which("cognimem")
    command, args = (str(Path(found).absolute()), ["serve"]) if found else (
        sys.executable, ["-m", "cognimem", "serve"])
    for ref in profiles:
        path = Path(ref).expanduser()
        is_file = path.suffix == ".toml" or path.exists()
        args += ["--profile", str(path.resolve()) if is_file else ref]
    if store:
        args += ["--store", str(Path(store).expanduser().resolve())]
    if agent:
        args += ["--agent", agent]
    if project:
        args += ["--project", project]
    return command, args


#: Where clients that read a per-project MCP file keep it, relative to the repository root.
PROJECT_FILES: dict[str, str] = {
    "claude-code": ".mcp.json", "cursor": ".cursor/mcp.json", "vscode": ".vscode/mcp.json",
}


def project_path(client: str, root: Path) -> Path:
    """The per-project MCP file of ``client`` in the repository at ``root``.

    :raises InvalidInput: the client has no per-project configuration.
    """
    if client not in PROJECT_FILES:
        raise InvalidInput(
            f"{client} has no per-project MCP configuration; clients that have one: "
            f"{', '.join(PROJECT_FILES)}. Write the user-level entry with --project NAME "
            "instead")
    return root / PROJECT_FILES[client]


def default_path(client: str) -> Path:
    """Where ``client`` keeps its (user-level) MCP configuration on this platform."""
    home = Path.home()
    appdata = Path(os.environ.get("APPDATA", home / "AppData" / "Roaming"))
    if client == "claude-code":
        return home / ".claude.json"
    if client == "claude-desktop":
        if sys.platform == "darwin":
            return (home / "Library" / "Application Support" / "Claude"
                    / "claude_desktop_config.json")
        if os.name == "nt":
            return appdata / "Claude" / "claude_desktop_config.json"
        return _xdg_config() / "Claude" / "claude_desktop_config.json"
    if client == "cursor":
        return home / ".cursor" / "mcp.json"
    if client == "codex":
        return Path(os.environ.get("CODEX_HOME", home / ".codex")).expanduser() / "config.toml"
    if client == "vscode":
        if sys.platform == "darwin":
            return home / "Library" / "Application Support" / "Code" / "User" / "mcp.json"
        if os.name == "nt":
            return appdata / "Code" / "User" / "mcp.json"
        return _xdg_config() / "Code" / "User" / "mcp.json"
    raise InvalidInput(f"unknown MCP client {client!r}; choose one of: {', '.join(CLIENTS)}")


def _xdg_config() -> Path:
    return Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config").expanduser()


def client_config(client: str, *, command: str, args: Sequence[str], name: str = "cognimem",
                  path: str | Path | None = None,
                  scope: Literal["user", "project"] = "user") -> ClientConfig:
    """The entry for ``client`` that runs ``command args`` as the stdio server ``name``.

    :raises InvalidInput: an unknown client, or a server name TOML/JSON keys cannot hold.
    """
    if client not in CLIENTS:
        raise InvalidInput(f"unknown MCP client {client!r}; choose one of: {', '.join(CLIENTS)}")
    if not name.strip():
        raise InvalidInput("the server name is empty: give --name NAME")
    target = Path(path).expanduser() if path is not None else default_path(client)
    entry: dict[str, Any] = {"command": command, "args": list(args)}
    if client in ("claude-code", "vscode"):
        entry = {"type": "stdio", **entry}
    if client == "codex":
        return ClientConfig(client, name, target, "toml", "mcp_servers", entry, scope)
    key = "servers" if client == "vscode" else "mcpServers"
    return ClientConfig(client, name, target, "json", key, entry, scope)


#: Clients whose configuration can name a streamable HTTP server with headers.
HTTP_CLIENTS = ("claude-code", "cursor", "vscode")


def http_client_config(client: str, *, url: str, token: str, name: str = "cognimem",
                       path: str | Path | None = None) -> ClientConfig:
    """The entry for ``client`` that reaches ``cognimem serve --http`` at ``url`` with the
    bearer token in its headers.

    :raises InvalidInput: a client that cannot name an HTTP server, or a URL that is not http(s).
    """
    if client not in HTTP_CLIENTS:
        raise InvalidInput(f"{client} is configured with a command, not a URL: drop --http "
                           f"(clients that speak HTTP: {', '.join(HTTP_CLIENTS)})")
    if not url.startswith(("http://", "https://")):
        raise InvalidInput(f"--http {url[:60]!r} is not an http:// or https:// URL, e.g. "
                           "http://127.0.0.1:8765/mcp")
    config = client_config(client, command="", args=[], name=name, path=path)
    entry: dict[str, Any] = {"url": url, "headers": {"Authorization": f"Bearer {token}"}}
    if client in ("claude-code", "vscode"):
        entry = {"type": "http", **entry}
    return ClientConfig(client, config.name, config.path, config.format, config.key, entry)


# ---------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------


def write_config(config: ClientConfig, *, now: datetime | None = None) -> WriteReport:
    """Merge ``config`` into its file, keeping every other entry, after backing it up to
    ``<file>.bak-YYYYmmdd-HHMMSS``.

    :raises StoreError: the file exists but cannot be parsed, or does not hold a table where
        the servers go; nothing is written.
    """
    path = config.path
    original = path.read_text(encoding="utf-8") if path.exists() else None
    if config.format == "toml":
        updated, action = _merge_toml(original, config)
    else:
        updated, action = _merge_json(original, config)
    if action == "unchanged":
        return WriteReport(path, "unchanged")
    backup = _backup(path, now or datetime.now()) if original is not None else None
    _atomic_write(path, updated)
    return WriteReport(path, action, backup)


def _merge_json(original: str | None, config: ClientConfig) -> tuple[str, Literal[
        "added", "replaced", "unchanged"]]:
    data: Any = {}
    if original is not None and original.strip():
        try:
            data = json.loads(original)
        except ValueError as exc:
            raise StoreError(
                f"{config.path} is not plain JSON ({exc}); nothing was written. Add this "
                f"entry by hand:\n{config.text()}") from None
    if not isinstance(data, dict):
        raise StoreError(f"{config.path} does not hold a JSON object; nothing was written")
    servers = data.setdefault(config.key, {})
    if not isinstance(servers, dict):
        raise StoreError(f"{config.path}: `{config.key}` is not an object; nothing was written")
    existing = servers.get(config.name)
    if existing == config.entry:
        return original or "", "unchanged"
    servers[config.name] = config.entry
    action: Literal["added", "replaced"] = "added" if existing is None else "replaced"
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n", action


_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key, ensure_ascii=False)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        # JSON's string escapes (\" \\ \n \t \uXXXX...) are valid TOML basic-string escapes.
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}"
                                for k, v in value.items()) + " }"
    raise InvalidInput(f"cannot write a {type(value).__name__} to TOML")


def toml_table(key: str, name: str, entry: dict[str, Any]) -> str:
    """``[key.name]`` with one ``k = v`` line per entry field."""
    lines = [f"[{_toml_key(key)}.{_toml_key(name)}]"]
    lines += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in entry.items()]
    return "\n".join(lines) + "\n"


def _merge_toml(original: str | None, config: ClientConfig) -> tuple[str, Literal[
        "added", "replaced", "unchanged"]]:
    text = original or ""
    try:
        before = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise StoreError(f"{config.path} is not valid TOML ({exc}); nothing was written") \
            from None
    servers = before.get(config.key, {})
    if not isinstance(servers, dict):
        raise StoreError(f"{config.path}: `{config.key}` is not a table; nothing was written")
    existing = servers.get(config.name)
    if existing == config.entry:
        return text, "unchanged"
    kept = _drop_toml_tables(text, config.key, config.name)
    table = toml_table(config.key, config.name, config.entry)
    updated = kept.rstrip("\n") + ("\n\n" if kept.strip() else "") + table
    # Read the result back: our entry must be exactly there and nothing else may change.
    try:
        after = tomllib.loads(updated)
    except tomllib.TOMLDecodeError:
        after = None
    expected = dict(before)
    expected[config.key] = {**servers, config.name: config.entry}
    if after != expected:
        raise StoreError(
            f"{config.path} defines `{config.key}.{config.name}` in a form this writer does "
            f"not edit (an inline table or dotted keys); nothing was written. Replace it by "
            f"hand with:\n{table}")
    return updated, "added" if existing is None else "replaced"


def _drop_toml_tables(text: str, key: str, name: str) -> str:
    """``text`` without the ``[key.name]`` table and its sub-tables."""
    names = "|".join(re.escape(n) for n in {name, json.dumps(name), f"'{name}'"})
    header = re.compile(rf"^\s*\[\s*{re.escape(key)}\s*\.\s*(?:{names})\s*(?:\..*)?\]\s*(?:#.*)?$")
    any_header = re.compile(r"^\s*\[")
    out: list[str] = []
    skipping = False
    for line in text.splitlines(keepends=True):
        if any_header.match(line):
            skipping = bool(header.match(line))
        if not skipping:
            out.append(line)
    return "".join(out)


def _backup(path: Path, now: datetime) -> Path:
    stamp = now.strftime("%Y%m%d-%H%M%S")
    backup = path.with_name(f"{path.name}.bak-{stamp}")
    n = 1
    while backup.exists():
        backup = path.with_name(f"{path.name}.bak-{stamp}-{n}")
        n += 1
    shutil.copy2(path, backup)
    return backup


def _atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o777 if path.exists() else None
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    if mode is not None:
        os.chmod(tmp, mode)
    os.replace(tmp, path)
