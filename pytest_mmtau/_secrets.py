"""Scrubbing secrets from everything pytest-mmtau writes or sends to a model it does not test: reports, journals,
transcripts, cassettes, failure messages, audio file names, the LLM judge's and the LLM user's prompts.

Three sources, in this order:

1. the values of secret-looking environment variables (names containing KEY, TOKEN, SECRET, PASS, PWD, AUTH,
   CREDENTIAL, PRIVATE, SESSION, COOKIE, SIGNATURE, DSN; values of at least ``MIN_SECRET_CHARS`` characters —
   shorter ones would mask ordinary words), and of any variable whose value looks generated (one token of 20+
   letters and digits with at least 4 bits of entropy per character), together with the form the voice channel
   speaks them in ("oaikey P. zero O. nine …"), so a voice item's transcript does not spell a key out;
2. credential shapes from detect-secrets' regex detectors (AWS, GitHub, GitLab, Slack, Stripe, JWT, URL
   credentials, Twilio, SendGrid, npm, PyPI, Telegram, Discord, Azure, …), read once from the installed package;
3. a few shapes it lacks: ``sk-…`` and Google ``AIza…`` keys, GitHub fine-grained ``github_pat_…`` tokens,
   ``Bearer``/``Basic`` credentials, ``api_key=…``-style assignments and private-key blocks.

The mask contains no quote or backslash, so scrubbing serialised JSON keeps it valid. Scrub before truncating: a
cut secret no longer matches its pattern.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

MASK = "[REDACTED]"
MIN_SECRET_CHARS = 6
_SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASS|PWD|AUTH|CREDENTIAL|PRIVATE|SESSION|COOKIE|SIGNATURE|DSN",
                          re.IGNORECASE)
_NOT_SECRET_NAMES = frozenset({"PYTEST_ADDOPTS", "PASSENGER_APP_ENV"})  # names that match but carry no secret
# detect-secrets detectors left out: ones that flag what is not a credential in a support conversation (IP
# addresses, short upper-case ids), one our own block pattern replaces (private keys: it matches only the header),
# and vendor keyword detectors that cost 4-8 ms per 100 KB each for services our users' agents do not talk about
_SKIPPED_DETECTORS = frozenset({"IPPublicDetector", "PrivateKeyDetector", "ArtifactoryDetector", "CloudantDetector",
                                "IbmCloudIamDetector", "IbmCosHmacDetector", "SoftlayerDetector"})
_OWN_SHAPES = (
    re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\Z)", re.DOTALL),
    re.compile(r"\bsk-[A-Za-z0-9_\-]{8,}"),
    re.compile(r"\bAIza[0-9A-Za-z_\-]{35}"),
    re.compile(r"\bgithub_pat_[A-Za-z0-9_]{22,}"),
    re.compile(r"(?i)\b(?:bearer|basic)\s+([A-Za-z0-9._~+/\-]{8,}=*)"),
    re.compile(r"(?i)\b(?:api[_-]?key|access[_-]?token|secret|password|passwd)\s*[=:]\s*([^\s\"',;\\]{4,})"),
)


@lru_cache(maxsize=1)
def _detector_patterns() -> tuple[re.Pattern[str], ...]:
    """detect-secrets' regex detectors (compiled once); empty when the package is missing."""
    import warnings

    shown = warnings.showwarning
    try:
        return _read_detectors()
    except ImportError:  # a trimmed install: our own shapes and the environment values still apply
        return ()
    finally:
        if warnings.showwarning is not shown:
            # detect-secrets' logger setup calls logging.captureWarnings(True) on import, which would send the
            # test run's warnings (pytest's own capture included) to a log handler; give them back
            import logging

            logging.captureWarnings(False)
            warnings.showwarning = shown


def warm_up() -> None:
    """Load the detectors now (a second or more of imports on a loaded machine), before any trial's clock runs."""
    _detector_patterns()


