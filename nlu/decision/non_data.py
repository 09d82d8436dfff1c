"""Is the turn a data question at all? (design 15.3, 7.8; issue 18)

Only a data question with no domain is asked for its domain. A greeting, a thank-you,
chit-chat or a general question that names nothing of the business passes through untouched
(`use_original`, reason `non_data_text`) — asking "AGV 调度还是机车检修？" about 你好 is an
unnecessary question. The judgement, most certain first:

1. anything of the business — an object, an identifier (or a look-alike, or a bare prefix
   such as `ST`), a business term, a domain, an action, a number, a negation, a comparison,
   a flag that must be asked about, a correction — makes it a data question;
2. nothing but hesitation (嗯, 呃) is nothing said yet: asked again, like an empty input;
3. a data word (问题, 数据, 进度, 负责 …) makes it a data question, however vague;
4. a content word foreign to the pack (天气, 下班, 截屏: jieba's part of speech) makes it
   text about something else;
5. a question word of the pack's templates (怎么样, 多少) or a time with nothing else is a
   vague data question (最近怎么样), asked about as before; anything else (你是谁, 在吗) is not.

Vocabulary: `lexicons/non_data.json`, corpus `lexicons/corpora/non_data.json`. jieba's
tagger is loaded by `warm_up()`; until it is, step 4 cannot be taken and the turn is
treated as a data question (the conservative side: asked, as before).
"""
from __future__ import annotations

import re

from nlu.draft import Draft
from nlu.suspicious import find_suspicious
from nlu.text.pos import pos_tagger

BUSINESS = "business"
EMPTY = "empty"
NON_DATA = "non_data"

# Flags that show the text is about the business, or must be asked about whatever it is.
_DATA_SIGNALS = frozenset({"injection_flag", "unresolved_coreference", "ambiguous_coreference", "bare_reference",
                           "ambiguous_term", "ambiguous_correction", "lookalike_identifier", "write_without_object",
                           "cross_domain", "template_conflict", "missing_action"})
_BUSINESS_DOMAINS = frozenset({"agv", "rail"})
# Entity types that are values, not objects: a time or a number alone names nothing of the business.
_VALUE_TYPES = frozenset({"time", "time_range", "quantity", "amount"})
_LATIN = re.compile(r"[A-Za-z]+")


class NonDataJudge:
    def __init__(self, pack) -> None:  # noqa: ANN001
        from nlu.lexicon import load_data_file

        data = load_data_file("non_data.json")
        self.data_words = tuple(data["dataWords"])
        self.content_tags = frozenset(data["contentTags"])
        self.skip_words = frozenset(data["lightWords"]) | frozenset(pack.politeness_words) | frozenset(pack.discourse_words)
        self.discourse = tuple(sorted(pack.discourse_words, key=len, reverse=True))
        self.pack_words = tuple(sorted({s for t in pack.terms for s in t.surfaces if len(s) >= 2}, key=len, reverse=True))
        self.data_words = tuple(sorted(self.data_words, key=len, reverse=True))
        self.trigger_words = frozenset(w for tpl in pack.templates.values() for w in tpl.triggers) | frozenset(
            s for t in pack.terms if t.category == "template_trigger" for s in t.surfaces)
        self.id_prefixes = frozenset(m.group(0).upper() for p in pack.identifier_patterns
                                     if (m := _LATIN.match(p.example)))
        self.id_patterns = tuple(p.pattern for p in pack.identifier_patterns)
        self.pos = pos_tagger(pack)

    # -- loading ------------------------------------------------------------------------
    def warm_up(self) -> None:
        """Load jieba's part-of-speech tagger (blocking, ~0.5 s once)."""
        self.pos.load()

    # -- the judgement --------------------------------------------------------------------
    def verdict(self, draft: Draft, flags: set[str]) -> str:
        if self._business(draft, flags) or self._suspicious(draft):
            return BUSINESS
        text = draft.text
        if self._only_discourse(text):
            return EMPTY
        if any(m.group(0).upper() in self.id_prefixes for m in _LATIN.finditer(text)):
            return BUSINESS  # ST, AGV: an identifier begun, not finished
        if any(w in text for w in self.data_words):
            return BUSINESS
        if not self.pos.ready():
            self.pos.load_in_background()
            return BUSINESS  # cannot tell yet: ask, as a data question would be
        if self._foreign_content(text):
            return NON_DATA
        if any(w in text for w in self.trigger_words) or any(e.type in _VALUE_TYPES for e in draft.entities):
            return BUSINESS
        return NON_DATA

    @staticmethod
    def _business(draft: Draft, flags: set[str]) -> bool:
        if flags & _DATA_SIGNALS or draft.domain_candidates or draft.relations:
            return True
        if any(t.domain in _BUSINESS_DOMAINS or (t.entity_type is not None and t.entity_type not in _VALUE_TYPES)
               for t in draft.terms):
            return True
        if any(e.type not in _VALUE_TYPES for e in draft.entities):
            return True
        # an action, a number, an amount, a negation or a comparison makes even a fragment a
        # request about data (查询 / 两千块以内的 / 不少于 3 个的 / 不要)
        if any(p.kind != "time" or p.suspicious for p in draft.protected):
            return True
        if any(f.write for f in draft.frames) or draft.scratch.get("suggestions"):
            return True
        return any(o.applied and o.edit.type in ("typo", "asr", "ocr") for o in draft.edits)

    def _suspicious(self, draft: Draft) -> bool:
        """АGV-01 (a Cyrillic А), T-20260102411: a look-alike or malformed key is business."""
        valid = [draft.to_current(p.o0, p.o1) for p in draft.protected if p.kind == "identifier"]
        return bool(find_suspicious(draft.text, valid, self.id_patterns))

    def _only_discourse(self, text: str) -> bool:
        rest = "".join(ch for ch in text if ch.isalnum())
        for w in self.discourse:
            rest = rest.replace(w, "")
        return not rest

    def _foreign_content(self, text: str) -> bool:
        """A content word (noun, verb, adjective, Latin word) that is neither the pack's
        vocabulary nor a light or social word: the text is about something else."""
        for word, tag in self.pos.cut(text):
            if tag not in self.content_tags or word in self.skip_words:
                continue
            if not self._uncovered(word):
                continue
            return True
        return False

    def _uncovered(self, word: str) -> str:
        """What of `word` is left once the pack's and the data words are taken out (情况汇报 →
        nothing; 今天天气 → 天气)."""
        for w in self.pack_words + self.data_words:
            if w in word:
                word = word.replace(w, "")
        return "".join(ch for ch in word if ch.isalnum())
