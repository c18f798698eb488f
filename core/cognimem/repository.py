"""Which repository a folder belongs to, so a project is named by its repository and never
by a folder name alone: every worktree of one repository shares its *common git directory*
(``git rev-parse --git-common-dir``), and the repository is identified by its ``origin``
remote's URL when it has one, else its first commit, else (no commit yet) its common
directory's path. The project name is a readable display name (the remote's repository name,
else the main worktree's folder) and eight hex digits of that identity: ``shop@3f9a12bc``.

Read from the files under ``.git`` (no ``git`` process), except the first commit, which asks
``git rev-list`` once (bounded in time). So is the branch a worktree has checked out and
the repository's default branch (:func:`branch_of`: the branch scope, docs/intake.md).
Nothing secret is kept: a remote URL's user and password are dropped before it is hashed,
and the URL itself is not stored.
"""

from __future__ import annotations

import configparser
import hashlib
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

#: Seconds allowed to ask git for the first commit.
GIT_SECONDS = 3
#: Bytes read of a ``.git`` file, ``commondir`` or ``config``.
MAX_READ = 64 * 1024
#: Hex digits of the identity in a project name.
ID_CHARS = 8


@dataclass(frozen=True)
class Repository:
    """A repository as a folder in it sees it."""

    #: The worktree's root (the folder holding ``.git``).
    root: Path
    #: The common git directory every worktree of the repository shares.
    common: Path
    #: What identifies it: ``remote:host/path``, ``commit:HASH`` or ``path:COMMON``.
    identity: str
    #: A readable name (the remote's repository name, else the main worktree's folder).
    display: str

    @property
    def project(self) -> str:
        """The project name: ``display@`` and the identity's first eight hex digits."""
        digest = hashlib.sha256(self.identity.encode()).hexdigest()[:ID_CHARS]
        return f"{self.display}@{digest}"

    def former_names(self) -> list[str]:
        """The names its memories may have been written under before: the folder names of
        its worktrees (the main one and those under ``worktrees``), as projects were named
        before they were named by repository, and its name before its first commit."""
        names = [self.root.name]
        main = self.common.parent if self.common.name == ".git" else None
        if main is not None:
            names.append(main.name)
        listed = self.common / "worktrees"
        if listed.is_dir():
            for entry in sorted(listed.iterdir())[:1000]:
                target = _read(entry / "gitdir")
                if target:  # .../<worktree>/.git
                    names.append(Path(target.strip()).parent.name)
        # before its first commit, a repository without a remote is named by its path
        names.append(Repository(self.root, self.common, f"path:{self.common}",
                                self.display).project)
        return [n for n in dict.fromkeys(n for n in names if n) if n != self.project]


def _read(path: Path) -> str | None:
    try:
        with path.open("r", encoding="utf-8", errors="replace") as handle:
            return handle.read(MAX_READ)
    except OSError:
        return None


def worktree_dir(root: Path) -> Path | None:
    """The git directory of the worktree at ``root``: ``root/.git``, or where its ``.git``
    file points (a linked worktree's own folder, holding its ``HEAD``)."""
    dot = root / ".git"
    if dot.is_dir():
        return dot
    text = _read(dot) or ""
    found = re.match(r"gitdir:\s*(.+)", text.strip())
    return (root / found.group(1).strip()).resolve() if found else None


def common_dir(root: Path) -> Path | None:
    """The common git directory of the worktree at ``root`` (``root/.git`` itself, or what
    its ``.git`` file and the worktree's ``commondir`` point to)."""
    git_dir = worktree_dir(root)
    if git_dir is None:
        return None
    pointer = _read(git_dir / "commondir")
    if pointer:
        return (git_dir / pointer.strip()).resolve()
    return git_dir.resolve()


