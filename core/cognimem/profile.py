"""Profiles: which components make the pipeline, and their options, from layered TOML.

Layers, lowest first: the built-in ``default`` profile, then each profile file given, then
``COGNIMEM_*`` environment variables (``COGNIMEM_PATH``, ``COGNIMEM_EMBEDDER__USE``...),
then explicit overrides (command-line flags). Tables merge; lists are replaced whole.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from .errors import ProfileError

_TOML_FILES: ContextVar[tuple[Path, ...]] = ContextVar("cognimem_profile_files", default=())


class ComponentSpec(BaseModel):
    """One component choice: ``use`` names it, every other key is one of its options."""

    model_config = ConfigDict(extra="allow")

    use: str

    @property
    def options(self) -> dict[str, Any]:
        """The keys besides ``use``: validated later against the component's Options."""
        return dict(self.model_extra or {})


class SearchSection(BaseModel):
    """Read-path settings."""

    model_config = ConfigDict(extra="forbid")
    k: int = Field(default=10, ge=1, le=1000, description="hits returned by default")
    record_access: bool = Field(default=True, description="record an access per returned hit")
    access_query: Literal["hash", "text", "none"] = Field(
        default="hash",
        description="what an access keeps of its search's query: hash (a SHA-256 prefix, "
                    "enough to count repeats), text (as the guard left it) or none")
    access_batch: int = Field(
        default=256, ge=1, le=100_000,
        description="accesses held and written in one transaction (1: each search writes its "
                    "own); held ones are written before any other call and at close")
    parallel_retrievers: bool = Field(
        default=True,
        description="run the retrievers concurrently (off for retrievers that are not "
                    "thread-safe)")
    rerank_depth: int | None = Field(
        default=30, ge=1, le=10_000,
        description="rankers see the best N admitted fused candidates (ties at the cut "
                    "included; at least k); unset: every candidate")


class WriteSection(BaseModel):
    """Write-path settings."""

    model_config = ConfigDict(extra="forbid")
    dedup: Literal["hash", "none"] = "hash"
    max_content_chars: int = Field(default=100_000, ge=1)
    batch_size: int = Field(default=1024, ge=1, description="memories per transaction in add_many")
    purge_on_update: Literal["close", "update", "off"] = Field(
        default="close",
        description="an update that removes text (content, title, tags, meta) purges the "
                    "store so the old text leaves its files: once when the engine closes, "
                    "after each such update (costs a copy of the store each), or never "
                    "(run `cognimem purge`)")
    branch_scope: bool = Field(
        default=False,
        description="keep a fact captured on a branch other than the default one to that "
                    "branch until it is merged and promoted (`cognimem branches --promote`; "
                    "docs/intake.md, \"Branch scope\")")


class McpSection(BaseModel):
    """MCP server settings."""

    model_config = ConfigDict(extra="forbid")
    tools: str = Field(default="core", description="tool set: core or full")
    name: str = "cognimem"
    exports: str | None = Field(default=None, description=(
        "the only folder the export_memories and import_memories tools read and write "
        "(default: the store folder's `exports`)"))
    read_roots: list[str] = Field(
        default_factory=lambda: ["~/.claude/projects", "~/.codex/sessions"], description=(
            "folders the file-reading tools (ingest, capture, compact_transcript) may read, "
            "besides the project's folder and the exports folder"))


class AgentsSection(BaseModel):
    """Several agents sharing a store: their authority, and how conflicts between them end."""

    model_config = ConfigDict(extra="forbid")
    authority: dict[str, int] = Field(
        default_factory=dict,
        description="authority level per agent name, e.g. {alice = 100, lead = 50}: a lower "
                    "authority cannot delete, supersede or demote a higher one's protected or "
                    "decision memories")
    default_authority: int = Field(default=0, description="the level of an agent not listed")
    resolve: Literal["log", "higher"] = Field(
        default="log",
        description="a conflict between agents of different authority: `log` leaves it open "
                    "for a person; `higher` resolves it toward the higher authority at once "
                    "(logged either way)")

    @field_validator("authority")
    @classmethod
    def _names(cls, value: dict[str, int]) -> dict[str, int]:
        for name in value:
            if not name.strip() or len(name) > 200:
                raise ValueError(f"agent name {name[:40]!r} must be 1 to 200 characters")
        return value

    def level(self, agent: str | None) -> int:
        """The authority of ``agent`` (the default for unknown or unnamed agents)."""
        if agent is None:
            return self.default_authority
        return self.authority.get(agent, self.default_authority)


