"""The vocabulary of the injection judge, compiled once per pack root.

Everything language-specific lives in ``lexicons/injection.json`` (shapes, word classes,
role markers, tool-call keys, the folding table); this module only turns it into regexes.
A shape's ``{name}`` placeholders expand to the word class ``classes.name`` and ``{gap}``
to a short run of characters inside one clause, so a shape such as
``{override}{gap12}{sysobj}`` covers 忽略之前的所有指令, 无视你的规则 and
ignore all previous instructions with one line of data.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from nlu import warm_cache
from nlu.lexicon.word_classes import expand, longest_first as _alternation  # the shape language is the lexicon's
from nlu.text.first_chars import first_chars


LEXICON_FILE = "injection.json"



@dataclass(frozen=True, slots=True)
class Shape:
    name: str  # the shape family, e.g. "override_instructions"
    strong: bool  # counts anywhere (also quoted); a soft shape only where it is not descriptive
    raw: bool  # runs on the text as it stands (case kept) instead of the folded view
    needs_write: bool  # counts only in a text that orders a write (an authority claim)
    pattern: re.Pattern[str]
    introduces: bool = False  # announces that what follows is the order (以下为系统指令#, 下面是开发者模式)
    banner: bool = False  # names no order by itself (SYSTEM OVERRIDE): quoted data in a labelled field


@dataclass(frozen=True, slots=True)
class InjectionRules:
    revision: str
    fold: dict[str, str]
    letter_table: dict[int, str]  # the fold's one-letter look-alikes, both cases (same length: positions kept)
    shapes: tuple[Shape, ...]
    role_marker: re.Pattern[str]  # a turn opener at a sentence start: group "role" word
    role_colon: re.Pattern[str]  # a role word and a colon anywhere (the gate before looking for turns)
    role_key: re.Pattern[str]  # a role field naming a role: role: system, "role": "assistant"
    role_heading: re.Pattern[str]  # a Markdown heading naming a role: "## system", "# 新系统提示", "### Instruction:"
    role_of: dict[str, str]  # role word (folded) -> assistant / system / user
    heading_role_of: dict[str, str]  # …and the prompt-template section headings (instruction, response)
    tool_keys: re.Pattern[str]  # a JSON key of a tool call, a chat message or a clarification
    record_keys: re.Pattern[str]  # a JSON key of a record of what happened ("result": …)
    call_keys: re.Pattern[str]  # the tool keys that only a call has (not "action", "name")
    imperative: re.Pattern[str]  # a second person or an order word (system turns)
    question: re.Pattern[str]  # a clause that asks is descriptive
    addressed: re.Pattern[str]  # …unless it speaks to the system in the second person
    weak_business: frozenset[str]  # pack words too generic to make a business request
    write_words: tuple[str, ...]  # writes beyond the pack's actions (English, colloquial: 关掉, 清空)
    egress: re.Pattern[str]  # data leaving the system (导出, 发送到): never the question beside an injection
    fence_tag: re.Pattern[str]  # a closed pseudo-tag pair naming a role: 【系统】…【/系统】, [admin]…[/admin]
    spoken_marks: dict[str, str]  # a punctuation mark read out in ASR (冒号, 句号) -> "colon" / "stop" / "comma"
    spoken_gate: re.Pattern[str] | None  # any spoken mark (the precondition before looking for one)
    spoken_tails: frozenset[str]  # the last characters of the spoken colons (号): a substring test first
    spoken_role_colon: re.Pattern[str] | None  # a role word and a spoken colon (系统 冒号)
    data_field_labels: tuple[str, ...] = ()  # 告警内容, 屏幕显示: a field whose content is quoted data
    write_asked: re.Pattern[str] | None = None  # 什么时候完工, 有没有取消: a write asked about, not ordered
    conjunction: re.Pattern[str] | None = None  # and / 并 / 然后 opening a stretch: it runs on from what precedes
    egress_scope: re.Pattern[str] | None = None  # 导出 *全部*…: an egress verb sweeping everything is an order
    display_cues: tuple[str, ...] = ()  # 显示, 写着, 弹出: what a screen or panel showed is quoted after them
    label_cues: tuple[str, ...] = ()  # 日志里那行, 屏幕上: the user points at a line of a log or a screen
    displayable: frozenset[str] = frozenset()  # shape families a displayed quote may hold as data
    negated_gap: tuple[str, ...] = ()  # 再, 要: what may stand between a negation and the write it negates
    negated_causee: tuple[str, ...] = ()  # 让, 叫: a causative verb whose causee may stand there too (别让它去充电)


def _by_script(rx: str, classes: dict[str, list[str]]) -> list[str]:
    """A pattern that opens with a word class (or a group of plain words) holding both Latin
    and Chinese words, as two patterns: one opening with the Latin words, one with the others (together exactly the
    same matches). The Latin one is then searched only in turns with a Latin word, the other
    is indexed by its rarer Chinese first characters."""
    m = re.match(r"\{([a-z][a-z0-9]*)\}", rx)
    # or a leading group of plain alternatives (words, spaces, an optional letter: "guardrails?")
    g = re.match(r"\(([^()\[\]{}\\*+.|^$]+(?:\|[^()\[\]{}\\*+.|^$]+)+)\)", rx)
    if g and not g.group(1).startswith("?"):
        items = g.group(1).split("|")
        latin, other = [w for w in items if w.isascii()], [w for w in items if not w.isascii()]
        if latin and other:
            rest = rx[g.end():]
            return ["(?:" + "|".join(latin) + ")" + rest, "(?:" + "|".join(other) + ")" + rest]
        return [rx]
    if not m or m.group(1) not in classes:
        return [rx]
    words = classes[m.group(1)]
    latin = [w for w in words if w.isascii()]
    other = [w for w in words if not w.isascii()]
    if not latin or not other:
        return [rx]
    rest = rx[m.end():]
    return [_alternation(latin) + rest, _alternation(other) + rest]


def _compile(rx: str, flags: int) -> re.Pattern[str]:
    """The shape's regex behind a one-class lookahead of the characters a match can begin with:
    the engine then skips every other position in C instead of trying a long alternation there
    (same matches: the lookahead only restates what the pattern needs first)."""
    pattern = warm_cache.compile(rx, flags)
    first = first_chars(pattern)
    if first and len(first) <= 256:
        cls = "".join(re.escape(c) for c in sorted(first))
        pattern = warm_cache.compile(f"(?=[{cls}])(?:{rx})", flags)
    return pattern


def compile_rules(data: dict) -> InjectionRules:
    classes = data["classes"]
    shapes = []
    for family in data["shapes"]:
        for rx in family["patterns"]:
            flags = 0 if family.get("raw") else re.IGNORECASE
            for variant in _by_script(rx, classes):
                shapes.append(Shape(family["name"], family["strength"] == "strong", bool(family.get("raw")),
                                    family.get("needs") == "write", _compile(expand(variant, classes), flags),
                                    bool(family.get("introduces")), bool(family.get("banner"))))
    markers = data["roleMarkers"]
    spoken = {w: kind for kind, words in data["spokenMarks"].items() for w in words}
    role_of = {w.casefold(): role for role, words in markers.items() for w in words}
    roles = [w for ws in markers.values() for w in ws]
    headings = {w.casefold(): role for role, words in data.get("templateHeadings", {}).items() for w in words}
    # a modifier may stand before the role word of a colon marker (新的系统指令：, 最新系统消息：)
    modifier = "(?:" + _alternation(data["roleMarkerModifiers"]) + r"[ \t]?)?" if data.get("roleMarkerModifiers") else ""
    colons = [w for w, k in spoken.items() if k == "colon"]
    # At a sentence start, after Markdown quote/list/bold prefixes: "system:", "**系统通知**：", "助手："
    # or a bracketed role header, colon or not: "【系统通知】…", "[system] …"
    role_marker = re.compile(r"[ \t>*\-]*(?:(?:\*\*)?" + modifier + "(?P<role>" + _alternation(roles)
                             + r")(?:\*\*)?[ \t]*[:：]|[【\[](?P<head>" + _alternation(roles) + r")[】\]][ \t]*[:：]?)", re.IGNORECASE)
    return InjectionRules(
        revision=data["revision"],
        fold=dict(data["fold"]),
        letter_table=_letter_table(data["fold"]),
        shapes=tuple(shapes),
        role_marker=role_marker,
        role_colon=re.compile(_alternation([w for ws in markers.values() for w in ws]) + r"(?:\*\*)?[ \t]*[:：]", re.IGNORECASE),
        role_key=re.compile(r"(?:role|角色)[\"']?\s*[:：=]\s*[\"']?" + _alternation([w for k in ("assistant", "system") for w in markers[k]]),
                            re.IGNORECASE),
        role_heading=re.compile(r"(?m)^[ \t]*#{1,6}[ \t]*(?P<role>" + _alternation(roles + list(headings))
                                + r")[ \t]*[:：]?[ \t]*$", re.IGNORECASE),
        role_of=role_of,
        heading_role_of={**headings, **role_of},
        tool_keys=re.compile(r'"\s*' + _alternation(data["toolKeys"]) + r'\s*"\s*:', re.IGNORECASE),
        record_keys=re.compile(r'"\s*' + _alternation(data.get("recordJsonKeys", []) or ["(?!)"]) + r'\s*"\s*:', re.IGNORECASE),
        call_keys=re.compile(r'"\s*' + _alternation([k for k in data["toolKeys"] if k not in ("action", "name")])
                             + r'\s*"\s*:', re.IGNORECASE),
        imperative=re.compile(_alternation(data["imperativeCues"]), re.IGNORECASE),
        question=re.compile(_alternation(data["questionCues"]), re.IGNORECASE),
        addressed=re.compile(_alternation(data["addressCues"]), re.IGNORECASE),
        weak_business=frozenset(data["weakBusinessWords"]),
        write_words=tuple(data["writeWords"]),
        egress=re.compile(_alternation(data["egressWords"]), re.IGNORECASE),
        fence_tag=_fence_tag([w for k in ("system", "assistant") for w in markers[k]] + data["fenceWords"]),
        spoken_marks=spoken,
        spoken_gate=re.compile(_alternation(list(spoken))) if spoken else None,
        spoken_tails=frozenset(w[-1] for w, k in spoken.items() if k == "colon"),
        spoken_role_colon=re.compile(_alternation(roles) + r"[ \t]*" + _alternation(colons), re.IGNORECASE) if colons else None,
        data_field_labels=tuple(sorted(data.get("dataFieldLabels", ()), key=len, reverse=True)),
        write_asked=re.compile(_alternation(data["writeAskedCues"]), re.IGNORECASE) if data.get("writeAskedCues") else None,
        conjunction=re.compile(r"(?<![a-z])" + _alternation(data["conjunctions"]) + r"(?![a-z])", re.IGNORECASE)
        if data.get("conjunctions") else None,
        egress_scope=re.compile(_alternation(data["egressWords"]) + r"[ \t]*(?:了)?" + _alternation(data["egressScope"]),
                                re.IGNORECASE) if data.get("egressScope") else None,
        display_cues=tuple(sorted(data.get("displayCues", ()), key=len, reverse=True)),
        label_cues=tuple(sorted(data.get("labelCues", ()), key=len, reverse=True)),
        displayable=frozenset(data.get("displayableShapes", ())),
        negated_gap=tuple(classes.get("negatedgap", ())),
        negated_causee=tuple(classes.get("negatedcausee", ())),
    )


def _letter_table(fold: dict[str, str]) -> dict[int, str]:
    out: dict[int, str] = {}
    for k, v in fold.items():
        if len(k) == 1 and len(v) == 1 and v.isascii() and v.isalpha() and not k.isascii():
            out[ord(k)] = v
            if len(k.upper()) == 1 and k.upper() != k:
                out[ord(k.upper())] = v.upper()
    return out


def marker_word(m: re.Match[str]) -> str:
    """The role word of a `role_marker` match (a colon marker's or a bracketed header's)."""
    return m.group("role") or m.group("head")


def _fence_tag(words: list[str]) -> re.Pattern[str]:
    """An opening pseudo-tag (【系统】, [system]) and its closing one (【/系统】, [/system]) on one
    line: the fenced stretch is one unit. Only closed pairs: an unclosed opener is judged as a word."""
    word = _alternation(words)
    return re.compile(r"[【\[](?P<z>" + word + r")[】\]][^\n]*?[【\[]/(?P=z)[】\]]", re.IGNORECASE)


@functools.lru_cache(maxsize=4)
def load_rules(root: Path | None = None) -> InjectionRules:
    """The judge's rules from the pack at ``root`` (verified against the manifest)."""
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.lexicon import load_data_file

    return compile_rules(load_data_file(LEXICON_FILE, root))