def remote_url(common: Path) -> str | None:
    """The ``origin`` remote's URL in the repository's config, or None."""
    text = _read(common / "config")
    if not text:
        return None
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    try:
        parser.read_string(text)
    except configparser.Error:
        return None
    for section in ('remote "origin"', "remote 'origin'"):
        if parser.has_option(section, "url"):
            return parser.get(section, "url").strip() or None
    return None


def normalized_remote(url: str) -> str:
    """A remote URL as ``host/path``: scheme, user and password, port and ``.git`` dropped,
    lower-cased host, so the SSH and HTTPS forms of one remote agree."""
    text = url.strip()
    scp = re.match(r"^(?:[^@/]+@)?([^:/]+):(?!//)(.+)$", text)
    if scp and "://" not in text:
        host, path = scp.group(1), scp.group(2)
    else:
        rest = re.sub(r"^[a-zA-Z][\w+.-]*://", "", text)
        rest = rest.split("@", 1)[-1] if "@" in rest.split("/", 1)[0] else rest
        host, _, path = rest.partition("/")
        host = host.split(":", 1)[0]
    path = re.sub(r"\.git/?$", "", path.strip("/"))
    return f"{host.lower()}/{path}"


def first_commit(root: Path) -> str | None:
    """The repository's first (root) commit, the smallest hash when it has several."""
    try:
        done = subprocess.run(["git", "-C", str(root), "rev-list", "--max-parents=0", "HEAD"],
                              capture_output=True, text=True, timeout=GIT_SECONDS, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    roots = sorted(line.strip() for line in done.stdout.splitlines() if line.strip())
    return roots[0] if done.returncode == 0 and roots else None


def repository_at(root: Path) -> Repository | None:
    """The repository whose worktree is ``root`` (a folder holding ``.git``), or None."""
    common = common_dir(root)
    if common is None:
        return None
    url = remote_url(common)
    if url:
        where = normalized_remote(url)
        display = where.rsplit("/", 1)[-1] or root.name
        return Repository(root, common, f"remote:{where}", display)
    main = common.parent.name if common.name == ".git" else common.name.removesuffix(".git")
    display = main or root.name
    commit = first_commit(root)
    if commit:
        return Repository(root, common, f"commit:{commit}", display)
    return Repository(root, common, f"path:{common}", display)


#: Branch names a repository is taken to use as its default, when its ``origin`` remote
#: does not say (``refs/remotes/origin/HEAD``), in this order.
DEFAULT_NAMES = ("main", "master", "trunk", "develop")


def head_branch(root: Path) -> str | None:
    """The branch the worktree at ``root`` has checked out, or None (detached, no repo)."""
    git_dir = worktree_dir(root)
    text = _read(git_dir / "HEAD") if git_dir is not None else None
    found = re.fullmatch(r"ref:\s*refs/heads/(\S+)", (text or "").strip())
    return found.group(1) if found else None


def _has_branch(common: Path, name: str) -> bool:
    if (common / "refs" / "heads" / name).is_file():
        return True
    packed = _read(common / "packed-refs") or ""
    return any(line.endswith(f" refs/heads/{name}") for line in packed.splitlines())


def default_branch(common: Path) -> str | None:
    """The repository's default branch: what its ``origin`` remote's HEAD names, else the
    first of :data:`DEFAULT_NAMES` it has, else None (not known)."""
    text = _read(common / "refs" / "remotes" / "origin" / "HEAD") or ""
    found = re.fullmatch(r"ref:\s*refs/remotes/origin/(\S+)", text.strip())
    if found:
        return found.group(1)
    return next((n for n in DEFAULT_NAMES if _has_branch(common, n)), None)


def branch_of(root: Path) -> str | None:
    """The branch checked out at ``root`` when it is not the repository's default branch
    (what a branch-scoped fact is kept to); None on the default branch, on a detached
    HEAD, outside a repository, or when the default branch is not known."""
    try:
        branch = head_branch(root)
        common = common_dir(root) if branch else None
    except OSError:
        return None
    if branch is None or common is None:
        return None
    default = default_branch(common)
    return branch if default is not None and branch != default else None
