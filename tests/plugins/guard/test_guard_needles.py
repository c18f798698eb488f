"""The one-pass substring table gives what a loop of ``in`` tests gives."""

from __future__ import annotations

import pytest

from cognimem_plugins.guard.needles import Needles


def test_found_is_every_needle_present_in_table_order() -> None:
    rows = [("your", 1), ("ok", 2), ("you", 3), ("book", 4), ("ok", 5), ("zzz", 6)]
    table = Needles(rows)
    for text in ("", "a book for you", "yours ok", "nothing here", "okokok your"):
        assert table.found(text) == [v for n, v in rows if n in text]


def test_holds_is_any_needle_present() -> None:
    table = Needles([("pass", "pass"), ("-p", "-p")])
    assert table.holds("my passport")
    assert table.holds("mysql -p")
    assert not table.holds("a plain note")
    assert not Needles([]).holds("anything")
    assert Needles([]).found("anything") == []


def test_a_table_is_not_changed_by_the_texts_it_reads() -> None:
    table = Needles([("key", 1), ("token", 2)])
    assert table.found("token and key") == [1, 2]
    assert table.found("only key") == [1]
    assert table.found("neither") == []


def test_an_empty_needle_is_refused() -> None:
    with pytest.raises(ValueError, match="empty"):
        Needles([("", 1)])


def test_redact_draft_copies_the_source_only_when_a_string_of_it_changed() -> None:
    from cognimem.models import MemoryDraft, Source
    from cognimem_plugins.guard.screening import redact_draft

    key = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5"
    clean = MemoryDraft(content="a note", source=Source(file="notes.md", line=3))
    out, found = redact_draft(clean)
    assert found == [] and out.source == clean.source

    leaky = MemoryDraft(content="a note", source=Source(url=f"https://x.test/?t={key}",
                                                        file="notes.md", line=3))
    out, found = redact_draft(leaky)
    assert [field for field, _ in found] == ["source.url"]
    assert key not in str(out.source.url) and "[REDACTED:" in str(out.source.url)
    assert (out.source.file, out.source.line) == ("notes.md", 3)
    assert key in str(leaky.source.url)  # the caller's draft is left as it was


def test_unpunctuate_reads_punctuation_as_spaces_as_the_str_table_does() -> None:
    import string

    from cognimem_plugins.guard.normalise import PUNCTUATION, unpunctuate

    texts = ["", "plain words", string.printable, "you're *bold* # heading: a-b_c",
             "caf\u00e9 \u2019quoted\u2019 \u043f\u0430\u0440\u043e\u043b\u044c!", "x\u2019s"]
    for text in texts:
        assert unpunctuate(text) == text.translate(PUNCTUATION)
    assert unpunctuate(string.punctuation) == " " * len(string.punctuation)
