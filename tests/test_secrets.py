"""Secret scrubbing keeps serialised JSON valid and masks what it should."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from pytest_mmtau._secrets import MASK, scrub

secretish = st.sampled_from(["api_key=sk-abcdef0123456789", "Bearer abcdefghijklmnop", "password: hunter2hunter2",
                             'secret="x\\"y', "token\\", "sk-", "\\u0000", "é"])


@given(st.lists(st.one_of(st.text(max_size=20), secretish), max_size=6).map("".join))
def test_scrubbed_json_stays_valid_json(text: str) -> None:
    json.loads(scrub(json.dumps({"reason": text})))


def test_masks_env_secrets_and_credential_shapes(monkeypatch) -> None:
    monkeypatch.setenv("PAYMENTS_API_TOKEN", "zzz-private-value-42")
    out = scrub("use zzz-private-value-42 with sk-live0123456789 and Authorization: Bearer eyJhbGciOi.x and api_key=abcd1234")
    assert "zzz-private-value-42" not in out and "sk-live0123456789" not in out and "eyJhbGciOi" not in out
    assert "abcd1234" not in out and out.count(MASK) == 4
