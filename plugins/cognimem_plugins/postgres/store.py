"""``postgres``: the record store on a PostgreSQL server that many daemons share.

The profile's ``dsn`` (or ``$COGNIMEM_POSTGRES_DSN``) names the server and ``schema`` the
store inside it (see :mod:`.connect`); the store folder (``path``) only holds what each
daemon keeps for itself. There is no owner lock: any number of processes on any number of
machines open the same store, and every write transaction takes the schema's writers' lock
(:mod:`.session`), so the event chain, the records and the indexes (kept in step by
triggers, :mod:`.schema`) stay consistent. Nothing is cached in process: every read sees
every commit made before it, by whichever daemon.

A store without a folder (``path = ":memory:"``) gets a private schema dropped at close.

:class:`PostgresStore` is a facade: each of its members is the method of the part that
does the job (:mod:`cognimem.delegation`), one class per job and module, all on the open
:class:`~.session.Session`: memory rows (:mod:`.memories`), edges (:mod:`.edges`), accesses
(:mod:`.accesses`), events (:mod:`.events`), embeddings (:mod:`.embeddings`), metadata
(:mod:`.meta`) and the graveyard (:mod:`cognimem_plugins.sql_parts.graves`, shared with
the ``duckdb`` store, as are the statements the two stores have in common).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from cognimem.components import RecordStore
from cognimem.delegation import delegate
from cognimem.errors import StoreError

from ..sql_parts.graves import Graves
from .accesses import PgAccesses
from .connect import StoreOptions, describe_options
from .edges import PgEdges
from .embeddings import PgEmbeddings
from .events import PgEvents
from .memories import PgMemories
from .meta import PgMeta
from .session import NO_SESSION, Session

if TYPE_CHECKING:
    from cognimem.context import Context


class PostgresStore(RecordStore):
    """Memories, edges, accesses, events, graveyard, embeddings and metadata in PostgreSQL."""

    name = "postgres"
    persistent: ClassVar[bool] = True

    class Options(StoreOptions):
        """Where the database is."""

    options: PostgresStore.Options

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        #: The open session (None while the store is not open).
        self.session: Session | None = None
        self.memories = PgMemories(NO_SESSION)
        self.edges = PgEdges(NO_SESSION)
        self.accesses = PgAccesses(NO_SESSION)
        self.events = PgEvents(NO_SESSION)
        self.graveyard = Graves(NO_SESSION)
        self.embeddings = PgEmbeddings(NO_SESSION)
        self.meta = PgMeta(NO_SESSION)

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "options": describe_options(self.options)}

    def open(self, ctx: Context) -> None:
        """Connect, and create or migrate the schema (see :mod:`.schema`)."""
        session = Session(self.options.dsn, self.options.schema_, ctx.path)
        session.open()
        session.before_commit = self.events.flush
        session.on_rollback = self.events.kept.clear
        self.session = session
        self._bind(session)

    def close(self) -> None:
        session, self.session = self.session, None
        self._bind(NO_SESSION)
        if session is not None:
            session.close()

    def _bind(self, session: Any) -> None:
        """Point every part at ``session``."""
        for part in (self.memories, self.edges, self.accesses, self.events, self.graveyard,
                     self.embeddings, self.meta):
            part.db = session

    @property
    def open_session(self) -> Session:
        """The open session (:class:`StoreError` when the store is not open)."""
        if self.session is None:
            raise StoreError("the postgres record store is not open (or was closed)")
        return self.session

    @property
    def migrated(self) -> list[int]:
        """Schema versions passed through when the store was opened."""
        return self.open_session.migrated

    def schema_version(self) -> int:
        """The schema version of the open store."""
        found = self.open_session.rows("SELECT max(version) FROM schema_version")
        return int(found[0][0] or 0)

    transaction = delegate(Session.transaction, to="open_session")

    # memories ----------------------------------------------------------------------------------
    put_memories = delegate(PgMemories.put_memories, to="memories")
    get_memories = delegate(PgMemories.get_memories, to="memories")
    delete_memories = delegate(PgMemories.delete_memories, to="memories")
    iter_memories = delegate(PgMemories.iter_memories, to="memories")
    count_memories = delegate(PgMemories.count_memories, to="memories")
    memory_counts = delegate(PgMemories.memory_counts, to="memories")
    memory_versions = delegate(PgMemories.memory_versions, to="memories")
    ids_not_embedded_with = delegate(PgMemories.ids_not_embedded_with, to="memories")
    find_by_hash = delegate(PgMemories.find_by_hash, to="memories")
    find_by_hashes = delegate(PgMemories.find_by_hashes, to="memories")

    # edges -------------------------------------------------------------------------------------
    put_edges = delegate(PgEdges.put_edges, to="edges")
    delete_edges = delegate(PgEdges.delete_edges, to="edges")
    edges_of = delegate(PgEdges.edges_of, to="edges")
    iter_edges = delegate(PgEdges.iter_edges, to="edges")
    count_edges = delegate(PgEdges.count_edges, to="edges")

    # accesses ----------------------------------------------------------------------------------
    add_accesses = delegate(PgAccesses.add_accesses, to="accesses")
    record_accesses = delegate(PgAccesses.record_accesses, to="accesses")
    access_times = delegate(PgAccesses.access_times, to="accesses")

    # events ------------------------------------------------------------------------------------
    append_event = delegate(PgEvents.append_event, to="events")
    append_events = delegate(PgEvents.append_events, to="events")
    last_event = delegate(PgEvents.last_event, to="events")
    iter_events = delegate(PgEvents.iter_events, to="events")

    # graveyard ---------------------------------------------------------------------------------
    add_grave = delegate(Graves.add_grave, to="graveyard")
    graves = delegate(Graves.graves, to="graveyard")
    remove_grave = delegate(Graves.remove_grave, to="graveyard")

    # embeddings --------------------------------------------------------------------------------
    put_embeddings = delegate(PgEmbeddings.put_embeddings, to="embeddings")
    get_embeddings = delegate(PgEmbeddings.get_embeddings, to="embeddings")
    embedding_signatures = delegate(PgEmbeddings.embedding_signatures, to="embeddings")

    # metadata ----------------------------------------------------------------------------------
    set_meta = delegate(PgMeta.set_meta, to="meta")
    get_meta = delegate(PgMeta.get_meta, to="meta")
    meta_items = delegate(PgMeta.meta_items, to="meta")
    meta_items_where = delegate(PgMeta.meta_items_where, to="meta")
