"""The stage interface: a name, the flag that switches it off, and one `run` method.

The runner owns timing, diagnostics, flags, budgets and cancellation, so a stage only does
its one job on the draft. `run` returns an optional reason code for its diagnostic.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from nlu.draft import Draft


class SkipStage(Exception):
    """Raised by a stage that has nothing to do for this draft (recorded as `skipped`)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Stage:
    name: ClassVar[str]  # one of the contract's StageName values
    capability: ClassVar[str]  # the feature flag that switches it off
    # Safety kernel (design 18): if this stage fails, the turn falls back to raw pass-through.
    kernel: ClassVar[bool] = False
    # Deterministic stages also run on 501–4,000 code point inputs (design 15.2).
    deterministic: ClassVar[bool] = False

    def run(self, draft: "Draft") -> str | None:  # pragma: no cover - interface
        raise NotImplementedError
