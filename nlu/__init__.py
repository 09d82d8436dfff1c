"""nlu: span-mapped understanding of noisy Chinese input (typed, ASR, OCR).

    >>> import nlu
    >>> result = nlu.understand("查询 AGV-01 当前状态")
    >>> result.decision.action, result.canonical_text
    >>> result.model_dump_json(by_alias=True)   # the camelCase legacy-nlu.v1 contract

`Pipeline` is the reusable, thread-safe form for services; `understand` uses a shared
default one.
"""
from __future__ import annotations

import threading
from datetime import datetime
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from nlu.version import __version__
__all__ = ["understand", "warm_up", "Pipeline", "FeatureFlags", "InputError", "LegacyInputUnderstanding", "__version__"]

if TYPE_CHECKING:
    from nlu.contract import InputSourceKind, LegacyInputUnderstanding
    from nlu.errors import InputError
    from nlu.pipeline import FeatureFlags, Pipeline

_default: Pipeline | None = None
_default_lock = threading.Lock()


def default_pipeline() -> Pipeline:
    global _default
    if _default is None:
        with _default_lock:
            if _default is None:
                # lazy: `import nlu` stays cheap
                from nlu.pipeline import FeatureFlags, Pipeline

                _default = Pipeline(flags=FeatureFlags.from_env())
    return _default


def warm_up(*, freeze: bool = True) -> None:
    """Load everything lazy now (pack, jieba, pypinyin, rapidfuzz): for services and
    reproducible batch runs.

    Without it the first call loads them itself (about a second, before its budget starts) and
    returns what a warm call does. `freeze`: see `Pipeline.warm_up` (the loaded dictionaries
    leave the garbage collector's walk)."""
    default_pipeline().warm_up(freeze=freeze)


def understand(
    text: str,
    *,
    source: InputSourceKind = "typed",
    reference_time: datetime | str | None = None,
    alternatives: Sequence[str] | None = None,
    confidence: float | None = None,
    referents: Sequence[Mapping[str, Any]] | None = None,
    segments: Sequence[Mapping[str, Any]] | None = None,
    edited_after_capture: bool = False,
    request_id: str | None = None,
    cancel: threading.Event | None = None,
    budget_ms: float | None = None,
    catalog: Any = None,
) -> LegacyInputUnderstanding:
    """Understand one utterance with the default pipeline; see `Pipeline.understand`."""
    return default_pipeline().understand(
        text, source=source, reference_time=reference_time, alternatives=alternatives, confidence=confidence,
        referents=referents, segments=segments, edited_after_capture=edited_after_capture, request_id=request_id,
        cancel=cancel, budget_ms=budget_ms, catalog=catalog)


def __getattr__(name: str) -> Any:  # lazy: `import nlu` stays cheap
    if name in ("Pipeline", "FeatureFlags"):
        # lazy: `import nlu` stays cheap
        import nlu.pipeline as p

        return getattr(p, name)
    if name == "InputError":
        # lazy: `import nlu` stays cheap
        from nlu.errors import InputError

        return InputError
    if name == "LegacyInputUnderstanding":
        # lazy: `import nlu` stays cheap
        from nlu.contract import LegacyInputUnderstanding

        return LegacyInputUnderstanding
    raise AttributeError(f"module 'nlu' has no attribute {name!r}")
