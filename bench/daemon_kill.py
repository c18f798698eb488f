"""kill -9 of the owner daemon while many agents write through it, repeated.

    python bench/daemon_kill.py --trials 20 --agents 16 [--profile default] [--seed 7]

One store (a temporary folder, the profile's pipeline, MiniLM on the default) is written by
``--agents`` threads, each with its own connection to the daemon, each looping ``add`` then
``search``; after a random 1-4 s the daemon is killed with SIGKILL. The next connection starts
a new daemon, which reopens the store; the script then reads back every write that was
acknowledged (its ``add`` returned), compares its content, and runs the integrity check.
One line per trial: acknowledged, lost, changed, whether the check passed. The store carries
over from trial to trial, so later trials kill a fuller store.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

from cognimem.daemon.access import open_store
from cognimem.daemon.remote import RemoteEngine
from cognimem.daemon.runtime import pid_alive, read_owner_record
from cognimem.daemon.spawn import stop_daemon
from cognimem.profile import Profile, load_profile

TOPICS = ("cache", "queue", "parser", "router", "scheduler", "migration")


def trial(profile: Profile, store: Path, number: int, agents: int,
          rng: random.Random) -> tuple[int, int, int, bool]:
    acknowledged: dict[str, str] = {}
    lock = threading.Lock()
    killed = threading.Event()
    failures: list[BaseException] = []

    def agent(n: int) -> None:
        with RemoteEngine(profile) as engine:
            i = 0
            while not killed.is_set():
                content = (f"trial {number} agent {n} note {i}: the {rng.choice(TOPICS)} "
                           f"listens on port {rng.randint(1000, 9999)}")
                i += 1
                try:
                    written = engine.add(content)
                    with lock:
                        acknowledged[written.id] = written.memory.content
                    engine.search(content[:40], k=3)
                except Exception as exc:  # after the kill: a call cut, not acknowledged
                    if not killed.is_set():
                        failures.append(exc)
                    return

    with open_store(profile) as engine:
        engine.stats()  # the daemon is up before the agents start
    owner = read_owner_record(store)
    assert owner is not None
    threads = [threading.Thread(target=agent, args=(n,)) for n in range(agents)]
    for t in threads:
        t.start()
    time.sleep(rng.uniform(1.0, 4.0))
    killed.set()
    os.kill(owner.pid, signal.SIGKILL)
    for t in threads:
        t.join(timeout=120)
    while pid_alive(owner.pid):
        time.sleep(0.05)
    if failures:
        raise SystemExit(f"trial {number}: an agent failed before the kill: {failures[0]!r}")
    with open_store(profile) as engine:
        found = engine.get_many(list(acknowledged))
        lost = len(set(acknowledged) - set(found))
        changed = sum(1 for i, m in found.items() if m.content != acknowledged[i])
        ok = engine.check().ok
    return len(acknowledged), lost, changed, ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--agents", type=int, default=16)
    parser.add_argument("--profile", default="default")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    root = Path(tempfile.mkdtemp(prefix="cognimem-kill-"))
    os.environ["COGNIMEM_RUNTIME_DIR"] = str(root / "run")
    # the agents are threads of this one process: the daemon's per-process cap must admit them
    os.environ["COGNIMEM_DAEMON_MAX_PER_PEER"] = str(max(16, 2 * args.agents))
    (root / "run").mkdir(mode=0o700)
    store = root / "store"
    profile = load_profile(args.profile, overrides={"path": str(store)})
    rng = random.Random(args.seed)
    totals = [0, 0, 0]
    clean = 0
    try:
        for number in range(args.trials):
            acknowledged, lost, changed, ok = trial(profile, store, number, args.agents, rng)
            totals = [totals[0] + acknowledged, totals[1] + lost, totals[2] + changed]
            clean += ok
            print(f"trial {number}: acknowledged {acknowledged}, lost {lost}, changed {changed}, "
                  f"check {'clean' if ok else 'FAILED'}", flush=True)
    finally:
        stop_daemon(store)
        shutil.rmtree(root, ignore_errors=True)
    print(f"{args.trials} trials: acknowledged {totals[0]}, lost {totals[1]}, changed "
          f"{totals[2]}, clean checks {clean} of {args.trials}")
    return 0 if totals[1] == totals[2] == 0 and clean == args.trials else 1


if __name__ == "__main__":
    sys.exit(main())
