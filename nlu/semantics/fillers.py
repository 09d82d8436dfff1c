"""Fillers: what a speaker says while saying nothing yet (嗯，呃，那个，就是).

One test, shared by the coreference stage (is a demonstrative only hesitating?) and the
non-data judge (is the turn nothing but hesitation?): strip every character that is not a
letter or a digit (pauses, punctuation, spaces, emoji) and the pack's discourse words
(`lexicons/fillers.json`, `discourse`), optionally its politeness words too, and see whether
anything is left.
"""
from __future__ import annotations


class Fillers:
    def __init__(self, pack) -> None:  # noqa: ANN001
        # longest first, so 嗯嗯 goes before 嗯 and 就是说 before 就是
        self.discourse = tuple(sorted(set(pack.discourse_words), key=lambda w: (-len(w), w)))
        self.social = tuple(sorted(set(pack.discourse_words) | set(pack.politeness_words), key=lambda w: (-len(w), w)))

    def rest(self, text: str, social: bool = False) -> str:
        """`text` without non-alphanumeric characters and filler words (politeness words as
        well with `social`)."""
        rest = "".join(ch for ch in text if ch.isalnum())
        for word in self.social if social else self.discourse:
            if word in rest:
                rest = rest.replace(word, "")
        return rest

    def only(self, text: str, social: bool = False) -> bool:
        """Nothing but pauses and fillers (嗯，那个，); with `social`, politeness too (谢谢啊，)."""
        return not self.rest(text, social)

    def ends_with(self, text: str) -> bool:
        return text.rstrip().endswith(self.discourse)

    def starts_with(self, text: str) -> bool:
        return text.lstrip().startswith(self.discourse)
