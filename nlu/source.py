"""The input adapter (design 5.1): one `SourceInfo` for typed, ASR, OCR and mixed input.

Alternatives, confidence and per-segment provenance are carried only when the caller
provides them — never invented. The reference time defaults to now; the timezone is fixed
to Asia/Shanghai. Bad arguments are clear `InputError`s; bad *text* never is.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any, Mapping, Sequence

from nlu import errors
from nlu.text.utf16 import Utf16Index, utf16_len

# China Standard Time, +08:00 in every year (ontology): the zone database would read a naive
# reference of 1986-1991 summers as +09:00 and one before 1901 as +08:05:43
SHANGHAI = timezone(timedelta(hours=8), "Asia/Shanghai")
SOURCE_KINDS = ("typed", "asr", "ocr", "mixed")
MAX_REFERENT_TURNS = 3
MAX_REFERENT_TTL = timedelta(minutes=15)
#: accepted years of a reference time: a send time, with room for date arithmetic on either side
REFERENCE_YEARS = (1900, 2999)

# Input gates (design 15.2)
FULL_PATH_MAX_CP = 500
DETERMINISTIC_MAX_CP = 4000
MAX_UTF8_BYTES = 32 * 1024


@dataclass(frozen=True, slots=True)
class Segment:
    start: int  # code points in the original text
    end: int
    source: str
    confidence: float | None
    edited_after_capture: bool


@dataclass(frozen=True, slots=True)
class Referent:
    """A confirmed short-term referent (design 7.6 ReferentEntry) passed by the caller."""

    canonical_id: str
    entity_type: str
    display_name: str
    domain: str | None
    turn_id: str | None = None


@dataclass(frozen=True, slots=True)
class SourceInfo:
    kind: str
    reference_time: datetime
    overall_confidence: float | None = None
    alternatives: tuple[str, ...] | None = None
    edited_after_capture: bool = False
    segments: tuple[Segment, ...] = ()
    referents: tuple[Referent, ...] = field(default_factory=tuple)


def sanitize_text(text: Any) -> tuple[str, bool]:
    """Lone surrogates cannot travel in UTF-8 JSON; they become U+FFFD (same UTF-16 length)."""
    if not isinstance(text, str):
        raise errors.InputError("E101", errors.E101.format(type=type(text).__name__))
    try:
        text.encode("utf-8")
        return text, False
    except UnicodeEncodeError:
        return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text), True


def parse_reference_time(value: datetime | str | None) -> datetime:
    given = value
    if value is None:
        return datetime.now(SHANGHAI)
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            raise errors.InputError("E103", errors.E103.format(value=value)) from None
    if not isinstance(value, datetime):
        raise errors.InputError("E103", errors.E103.format(value=value))
    if value.tzinfo is None:
        value = value.replace(tzinfo=SHANGHAI)
    # Checked before the conversion: near year 1 or 9999 the shift to Asia/Shanghai itself
    # overflows, and relative times (明年, 下个月) are resolved by date arithmetic after it.
    if not REFERENCE_YEARS[0] <= value.year <= REFERENCE_YEARS[1]:
        raise errors.InputError("E111", errors.E111.format(value=given, low=REFERENCE_YEARS[0],
                                                           high=REFERENCE_YEARS[1]))
    try:
        return value.astimezone(SHANGHAI)
    except (OverflowError, ValueError):  # a tzinfo whose offset cannot be applied
        raise errors.InputError("E103", errors.E103.format(value=value)) from None


def _confidence(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= float(value) <= 1.0:
        raise errors.InputError("E106", errors.E106.format(value=value))
    return float(value)


def _segments(text: str, segments: Sequence[Mapping[str, Any]] | None) -> tuple[Segment, ...]:
    if not segments:
        return ()
    index = Utf16Index(text)
    length = utf16_len(text)
    out = []
    for i, seg in enumerate(segments):
        span = seg.get("span", seg)
        start, end = span.get("start"), span.get("end")
        if not (isinstance(start, int) and isinstance(end, int) and 0 <= start <= end <= length):
            raise errors.InputError("E104", errors.E104.format(index=i, start=start, end=end, length=length))
        if span.get("space", "original") != "original":
            raise errors.InputError("E104", errors.E104.format(index=i, start=start, end=end, length=length) + "; space must be 'original'")
        src = seg.get("source")
        if src not in ("typed", "asr", "ocr"):
            raise errors.InputError("E105", errors.E105.format(index=i, value=src))
        try:
            cp0, cp1 = index.to_codepoint(start), index.to_codepoint(end)
        except ValueError:
            raise errors.InputError("E104", errors.E104.format(index=i, start=start, end=end, length=length) + " (inside a surrogate pair)") from None
        out.append(Segment(cp0, cp1, src, _confidence(seg.get("confidence")),
                           bool(seg.get("editedAfterCapture", seg.get("edited_after_capture", False)))))
    return tuple(out)


def _referents(referents: Sequence[Mapping[str, Any]] | None, now: datetime) -> tuple[Referent, ...]:
    """Keep referents that are unexpired (TTL ≤ 15 min) and from the last 3 turns."""
    if not referents:
        return ()
    kept: list[Referent] = []
    turns: list[str] = []
    for i, r in enumerate(referents):
        if not isinstance(r, Mapping):
            raise errors.InputError("E108", errors.E108.format(index=i, problem="must be a mapping"))
        cid = r.get("canonicalId", r.get("canonical_id"))
        etype = r.get("entityType", r.get("entity_type"))
        if not isinstance(cid, str) or not cid or not isinstance(etype, str) or not etype:
            raise errors.InputError("E108", errors.E108.format(index=i, problem="canonicalId and entityType are required strings"))
        mentioned, expires = r.get("mentionedAt"), r.get("expiresAt")
        if expires is not None:
            exp = parse_reference_time(expires)
            if exp <= now:
                continue
            if mentioned is not None and exp - parse_reference_time(mentioned) > MAX_REFERENT_TTL:
                exp = parse_reference_time(mentioned) + MAX_REFERENT_TTL
                if exp <= now:
                    continue
        elif mentioned is not None and now - parse_reference_time(mentioned) > MAX_REFERENT_TTL:
            continue
        turn = r.get("turnId")
        if turn is not None and turn not in turns:
            turns.append(turn)
        kept.append(Referent(cid, etype, str(r.get("displayName") or cid), r.get("domain"), turn))
    if len(turns) > MAX_REFERENT_TURNS:
        recent = set(turns[-MAX_REFERENT_TURNS:])
        kept = [r for r in kept if r.turn_id is None or r.turn_id in recent]
    return tuple(kept)


def build_source(
    text: str,
    *,
    source: str,
    reference_time: datetime | str | None,
    alternatives: Sequence[str] | None,
    confidence: float | None,
    segments: Sequence[Mapping[str, Any]] | None,
    referents: Sequence[Mapping[str, Any]] | None,
    edited_after_capture: bool,
) -> SourceInfo:
    if source not in SOURCE_KINDS:
        raise errors.InputError("E102", errors.E102.format(value=source))
    ref = parse_reference_time(reference_time)
    if alternatives is not None:
        if isinstance(alternatives, str) or not all(isinstance(a, str) for a in alternatives):
            raise errors.InputError("E107", errors.E107)
        alternatives = tuple(sanitize_text(a)[0] for a in alternatives)
    return SourceInfo(
        kind=source,
        reference_time=ref,
        overall_confidence=_confidence(confidence),
        alternatives=alternatives or None,
        edited_after_capture=bool(edited_after_capture),
        segments=_segments(text, segments),
        referents=_referents(referents, ref),
    )


def length_gate(text: str) -> str | None:
    """'too_long' (no rewrite at all), 'long' (deterministic only) or None (full path)."""
    n = len(text)
    if n > DETERMINISTIC_MAX_CP or len(text.encode("utf-8")) > MAX_UTF8_BYTES:
        return "too_long"
    if n > FULL_PATH_MAX_CP:
        return "long"
    return None
