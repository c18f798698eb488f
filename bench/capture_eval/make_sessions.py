# ruff: noqa: E501  (the logs are data: one turn a line)
"""Writes the hand-made agent sessions of the capture evaluation (transcripts/*.jsonl,
*.md, *.txt): realistic Claude Code and Codex sessions with tool calls, narration and the
facts a user would want kept, and plain and markdown chat logs.

    python bench/capture_eval/make_sessions.py
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent / "transcripts"

# (role, text, tools called after the text)
BILLING = [
    ("user", "The billing export job is timing out in production. Can you look at "
             "services/billing/export.py and figure out why?", ()),
    ("assistant", "I'll read the file first.", ("Read",)),
    ("assistant", "Let me check how the export query is built.", ("Grep",)),
    ("assistant", "The export loads every invoice row into memory before writing the CSV. "
                  "With 2.4 million invoices that takes about 9 minutes, and the job timeout "
                  "is 300 s.", ()),
    ("user", "Ok. We decided last sprint that exports must stream, so let's do that. Don't "
             "raise the timeout.", ()),
    ("assistant", "I'll rewrite `export_invoices` to stream rows with a server-side cursor "
                  "in batches of 5,000.", ("Edit",)),
    ("assistant", "Now I'll run the tests.", ("Bash",)),
    ("assistant", "The test `test_export_large` failed with AssertionError: expected 12 "
                  "rows, got 10. The fix was to flush the last partial batch after the loop.",
     ("Edit",)),
    ("assistant", "Running the suite again.", ("Bash",)),
    ("assistant", "All 48 tests pass now. The export of the staging dataset finished in 41 s "
                  "with peak memory of 180 MB.", ()),
    ("user", "Great. Priya owns the billing service, so tag her on the PR. And please always "
             "run `make check` before you push anything in this repo.", ()),
    ("assistant", "Will do. I'll open the PR against the release/2.3 branch.", ("Bash",)),
    ("user", "Let's go with v2.3.1 as the version for this fix.", ()),
    ("assistant", "Done: bumped the version to v2.3.1 in pyproject.toml and opened PR #482 "
                  "with Priya as reviewer.", ()),
    ("user", "Thanks! I need to remember to update the runbook in docs/runbooks/billing.md "
             "by Friday.", ()),
    ("assistant", "I've added a TODO in the PR description so it doesn't get lost.", ()),
]

AUTH = [
    ("user", "Login is broken on the staging site since this morning. Users get a 500 after "
             "the OAuth redirect.", ()),
    ("assistant", "Let me look at the logs.", ("Bash",)),
    ("assistant", "The logs show KeyError: 'id_token' in auth/callback.py line 88. The "
                  "identity provider stopped sending id_token because the scope list lost "
                  "`openid`.", ()),
    ("assistant", "I'll check the config where the scopes are set.", ("Read",)),
    ("assistant", "The scopes come from config/auth.yaml, and a commit yesterday replaced "
                  "them with just `email profile`.", ()),
    ("user", "Who changed that? Marco maintains the auth config, I think.", ()),
    ("assistant", "The commit is by Marco, yes: a2f91c3 \"trim scopes\".", ()),
    ("user", "Ok, restore openid. We agreed that auth config changes need a second reviewer "
             "from now on.", ()),
    ("assistant", "I'll restore `openid email profile` in config/auth.yaml.", ("Edit",)),
    ("assistant", "I'm going to run the auth tests now.", ("Bash",)),
    ("assistant", "The auth tests pass. I also added a test that fails if `openid` is "
                  "missing from the scopes.", ()),
    ("user", "I prefer pytest fixtures over setUp methods, so rewrite that test as a "
             "fixture.", ()),
    ("assistant", "Sure, I'll convert it to a fixture.", ("Edit",)),
    ("assistant", "Converted: the new fixture lives in tests/auth/conftest.py.", ()),
    ("user", "The session cookie lifetime should be 8 hours, not 24. Set "
             "SESSION_TTL=28800.", ()),
    ("assistant", "I've set SESSION_TTL=28800 in config/auth.yaml and deployed to staging "
                  "with `make deploy-staging`.", ("Bash",)),
    ("user", "Perfect. I'll ask Marco to review it tomorrow.", ()),
]

FRONTEND = [
    ("user", "We need a dark mode for the dashboard. What would you suggest?", ()),
    ("assistant", "There are two common ways: CSS custom properties toggled by a class on "
                  "the root element, or a theme object in the styled-components provider. "
                  "Custom properties are simpler and work without JavaScript for the first "
                  "paint.", ()),
    ("user", "Let's use CSS custom properties then. Our design tokens are in "
             "web/src/styles/tokens.css.", ()),
    ("assistant", "Let me read the tokens file.", ("Read",)),
    ("assistant", "I'll add a `[data-theme=dark]` block with the dark palette.", ("Edit",)),
    ("assistant", "I'm checking where the theme toggle should go.", ("Grep",)),
    ("assistant", "The header component in web/src/components/Header.tsx is the natural "
                  "place for the toggle.", ()),
    ("user", "Never use inline styles for this, and keep the contrast ratio at least 4.5:1 "
             "for body text.", ()),
    ("assistant", "Understood. I'll use only the custom properties, no inline styles.",
     ("Edit",)),
    ("assistant", "The build failed: TypeError: Cannot read properties of undefined (reading "
                  "'matches') in useTheme.ts. The root cause is that window.matchMedia is "
                  "undefined in the jsdom test environment.", ()),
    ("assistant", "I fixed it by mocking matchMedia in web/src/setupTests.ts.", ()),
    ("user", "Nice. The dashboard's p95 render time must stay under 200 ms, please check.",
     ()),
    ("assistant", "I'll run the Lighthouse benchmark.", ("Bash",)),
    ("assistant", "The p95 render time is 164 ms with dark mode on, and 158 ms without.", ()),
    ("user", "Good. Sam is on-call for the frontend this week, so ping him if the deploy "
             "breaks.", ()),
    ("assistant", "Okay! Anything else?", ()),
    ("user", "No, that's all for today.", ()),
]

CODEX = [
    ("user", "Migrate the CI from Travis to GitHub Actions. The config is .travis.yml.", ()),
    ("assistant", "I'll look at the current Travis config.", ("shell",)),
    ("assistant", "Travis runs three jobs: lint, unit tests on Python 3.11 and 3.12, and a "
                  "docs build.", ()),
    ("user", "We only support Python 3.12 from now on; drop 3.11.", ()),
    ("assistant", "I'll write .github/workflows/ci.yml with lint, tests on 3.12 and docs.",
     ("apply_patch",)),
    ("assistant", "Let me validate the workflow syntax.", ("shell",)),
    ("assistant", "The workflow is valid. The cache key uses the hash of uv.lock.", ()),
    ("user", "Use uv for installs, not pip. And the docs job should only run on main.", ()),
    ("assistant", "Updated: installs use `uv sync --frozen` and the docs job has `if: "
                  "github.ref == 'refs/heads/main'`.", ("apply_patch",)),
    ("user", "Chen owns the docs site, he'll want to know the job moved.", ()),
    ("assistant", "I'll mention Chen in the PR description.", ()),
    ("user", "We decided to keep Travis running in parallel for two weeks before deleting "
             "it.", ()),
    ("assistant", "Noted: .travis.yml stays until the switch is confirmed.", ()),
]

PLAIN = """User: I'm setting up the home server again. It's the Intel NUC with 32 GB of RAM.
Assistant: Nice, a NUC with 32 GB is plenty for a few containers. What do you want to run?
User: Jellyfin, Home Assistant and a Postgres 15 for my budget app. I want everything in docker compose.
Assistant: That works. I'd put each service in its own compose file and use a shared network. Jellyfin usually wants hardware transcoding, so pass /dev/dri into the container.
User: My media library is on the Synology at 192.168.1.20, mounted at /mnt/media.
Assistant: Then mount /mnt/media read-only into Jellyfin. For Home Assistant, use host networking so discovery works.
User: I decided to use Caddy as the reverse proxy instead of nginx.
Assistant: Good choice, Caddy handles TLS certificates automatically. Your Caddyfile would have one block per service.
User: The domain is home.example.net and I want Jellyfin at media.home.example.net.
Assistant: I'll write the Caddyfile entries for you: media.home.example.net goes to jellyfin:8096.
User: Backups run every night at 03:00 to a Backblaze B2 bucket with restic.
Assistant: Make sure the restic password is stored outside the compose files, for example in a .env file with mode 600.
User: Thanks, that's helpful.
Assistant: You're welcome! Let me know if you want the full compose files.
"""

MARKDOWN = """# Planning chat, 2026-03-02