class PluginsSection(BaseModel):
    """Which plugins load."""

    model_config = ConfigDict(extra="forbid")
    entrypoints: bool = True
    allow: list[str] | None = None
    deny: list[str] = Field(default_factory=list)
    modules: list[str] = Field(default_factory=list)
    files: list[str] = Field(default_factory=list)


class Profile(BaseSettings):
    """A pipeline: stores, embedder, extractors, retrievers, fuser, rankers, decay."""

    model_config = SettingsConfigDict(
        env_prefix="COGNIMEM_", env_nested_delimiter="__", extra="forbid",
        nested_model_default_partial_update=True,
    )

    name: str = "default"
    description: str = ""
    path: str | None = Field(
        default=None, description="store directory; unset keeps everything in memory"
    )
    seed: int = 0
    records: ComponentSpec = Field(default_factory=lambda: ComponentSpec(use="memory"))
    lexical: ComponentSpec | None = None
    vectors: ComponentSpec | None = None
    embedder: ComponentSpec | None = None
    extract: list[ComponentSpec] = Field(default_factory=list)
    retrieve: list[ComponentSpec] = Field(default_factory=list)
    fuse: ComponentSpec = Field(default_factory=lambda: ComponentSpec(use="rrf"))
    rank: list[ComponentSpec] = Field(default_factory=list)
    confidence: ComponentSpec | None = None
    decay: list[ComponentSpec] = Field(default_factory=list)
    guard: list[ComponentSpec] = Field(default_factory=list)
    consolidate: ComponentSpec | None = None
    search: SearchSection = Field(default_factory=SearchSection)
    write: WriteSection = Field(default_factory=WriteSection)
    mcp: McpSection = Field(default_factory=McpSection)
    agents: AgentsSection = Field(default_factory=AgentsSection)
    plugins: PluginsSection = Field(default_factory=PluginsSection)
    hooks: dict[str, dict[str, Any]] = Field(
        default_factory=dict,
        description="options of lifecycle-hook plugins, one table per plugin name "
                    "([hooks.guard]); validated against the plugin's `HookOptions` at start")

    @field_validator("lexical", "vectors", "embedder", "consolidate", "confidence",
                     mode="before")
    @classmethod
    def _use_none_disables(cls, value: Any) -> Any:
        """``use = "none"`` switches an optional component off (a lexical-only profile)."""
        if isinstance(value, Mapping) and value.get("use") == "none":
            return None
        return value

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Overrides, then environment, then the profile files (last file wins).

        One source merges the layers with :func:`merge_tables`, so a component table whose
        ``use`` an environment variable or an override changes is replaced whole there too
        (pydantic-settings' own deep merge would keep the other component's options).
        """
        toml = _LayeredToml(settings_cls, _TOML_FILES.get())
        return (_Layers(settings_cls, (toml, env_settings, init_settings)),)

    def store_path(self) -> Path | None:
        """The store directory with ``~`` expanded, or None for an in-memory engine."""
        if self.path in (None, "", ":memory:"):
            return None
        return Path(os.path.expandvars(str(self.path))).expanduser()

    def describe(self) -> dict[str, Any]:
        """The profile as plain data."""
        return self.model_dump(mode="json", exclude_none=True)


class _LayeredToml(PydanticBaseSettingsSource):
    """Profile files merged in order: tables merge, lists are replaced, and a component table
    whose ``use`` changes is replaced whole (its options belonged to the other component)."""

    def __init__(self, settings_cls: type[BaseSettings], files: Sequence[Path]) -> None:
        super().__init__(settings_cls)
        self.files = list(files)

    def get_field_value(self, field: Any, field_name: str) -> tuple[Any, str, bool]:
        """Unused: values come from :meth:`__call__`."""
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        merged: dict[str, Any] = {}
        for file in self.files:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
            plugins = data.get("plugins")
            if isinstance(plugins, dict) and isinstance(plugins.get("files"), list):
                # Plugin files are named relative to the profile file, not the working dir.
                plugins["files"] = [
                    str(file.parent / Path(f).expanduser()) if isinstance(f, str) else f
                    for f in plugins["files"]
                ]
            merged = merge_tables(merged, data)
        return merged


class _Layers(PydanticBaseSettingsSource):
    """Several sources merged lowest first with :func:`merge_tables`."""

    def __init__(
        self, settings_cls: type[BaseSettings], layers: Sequence[PydanticBaseSettingsSource]
    ) -> None:
        super().__init__(settings_cls)
        self.layers = tuple(layers)

    def get_field_value(self, field: Any, field_name: str) -> tuple[Any, str, bool]:
        """Unused: values come from :meth:`__call__`."""
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        merged: dict[str, Any] = {}
        for layer in self.layers:
            merged = merge_tables(merged, layer())
        return merged


def merge_tables(base: Mapping[str, Any], layer: Mapping[str, Any]) -> dict[str, Any]:
    """Layer one profile table on another (see :class:`_LayeredToml`)."""
    out = dict(base)
    for key, value in layer.items():
        old = out.get(key)
        if isinstance(old, Mapping) and isinstance(value, Mapping):
            if "use" in value and old.get("use") != value["use"]:
                out[key] = dict(value)
            else:
                out[key] = merge_tables(old, value)
        else:
            out[key] = value
    return out


def builtin_profiles() -> dict[str, Path]:
    """The profiles shipped with cognimem, by name."""
    folder = resources.files("cognimem") / "profiles"
    return {
        Path(str(entry)).stem: Path(str(entry))
        for entry in folder.iterdir()
        if str(entry).endswith(".toml")
    }


def resolve_profile_file(ref: str | Path) -> Path:
    """A profile file from a path or a built-in profile's name."""
    path = Path(ref).expanduser()
    if path.suffix == ".toml" or path.exists():
        if not path.is_file():
            raise ProfileError(f"profile file {str(path)!r} does not exist")
        return path
    builtin = builtin_profiles()
    if str(ref) in builtin:
        return builtin[str(ref)]
    raise ProfileError(
        f"profile {str(ref)!r} is neither a .toml file nor a built-in profile; "
        f"built-in profiles: {', '.join(sorted(builtin))}"
    )


