"""No silent failure (issue 13, part 6): an exception inside the library is recorded with a
numbered code (`nlu.errors` E2xx), logged with its traceback on the `nlu` logger, and — in
strict mode — re-raised.

Strict mode (`NLU_STRICT=1`; the test suite turns it on in `tests/conftest.py`) is for
development and CI: a stage bug shows up as the real exception instead of a quietly
degraded turn. In production the turn degrades (design 18) and the log says why.
"""
from __future__ import annotations

import logging
import os

from nlu import errors

log = logging.getLogger("nlu")

_TRUE = frozenset({"1", "true", "yes", "on"})


def strict_from_env(environ: dict[str, str] | None = None) -> bool:
    env = os.environ if environ is None else environ
    return env.get("NLU_STRICT", "").strip().lower() in _TRUE


def stage_failed(stage: str, exc: BaseException) -> str:
    """Log a stage's exception with its traceback; the diagnostic's reason code."""
    log.error("[E201] " + errors.E201.format(stage=stage, exc_type=type(exc).__name__, exc=exc), exc_info=exc)
    return f"E201:exception:{type(exc).__name__}"


def policy_failed(exc: BaseException) -> str:
    log.error("[E202] " + errors.E202.format(exc_type=type(exc).__name__, exc=exc), exc_info=exc)
    return f"E202:policy_error:{type(exc).__name__}"


def step_failed(where: str, exc: BaseException) -> None:
    """A step inside a stage that may be skipped (a suggestion check, an optional model):
    logged, and re-raised in strict mode."""
    log.warning("[E203] " + errors.E203.format(where=where, exc_type=type(exc).__name__, exc=exc), exc_info=exc)
    if strict_from_env():
        raise exc


def prescan_failed(where: str, exc: BaseException) -> str:
    """The degraded-turn pre-scan itself failed (building it, or scanning): logged; the turn
    then clarifies (it never falls open)."""
    log.error("[E204] " + errors.E204.format(where=where, exc_type=type(exc).__name__, exc=exc), exc_info=exc)
    return f"E204:prescan_error:{type(exc).__name__}"
