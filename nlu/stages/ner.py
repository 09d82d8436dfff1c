"""Stage `ner`: entities with values (design 5.5, 6.5, 7.4).

Values were already found and protected by `protect` (identifiers, times, amounts,
quantities, names) in original coordinates; terms with an instance-like entity type
(maintenance levels, workshops, depots) come from `term`. This stage turns both into
`EntityMention`s without re-scanning. An identifier keeps its characters: its canonical
value only folds width and case, and a look-alike gets none and stays unconfirmed.
"""
from __future__ import annotations

import re

from nlu.suspicious import suspicious_patterns

from nlu.draft import Draft, Entity
from nlu.catalog import lookalike_candidate
from nlu.pipeline.stage import SkipStage, Stage
from nlu.text.width import WIDTH_TABLE

# Entity types a term can stand for as a concrete mention (not a class word like "AGV").
_TERM_ENTITY_TYPES = {"maintenance_level", "organization", "location", "person"}


# a number that is a code or a setting's value, not an object (返回 409, 错误码 500, retry: 3): never a bare reference
_CODE_BEFORE = re.compile(r"(?:(?:返回|返回码|状态码|错误码|报错码|故障码|代码|报错|报|code|status|http|error|errno|err)\s*[:：=]?"
                          r"|[A-Za-z_][A-Za-z0-9_.]*\s*[:：=])\s*$",  # …or the value of a named key (retry: 3, max_retry=5)
                          re.IGNORECASE)
_CODE_AFTER = re.compile(r"\s*(?:错误|报错|状态码|错误码|故障码|码|error)", re.IGNORECASE)

class NerStage(Stage):
    name = "ner"
    capability = "ner"

    def __init__(self, pack=None) -> None:  # noqa: ANN001
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.lexicon import default_pack

        self.pack = pack or default_pack()
        self.lookalikes = dict(self.pack.lookalikes)
        self._suspicious = suspicious_patterns(self.pack)  # the pack's number words, compiled now

    def run(self, draft: Draft) -> str | None:
        values = draft.scratch.get("values")
        if values is None:
            raise SkipStage("no_protect_output")
        spans: list[tuple[int, int]] = []
        catalog = draft.scratch.get("catalog")
        lookalikes = self.lookalikes
        for v in values:
            if v.kind == "index":  # 一个 as "a", 第 1 页, a row number: protected, but counts nothing
                continue
            if v.entity_type is None:  # a bare number is a quantity without a unit
                etype, canonical = "quantity", v.canonical_value
            else:
                etype, canonical = v.entity_type, v.canonical_value
            confirmed = not v.suspicious and (canonical is not None or etype in ("person", "organization", "location"))
            conf = 1.0 if confirmed else (0.5 if v.suspicious else 0.7)
            if v.suspicious and catalog is not None:
                # only the caller's catalog may suggest what a look-alike stands for; the value
                # stays unconfirmed (never a tool parameter) and the text is not touched
                hit = lookalike_candidate(draft.original[v.o0:v.o1].translate(WIDTH_TABLE), etype, lookalikes, catalog)
                if hit is not None:
                    canonical = hit
                    draft.scratch.setdefault("catalog_candidates", {})[(v.o0, v.o1)] = hit
            draft.entities.append(Entity(draft.new_entity_id(), etype, v.o0, v.o1, canonical, conf,
                                         protected=True, confirmed=confirmed))
            spans.append((v.o0, v.o1))
        for t in draft.terms:
            if t.entity_type not in _TERM_ENTITY_TYPES or not t.confirmed:
                continue
            if any(t.o0 < b and a < t.o1 for a, b in spans):
                continue
            draft.entities.append(Entity(draft.new_entity_id(), t.entity_type, t.o0, t.o1, t.canonical_text,
                                         round(t.confidence, 4), protected=t.entity_type == "person", confirmed=True,
                                         domain=t.domain))
            spans.append((t.o0, t.o1))
        self._bare_reference(draft, values)
        draft.entities.sort(key=lambda e: (e.o0, e.o1))
        for i, e in enumerate(draft.entities, 1):  # ids in reading order: e1, e2, …
            e.id = f"e{i}"
        return None

    def _bare_reference(self, draft: Draft, values) -> None:  # noqa: ANN001
        """`查 01`, `3号车`: a bare number standing where an object should be names no object yet."""
        if any(v.kind == "identifier" for v in values):
            return
        for v in values:
            raw = draft.original[v.o0:v.o1].strip()
            if v.kind == "spoken_identifier":  # 3号车: an AGV or a locomotive, which one?
                draft.raise_flag("bare_reference")
                return
            # (AGV - 22: the number of an identifier written with spaces is not bare)
            if v.kind == "number" and raw.isdigit() and len(raw) <= 3 and not self._suspicious.joins_identifier(draft.original, v.o0) \
                    and not _CODE_BEFORE.search(draft.original[max(0, v.o0 - 8):v.o0]) \
                    and not _CODE_AFTER.match(draft.original, v.o1) and not _field_value(draft.original, v.o0):
                draft.raise_flag("bare_reference")
                return


_FIELD_MARK = re.compile(r"[:：=]\s*$")
_PASTED_LINES = 3  # a pasted record, table or dashboard: lines above the user's own closing line


def _field_value(text: str, at: int) -> bool:
    """The number at `at` is a field's value in pasted material (失败：57, 在线 37 on a dashboard line
    of three or more): a reading of the record, not an object the user names."""
    if _FIELD_MARK.search(text, max(0, at - 4), at):
        return True
    line_end = text.find("\n", at)
    return line_end >= 0 and text.count("\n") + 1 >= _PASTED_LINES