def _read_detectors() -> tuple[re.Pattern[str], ...]:
    import importlib
    import inspect
    import pkgutil

    import detect_secrets.plugins as plugins
    from detect_secrets.plugins.base import RegexBasedDetector

    found: list[re.Pattern[str]] = []
    for info in pkgutil.iter_modules(plugins.__path__):
        module = importlib.import_module(f"{plugins.__name__}.{info.name}")
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if (issubclass(cls, RegexBasedDetector) and cls is not RegexBasedDetector
                    and cls.__module__ == module.__name__ and name not in _SKIPPED_DETECTORS):
                found.extend(p if isinstance(p, re.Pattern) else re.compile(p) for p in getattr(cls, "denylist", ()))
    return tuple(found)


_TOKEN_LIKE = re.compile(r"[A-Za-z0-9_\-+=/.]{20,}")


def _random_looking(value: str) -> bool:
    """A value shaped like a generated credential whatever its variable's name: one long token of letters and
    digits with high Shannon entropy (not a path, a URL, a word list or a version)."""
    if not _TOKEN_LIKE.fullmatch(value) or value.startswith(("/", ".", "~")) or "://" in value:
        return False
    if not (any(c.isdigit() for c in value) and any(c.isalpha() for c in value)):
        return False
    counts = {c: value.count(c) for c in set(value)}
    entropy = -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())
    return entropy >= 4.0


def _secret_values() -> tuple[str, ...]:
    """The secret values of the environment as it is now, and their spoken forms, longest first. Read on every
    scrub (a test may change the environment), judged once per distinct environment."""
    raw = getattr(os.environ, "_data", None)  # CPython's undecoded copy: a fingerprint 15x cheaper to take
    return _secrets_of(tuple(raw.items()) if isinstance(raw, dict) else tuple(os.environ.items()))


@lru_cache(maxsize=8)
def _secrets_of(fingerprint: tuple[tuple[Any, Any], ...]) -> tuple[str, ...]:
    environment = tuple(os.environ.items())  # the environment the fingerprint was just taken of
    values = {v.strip() for k, v in environment
              if (_SECRET_NAME.search(k) and k not in _NOT_SECRET_NAMES and len(v.strip()) >= MIN_SECRET_CHARS)
              or _random_looking(v.strip())}
    values |= {v.strip() for k, v in environment if k.startswith("MMTAU_") and k.endswith("_API_KEY") and v.strip()}
    forms = {form for value in values for form in _said_forms(value)}
    return tuple(sorted(values | forms, key=len, reverse=True))  # longest first: a secret containing another goes whole


@lru_cache(maxsize=256)
def _said_forms(value: str) -> tuple[str, ...]:
    """How the voice channel says ``value`` (its TTS text and its words), so a spoken secret is masked too."""
    try:
        from .voice._spoken import spoken_form
    except ImportError:
        return ()
    said = spoken_form(value)
    return tuple(form for form in {said.tts_text, " ".join(said.words)}
                 if form and form != value and len(form) >= MIN_SECRET_CHARS)


def _masked_spans(text: str) -> Iterator[tuple[int, int]]:
    for pattern in (*_detector_patterns(), *_OWN_SHAPES):
        for match in pattern.finditer(text):
            # a pattern with a group names the secret part (the password of a URL, the value after "api_key=")
            group = next((i for i in range(1, (pattern.groups or 0) + 1) if match.group(i)), 0)
            start, end = match.span(group)
            if end > start:
                yield start, end


_REMEMBERED_CHARS = 2000  # texts at least this long are remembered: a prompt repeated across trials is scanned once


def scrub(text: str) -> str:
    secrets = _secret_values()
    return _scrub_remembered(text, secrets) if len(text) >= _REMEMBERED_CHARS else _scrub(text, secrets)


@lru_cache(maxsize=64)
def _scrub_remembered(text: str, secrets: tuple[str, ...]) -> str:
    return _scrub(text, secrets)


def _scrub(text: str, secrets: tuple[str, ...]) -> str:
    for value in secrets:
        text = text.replace(value, MASK)
    spans = sorted(_masked_spans(text))
    if not spans:
        return text
    out, last = [], 0
    for start, end in spans:
        if end <= last:
            continue
        out.append(text[last:max(start, last)])
        out.append(MASK)
        last = end
    out.append(text[last:])
    return "".join(out)