**User:** I'm planning the team offsite for April. There are 14 of us.

**Assistant:** Sounds fun! Do you have a location or budget in mind?

**User:** The budget is 9,000 EUR in total, and we'd like somewhere within 2 hours of Berlin by train.

**Assistant:** Leipzig, Dresden and the Baltic coast around Rostock are all within about two hours. Leipzig has good venues for groups of 10 to 20.

**User:** Let's go with Leipzig. Ana prefers a hotel with its own meeting room.

**Assistant:** Then look at hotels near the main station; several have meeting rooms for 15 to 20 people.

**User:** We'll travel on April 16 and come back on the 18th. I'm vegetarian, and two people have nut allergies.

**Assistant:** Noted. When you book the dinner, ask for a vegetarian menu and flag the nut allergies in advance.

**User:** I need to send the invitations by March 10.

**Assistant:** I can draft the invitation text if you like. You might also want a short survey about dietary needs.

**User:** Yes please draft it. Tom handles the travel bookings, so copy him.

**Assistant:** Here is a draft: "Dear team, our offsite will be in Leipzig from April 16 to 18..."
"""


def claude_code(turns: list[tuple[str, str, tuple[str, ...]]], session: str) -> str:
    lines = []
    for n, (role, text, tools) in enumerate(turns):
        if role == "user":
            lines.append({"type": "user", "sessionId": session, "uuid": f"u{n}",
                          "message": {"role": "user", "content": text}})
            continue
        blocks: list[dict[str, object]] = [{"type": "text", "text": text}]
        blocks += [{"type": "tool_use", "id": f"t{n}{i}", "name": tool, "input": {}}
                   for i, tool in enumerate(tools)]
        lines.append({"type": "assistant", "sessionId": session, "uuid": f"a{n}",
                      "message": {"role": "assistant", "content": blocks}})
        for i, _tool in enumerate(tools):
            lines.append({"type": "user", "sessionId": session, "message": {
                "role": "user", "content": [{"type": "tool_result", "tool_use_id": f"t{n}{i}",
                                             "content": "(output)"}]}})
    return "\n".join(json.dumps(line) for line in lines) + "\n"


def codex(turns: list[tuple[str, str, tuple[str, ...]]], session: str) -> str:
    lines: list[dict[str, object]] = [{"type": "session_meta", "payload": {"id": session}}]
    for role, text, tools in turns:
        block = "input_text" if role == "user" else "output_text"
        lines.append({"type": "response_item", "payload": {
            "type": "message", "role": role, "content": [{"type": block, "text": text}]}})
        lines += [{"type": "response_item", "payload": {"type": "function_call", "name": t,
                                                         "arguments": "{}"}} for t in tools]
    return "\n".join(json.dumps(line) for line in lines) + "\n"


def main() -> None:
    HERE.mkdir(exist_ok=True)
    (HERE / "cc-billing.jsonl").write_text(claude_code(BILLING, "cc-billing"), encoding="utf-8")
    (HERE / "cc-auth.jsonl").write_text(claude_code(AUTH, "cc-auth"), encoding="utf-8")
    (HERE / "cc-frontend.jsonl").write_text(claude_code(FRONTEND, "cc-frontend"),
                                            encoding="utf-8")
    (HERE / "codex-ci.jsonl").write_text(codex(CODEX, "codex-ci"), encoding="utf-8")
    (HERE / "plain-homeserver.txt").write_text(PLAIN, encoding="utf-8")
    (HERE / "md-offsite.md").write_text(MARKDOWN, encoding="utf-8")


if __name__ == "__main__":
    main()
