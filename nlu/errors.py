"""Numbered errors for caller mistakes (never for what a user typed).

Like spaCy's E-codes: each message has a stable code so callers and tests can match on it.
Text content never raises; wrong *arguments* from the calling program do.
"""
from __future__ import annotations


class NluError(Exception):
    code = "E000"

    def __init__(self, message: str) -> None:
        super().__init__(f"[{self.code}] {message}")


class InputError(NluError, ValueError):
    """E1xx: bad arguments to understand()/Pipeline."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


E101 = "text must be a str, got {type}"
E102 = "source must be one of typed, asr, ocr, mixed; got {value!r}"
E103 = "reference_time must be a datetime or an ISO 8601 string; got {value!r}"
E104 = "segment {index}: span [{start}, {end}) does not index the original text (UTF-16 length {length})"
E105 = "segment {index}: source must be typed, asr or ocr; got {value!r}"
E106 = "confidence must be a number in [0, 1]; got {value!r}"
E107 = "alternatives must be a list of strings"
E108 = "referent {index}: {problem}"
E109 = "budget_ms must be positive; got {value!r}"
E110 = "catalog: {problem}"
E111 = "reference_time {value!r} is out of range: the year must be between {low} and {high}"
E112 = "shadow: {problem}"
E113 = "shadow: {problem} (the allowed control labels: docs/shadow.md, 'nlu shadow report --help')"
# E12x: `nlu serve` options
E120 = "--port {port} is out of range: give 0-65535 (0 picks a free port)"
E121 = "cannot listen on {where}: {reason}"


# E13x: the pipeline's registry of components (nlu.pipeline.registry): a misconfigured component
E130 = "component {name!r}: {problem}"
E131 = "component {name!r}: {problem}"
E132 = "component {name!r}: {problem}"
E133 = "component {name!r}: {problem}"


class ComponentError(NluError, LookupError):
    """E13x: a pipeline component that is not registered, cannot be imported or cannot be built."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


class RegistryError(NluError, KeyError):
    """E21x: a flag or scratch key that `nlu.draft_keys` does not declare (a programming error)."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)

    def __str__(self) -> str:  # KeyError would print the repr of the message
        return self.args[0]


# E2xx: what went wrong inside the library. Never raised to a caller in normal operation: the
# turn degrades, the code is recorded (diagnostics / reason codes) and the traceback logged
# (logger "nlu"); strict mode (NLU_STRICT=1) re-raises instead.
E201 = "stage {stage!r} raised {exc_type}: {exc}"
E202 = "decision policy raised {exc_type}: {exc}"
E203 = "{where}: {exc_type}: {exc} (the step is skipped)"
E204 = "degraded-turn pre-scan {where}: {exc_type}: {exc} (the turn clarifies)"
E210 = "{channel} {name!r}: {problem} (nlu/draft_keys.py)"
E211 = "{channel} {name!r} is not declared in nlu/draft_keys.py"
