"""Small benchmark fixtures in the official LoCoMo and LongMemEval_S formats."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

S1 = "1:56 pm on 8 May, 2023"
S2 = "10:04 am on 19 June, 2023"


def locomo_samples() -> list[dict[str, Any]]:
    """Two conversations with every evidence quirk the real data has."""
    conv_a = {
        "sample_id": "conv-a",
        "conversation": {
            "speaker_a": "Ann", "speaker_b": "Bob",
            "session_1_date_time": S1,
            "session_1": [
                {"speaker": "Ann", "dia_id": "D1:1", "text": "I adopted a puppy named Rex."},
                {"speaker": "Bob", "dia_id": "D1:2", "text": "I bought a red bicycle today."},
                {"speaker": "Ann", "dia_id": "D1:3", "text": "Look at him sleeping!",
                 "blip_caption": "a photo of a small dog on a sofa"},
            ],
            "session_2_date_time": S2,
            "session_2": [
                {"speaker": "Bob", "dia_id": "D2:1", "text": "I moved to Paris for a new job."},
                {"speaker": "Ann", "dia_id": "D2:2", "text": "Rex learned to fetch the ball."},
                {"speaker": "Bob", "dia_id": "D2:3", "text": "Paris is lovely in June."},
            ],
        },
        "qa": [
            {"question": "What is the name of Ann's puppy?", "answer": "Rex",
             "evidence": ["D1:1"], "category": 4},
            {"question": "Where did Bob move after buying a bicycle?", "answer": "Paris",
             "evidence": ["D2:1; D1:2"], "category": 1},
            {"question": "When did Ann visit?", "answer": "never", "evidence": ["D"],
             "category": 2},
            {"question": "What did Bob cook?", "answer": "soup", "evidence": ["D9:9"],
             "category": 3},
            {"question": "What did Rex learn to fetch?", "adversarial_answer": "a stick",
             "evidence": ["D2:2"], "category": 5},
            {"question": "Is there a question without evidence?", "answer": "yes",
             "category": 2},
            {"question": "When did Bob buy a red bicycle?", "answer": "8 May 2023",
             "evidence": ["D1:2"], "category": 2},
        ],
    }
    conv_b = {
        "sample_id": "conv-b",
        "conversation": {
            "speaker_a": "Cid", "speaker_b": "Dee",
            "session_1_date_time": S2,
            "session_1": [
                {"speaker": "Cid", "dia_id": "D1:1", "text": "My garden has tomatoes and basil."},
                {"speaker": "Dee", "dia_id": "D1:2", "text": "I am learning the violin."},
            ],
        },
        "qa": [
            {"question": "Which instrument is Dee learning?", "answer": "violin",
             "evidence": ["D1:2"], "category": 4},
            {"question": "What grows in Cid's garden?", "answer": "tomatoes",
             "evidence": ["D1:1 D1:2"], "category": 3},
        ],
    }
    return [conv_a, conv_b]


def _session(*turns: tuple[str, str, bool]) -> list[dict[str, Any]]:
    return [{"role": r, "content": c, "has_answer": h} for r, c, h in turns]


def lme_questions() -> list[dict[str, Any]]:
    """Four questions: two scorable, one abstention, one without user-side gold."""
    dates = ["2023/05/20 (Sat) 02:21", "2023/05/21 (Sun) 10:00", "2023/05/22 (Mon) 18:30"]
    return [
        {
            "question_id": "q1", "question_type": "single-session-user",
            "question": "What breed is my dog?", "question_date": "2023/05/30 (Tue) 23:40",
            "answer": "a beagle",
            "haystack_session_ids": ["sharegpt_x1", "answer_abc_1", "ultrachat_2"],
            "haystack_dates": dates,
            "haystack_sessions": [
                _session(("user", "Help me plan a trip to Rome.", False),
                         ("assistant", "Sure, Rome is great.", False)),
                _session(("user", "My dog is a beagle and loves walks.", True),
                         ("assistant", "Beagles are friendly.", False),
                         ("user", "He is three years old.", False)),
                _session(("user", "What is a good pasta recipe?", False)),
            ],
            "answer_session_ids": ["answer_abc_1"],
        },
        {
            "question_id": "q2", "question_type": "multi-session",
            "question": "How many instruments do I play?",
            "question_date": "2023/05/30 (Tue) 23:40", "answer": "two",
            "haystack_session_ids": ["answer_m_1", "s_2", "answer_m_2"],
            "haystack_dates": dates,
            "haystack_sessions": [
                _session(("user", "I play the violin every morning.", True)),
                _session(("user", "Tell me about tomatoes.", False)),
                _session(("user", "Which piano should I buy?", False),
                         ("assistant", "You also play the guitar, right?", True)),
            ],
            "answer_session_ids": ["answer_m_1", "answer_m_2"],
        },
        {
            "question_id": "q3_abs", "question_type": "single-session-user",
            "question": "What is my cat's name?", "question_date": "2023/05/30 (Tue) 23:40",
            "answer": "unknown", "haystack_session_ids": ["answer_z"],
            "haystack_dates": dates[:1],
            "haystack_sessions": [_session(("user", "I have no cat.", True))],
            "answer_session_ids": ["answer_z"],
        },
        {
            "question_id": "q4", "question_type": "knowledge-update",
            "question": "Where do I live?", "question_date": "2023/05/30 (Tue) 23:40",
            "answer": "Oslo", "haystack_session_ids": ["answer_n"],
            "haystack_dates": dates[:1],
            "haystack_sessions": [_session(("user", "I live in Oslo.", False))],
            "answer_session_ids": ["answer_n"],
        },
    ]


@pytest.fixture
def locomo_file(tmp_path: Path) -> Path:
    """A LoCoMo JSON file in the official format."""
    path = tmp_path / "bench" / "locomo" / "locomo_dev.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(locomo_samples()), encoding="utf-8")
    return path


@pytest.fixture
def lme_file(tmp_path: Path) -> Path:
    """A gzipped LongMemEval_S JSON file in the official format."""
    path = tmp_path / "bench" / "longmemeval" / "longmemeval_s_dev.json.gz"
    path.parent.mkdir(parents=True)
    with gzip.open(path, "wt", encoding="utf-8") as out:
        json.dump(lme_questions(), out)
    return path