def load_profile(
    *refs: str | Path,
    overrides: Mapping[str, Any] | None = None,
    environ: bool = True,
    base: str | None = "default",
) -> Profile:
    """Read a profile: ``base`` (a built-in), then ``refs`` (files or built-in names).

    :param refs: profile files or built-in profile names, later ones layered on earlier ones.
    :param overrides: highest-priority values, as nested dicts (``{"path": "/tmp/x"}``).
    :param environ: read ``COGNIMEM_*`` environment variables.
    :param base: the built-in profile everything is layered on (None for none).
    :raises ProfileError: unreadable TOML or a bad value, naming the key and the file.
    """
    files: list[Path] = []
    if base is not None:
        files.append(resolve_profile_file(base))
    files.extend(resolve_profile_file(ref) for ref in refs)
    for file in files:
        try:
            tomllib.loads(file.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ProfileError(f"profile file {str(file)!r} is not valid TOML: {exc}") from exc
    token = _TOML_FILES.set(tuple(files))
    saved_env: dict[str, str] = {}
    try:
        if not environ:
            saved_env = {k: v for k, v in os.environ.items() if k.upper().startswith("COGNIMEM_")}
            for key in saved_env:
                del os.environ[key]
        return Profile(**dict(overrides or {}))
    except ValidationError as exc:
        raise ProfileError(_format_validation(exc, files)) from None
    finally:
        os.environ.update(saved_env)
        _TOML_FILES.reset(token)


def _format_validation(exc: ValidationError, files: Sequence[Path]) -> str:
    lines = []
    for error in exc.errors():
        key = _key(error["loc"])
        value = error.get("input")
        got = "" if isinstance(value, dict) else f" (got {value!r})"
        lines.append(f"profile key `{key}`: {error['msg']}{got}")
    where = ", ".join(str(f) for f in files) or "defaults"
    return "bad profile (" + where + "):\n  " + "\n  ".join(lines)


def _key(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out
