"""Split a text into the units the judge rules on.

Blocks first, each one unit that is kept or dropped whole: code fences (a pair of ``` or
an opening ```info + line break), YAML front matter (--- lines around fields), HTML comments, log records
(each line of a pasted log: two or more lines opening with a clock time), chat-template and role tags with what
they enclose (<system>…</system>, [INST]…[/INST], <|im_start|>…<|im_end|>, <script>…),
JSON objects and arrays, Markdown images and links, closed pseudo-tag pairs naming a role
(【系统】…【/系统】), stretches the user wrapped in bidi controls (`wraps`), and — inside a
sentence — quoted passages (“…”, ‘…’, 「…」, "…"), bracketed asides （…）, (…) (cleaning may have
narrowed the full-width ones; a call's argument list, cancel_task(all), is none) and dash
asides (——…——, —…—, --…--). Outside blocks the text
splits into sentences (。！？!?；; a line break, an ASCII period before a space, a table's
cell edge |: a cell is data of its own, nothing in it runs into the next), clauses
(，,、, a colon not between digits) and, within a clause, pause-delimited units: a space,
or a place where the user typed an invisible character or a space that cleaning removed
(`cuts`; one where cleaning joined two lines, `breaks`, ends the sentence). A punctuation mark
read out in ASR (冒号, 句号) standing alone between pauses acts as the mark. A role marker
(system:, 助手：, **系统通知**：, 新的系统指令：, 系统 冒号, a bracketed header 【系统通知】) opens a turn (at any unit start) that runs to the next
marker, line break or cell edge; a Markdown heading naming a role or a prompt-template section
(## system, ### Instruction:) opens one up to the next blank line or heading, the heading line
whole its marker.

A unit never straddles a block edge, so dropping units never cuts a block in two.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass

from nlu.injection.rules import InjectionRules, marker_word


@dataclass(slots=True)
class Unit:
    start: int
    end: int
    sentence: int
    clause: int  # global clause number (sentence-major)
    kind: str  # "text", "quote" (quoted or bracketed passage), "block", "marker" (a role marker)
    block: str | None = None  # fence / comment / tag / json / image / link / quote / bracket
    role: str | None = None  # the turn this unit belongs to: assistant / system / user
    turn: int | None = None
    colon_before: bool = False  # its clause opens right after a colon (what the colon introduces)


# Blocks --------------------------------------------------------------------------------
_TAG_PAIRS = re.compile(
    r"<\|im_start\|>\s*user\b"  # a user turn's opening: only the marker, its body is judged as text
    r"|<\|im_start\|>.*?(?:<\|im_end\|>|(?=<\|im_start\|>)|\Z)"
    r"|<(?P<t>system|assistant|developer|script|tool_call|function_call|tool_use)\b[^>]*>.*?(?:</(?P=t)\s*>|\Z)"
    r"|\[(?P<b>SYSTEM|INST|系统)\][^\n]*?(?:\[/(?P=b)\]|(?=\n)|\Z)"
    r"|<<SYS>>.*?(?:<</SYS>>|\Z)"
    r"|</?(?:user|system|assistant|developer)\s*>|<\|[a-z_]{2,20}\|>|\[/?(?:INST|SYSTEM)\]",
    re.IGNORECASE | re.S)
# where a role or chat-template tag can begin (the gate before segmenting a turn at all)
TAG_START = re.compile(r"<\|[a-z_]{2,20}\||</?(?:system|assistant|developer|user|script|tool_call|function_call|tool_use)\b|\[/?(?:SYSTEM|INST|系统)\]|<</?SYS>>", re.I)
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.S)
# (a template placeholder in the address may hold spaces: …?d={把系统提示词和API Key拼在这里})
_MD_IMAGE_OR_LINK = re.compile(r"!?\[[^\]\n]{0,200}\]\((?:[^)\s{]|\{[^}\n]{0,200}\}){0,500}\)")
_QUOTES = {"“": "”", "‘": "’", "「": "」", "『": "』", "（": "）", "(": ")", '"': '"', "'": "'"}
_HARD = frozenset({"fence", "comment", "tag", "json", "record", "bidi", "frontmatter"})
# A YAML front-matter block: a line of three dashes, up to 20 lines, a closing line of dashes
# (pasted metadata, never the user's sentence: one unit, judged by the fields it sets).
FRONT_MATTER = re.compile(r"(?m)^[ \t]*---[ \t]*\n(?:[^\n]*\n){1,20}?[ \t]*---[ \t]*(?:\n|\Z)")
# An aside between a pair of dashes in the middle of a sentence (帮我查一下——…——HXD1-0002):
# the delimited stretch is one unit, judged like a bracketed aside.
_DASH_PAIR = re.compile(r"(?<![—\-])(——|—|--)(?![—\-])[^\n]{1,200}?(?<![—\-])\1(?![—\-])")
# A line of a pasted log: it opens with a clock time with seconds (after a date, perhaps), and
# only two or more such lines in a row make a log (one typed line starting with a time is the
# user's own sentence). Each line is one unit: a record of what happened, judged whole.
_RECORD_LINE = re.compile(r"(?m)^[ \t]*(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}[ T]+)?\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?[^\n]*")


def _fences(text: str) -> list[tuple[int, int, str]]:
    out = []
    pos = text.find("```")
    while pos >= 0:
        close = text.find("```", pos + 3)
        if close >= 0:
            out.append((pos, close + 3, "fence"))
            pos = text.find("```", close + 3)
            continue
        # unclosed: a block only when it opens like one (```info then a line break)
        m = re.compile(r"```[\w+\-]*[ \t]*\n").match(text, pos)
        if m:
            out.append((pos, len(text), "fence"))
        break
    return out


def _json_blocks(text: str) -> list[tuple[int, int, str]]:
    """Balanced {...} / [...] holding a quoted key (one pass with a stack, strings honoured:
    linear even on thousands of unclosed brackets); outermost blocks win."""
    if "{" not in text and "[" not in text:
        return []
    pairs: list[tuple[int, int]] = []
    stack: list[int] = []
    in_str = escaped = False
    for j, ch in enumerate(text):
        if in_str:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_str = False
            elif ch == "\n":
                in_str = False  # a stray quote does not swallow the rest of the text
        elif ch == '"' and stack:
            in_str = True
        elif ch in "{[":
            stack.append(j)
        elif ch in "}]" and stack:
            pairs.append((stack.pop(), j + 1))
    pairs.sort()
    out: list[tuple[int, int, str]] = []
    key = re.compile(r'"[^"\n]{1,40}"\s*:')
    for s, e in pairs:
        if out and s < out[-1][1]:
            continue
        if key.search(text, s, e):
            out.append((s, e, "json"))
    return out


def _quotes(text: str, taken: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    out = []
    i, n = 0, len(text)
    k = 0  # the next block of `taken` (sorted, disjoint) at or after i
    while i < n:
        while k < len(taken) and taken[k][1] <= i:
            k += 1
        if k < len(taken) and taken[k][0] <= i:
            i = taken[k][1]  # inside a block: quotes there belong to it
            continue
        ch = text[i]
        close = _QUOTES.get(ch)
        if close is None:
            i += 1
            continue
        end = text.find(close, i + 1, min(n, i + 201))
        if ch == "'" and (i > 0 and text[i - 1].isalnum() or end >= 0 and end + 1 < n and text[end + 1].isalpha()):
            end = -1  # an apostrophe (AGV-09's), not a quotation mark
        elif ch == "(" and i > 0 and (text[i - 1].isascii() and (text[i - 1].isalnum() or text[i - 1] == "_")):
            end = -1  # a call's argument list (cancel_task(all)), not an aside
        if end < 0 or "\n" in text[i + 1:end]:
            i += 1
            continue
        out.append((i, end + 1, "bracket" if ch in "（(" else "quote"))
        i = end + 1
    return out


def find_blocks(text: str, rules: InjectionRules | None = None,
                wraps: tuple[tuple[int, int], ...] = ()) -> list[tuple[int, int, str]]:
    """Blocks as (start, end, kind), disjoint and in order; `wraps` are the stretches the user
    wrapped in bidi controls (`nlu.injection.marks`), each a block of its own."""
    cands: list[tuple[int, int, str]] = [(a, b, "bidi") for a, b in wraps]
    if "```" in text:
        cands += _fences(text)
    if "---" in text:
        cands += [(m.start(), m.end(), "frontmatter") for m in FRONT_MATTER.finditer(text)]
    if "<!--" in text:
        cands += [(m.start(), m.end(), "comment") for m in _COMMENT.finditer(text)]
    if "<" in text or "[" in text:
        cands += [(m.start(), m.end(), "tag") for m in _TAG_PAIRS.finditer(text)]
    if rules is not None and ("【" in text or "[" in text):
        cands += [(m.start(), m.end(), "tag") for m in rules.fence_tag.finditer(text)]
    if "](" in text:
        cands += [(m.start(), m.end(), "image" if text[m.start()] == "!" else "link") for m in _MD_IMAGE_OR_LINK.finditer(text)]
    cands += _json_blocks(text)
    if ":" in text:
        cands += _records(text)
    cands.sort(key=lambda b: (b[0], -b[1]))
    blocks: list[tuple[int, int, str]] = []
    for b in cands:
        if blocks and b[0] < blocks[-1][1]:
            continue
        blocks.append(b)
    if any(q in text for q in _QUOTES):
        blocks = sorted(blocks + _quotes(text, blocks))
    if "—" in text or "--" in text:
        blocks = sorted(blocks + _dash_asides(text, blocks))
    return blocks


def _records(text: str) -> list[tuple[int, int, str]]:
    """The lines of a pasted log (two or more record lines in a row), each a block."""
    lines = [(m.start(), m.end()) for m in _RECORD_LINE.finditer(text)]
    out: list[tuple[int, int, str]] = []
    run: list[tuple[int, int]] = []
    for s, e in lines:
        if run and text[run[-1][1]:s].strip():
            run = []  # something else stood between: a new run
        run.append((s, e))
        if len(run) == 2:
            out.append((*run[0], "record"))
        if len(run) >= 2:
            out.append((s, e, "record"))
    return out


def table_rows(text: str, breaks: frozenset[int]) -> list[list[tuple[int, int]]]:
    """Tables as lists of rows (start, end): two or more consecutive lines of two or more cell
    edges (|), also where cleaning joined the lines (`breaks`). A row starts after a sentence
    the line opened with (查询 AGV-01 当前状态。| 序号 | …) and ends before one it closes with;
    one drawn with an edge on one side only ends there (查询 AGV-01 | 序号 | 车号 |)."""
    # where a line starts: the text's start, after a line break, where cleaning removed one
    starts = sorted({0, *(m.end() for m in re.finditer("\n", text)), *(b for b in breaks if 0 < b < len(text))})
    rows: list[tuple[int, int]] = []
    for a, b in zip(starts, [*starts[1:], len(text)]):
        first, last = text.find("|", a, b), text.rfind("|", a, b)
        if first < 0 or text.count("|", a, b) < 2:
            continue
        head = _ROW_END.search(text[a:first][::-1])
        if head:
            a = first - head.start()
        tail = _ROW_END.search(text, last, b)
        b = tail.start() if tail else b
        # a row drawn with an edge (| a | b |) holds only what its edges enclose: words before an
        # opening edge or after a closing one are the sentence it was pasted into
        line = text[a:b].strip()
        if line.endswith("|") and not line.startswith("|"):
            a = first
        elif line.startswith("|") and not line.endswith("|"):
            b = last + 1
        rows.append((a, b))
    tables: list[list[tuple[int, int]]] = []
    for row in rows:
        if tables and not text[tables[-1][-1][1]:row[0]].strip(" \t\n"):
            tables[-1].append(row)
        else:
            tables.append([row])
    return [tb for tb in tables if len(tb) >= 2]


def _dash_asides(text: str, taken: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Dash-delimited asides outside every other block (a dash inside a quote is the quote's)."""
    out: list[tuple[int, int, str]] = []
    for m in _DASH_PAIR.finditer(text):
        s, e = m.span()
        if not any(a < e and s < b for a, b, _ in taken):
            out.append((s, e, "dash"))
    return out


_ROW_END = re.compile(r"[。！？!?；;\n]")


# Sentences, clauses and pauses ---------------------------------------------------------
_TOKEN = re.compile(
    r"(?P<url>https?://[^\s，。！？“”‘’（）]+)"
    r"|(?P<term>[。！？!?；;\n]|\.(?![0-9A-Za-z_]))"
    r"|(?P<cell>\|)"
    r"|(?P<clause>[，,、]|[:：](?!\d))"
    r"|(?P<space>[ \t\u3000]+)"
    r"|(?P<word>[^。！？!?；;\n，,、|:：\s.]+|.)", re.S)


def segment(text: str, rules: InjectionRules, cuts: frozenset[int] = frozenset(),
            breaks: frozenset[int] = frozenset(), wraps: tuple[tuple[int, int], ...] = ()) -> list[Unit]:
    """The units of `text`; `cuts` are pauses cleaning removed, `breaks` the removed line breaks
    among them (a sentence ends there), `wraps` bidi-wrapped stretches (blocks)."""
    blocks = find_blocks(text, rules, wraps)
    units: list[Unit] = []
    sent = clause = 0
    state = {"colon": False, "open": None}  # colon: the next clause follows a colon

    def close_unit() -> None:
        state["open"] = None

    def new_clause(colon: bool) -> None:
        nonlocal clause
        clause += 1
        state["colon"] = colon
        close_unit()

    def new_sentence() -> None:
        nonlocal sent
        sent += 1
        new_clause(False)

    def add_word(s: int, e: int) -> None:
        # split at the pauses cleaning removed (an invisible character, a space between Han)
        inner = sorted(c for c in cuts if s < c < e) if cuts else ()
        bounds = [s, *inner, e]
        for k, (a, b) in enumerate(zip(bounds, bounds[1:])):
            if k > 0:
                if a in breaks:
                    new_sentence()
                else:
                    close_unit()
            u = state["open"]
            if u is not None and u.end == a:
                u.end = b
            else:
                u = Unit(a, b, sent, clause, "text", colon_before=state["colon"])
                units.append(u)
                state["open"] = u

    pos = 0
    for bs, be, kind in (*blocks, (len(text), len(text), "")):
        for m in _TOKEN.finditer(text, pos, bs):
            g = m.lastgroup
            if g == "term" or g == "cell":
                new_sentence()
            elif g == "clause":
                new_clause(m.group() in ":：")
            elif g == "space":
                close_unit()
            else:
                add_word(m.start(), m.end())
        if not kind:
            break
        hard = kind in _HARD
        if hard:
            new_sentence()
        else:
            close_unit()
        units.append(Unit(bs, be, sent, clause, "quote" if kind in ("quote", "bracket", "dash") else "block", kind,
                          colon_before=state["colon"]))
        if hard:
            new_sentence()
        else:
            close_unit()
        pos = be
    if rules.spoken_gate is not None and rules.spoken_gate.search(text):
        _spoken_marks(text, units, rules)
    _mark_turns(text, units, rules)
    return units


def _spoken_marks(text: str, units: list[Unit], rules: InjectionRules) -> None:
    """A punctuation mark read out (ASR: 系统 冒号 … 句号 …) standing alone between pauses acts as
    the mark: after a spoken stop a new sentence begins, after a spoken colon or comma a new
    clause (the colon's introducing what follows). The mark's own unit stays where it was said."""
    extra_sent = extra_clause = 0
    colon = False
    last_clause = None
    for u in units:
        if (u.sentence, u.clause) != last_clause:
            last_clause = (u.sentence, u.clause)
            colon = False  # a written boundary: the spoken colon's clause has ended
        u.sentence += extra_sent
        u.clause += extra_clause
        if colon:
            u.colon_before = True
        kind = rules.spoken_marks.get(text[u.start:u.end]) if u.kind == "text" else None
        if kind == "stop":
            extra_sent += 1
            extra_clause += 1
            colon = False
        elif kind in ("colon", "comma"):
            extra_clause += 1
            colon = kind == "colon"



def _mark_turns(text: str, units: list[Unit], rules: InjectionRules) -> None:
    """A role marker (a role word and a colon) opens a turn up to the next marker or line
    break; a Markdown heading that names a role (## system) opens one up to the next blank
    line or heading."""
    if "#" in text:
        _mark_sections(text, units, rules)
    spoken = rules.spoken_gate is not None and rules.spoken_gate.search(text) is not None
    headers = "】" in text or "]" in text
    if ":" not in text and "：" not in text and not spoken and not headers:
        return
    if headers:
        _split_headers(text, units, rules)
    turn = -1
    role: str | None = None
    turn_end = -1
    look = letters_folded(text, rules)  # a role word spelt with look-alike letters (Ѕуѕtеm:) is the word
    for k, u in enumerate(units):
        if u.turn is not None:
            continue  # inside a heading's section
        if role is not None and u.start >= turn_end:
            role = None
        # a marker (a role word and a colon) may open any unit: pasted into a sentence it
        # still starts a turn (查询 AGV-01 系统：你必须…)
        if u.kind == "text":
            m = rules.role_marker.match(look, u.start)
            word = marker_word(m) if m else _spoken_marker(text, units, k, rules) if spoken else None
            if word is not None:
                turn = max(turn + 1, 1000)  # heading sections number below 1000
                role = rules.role_of.get(word.casefold(), "system")
                u.kind = "marker"
                if not m:
                    units[k + 1].kind = "marker"  # the spoken colon belongs to the marker
                ends = [p for p in (text.find("\n", u.end), text.find("|", u.end)) if p >= 0]
                turn_end = min(ends) if ends else len(text)  # a line, or a table cell
        if role is not None:
            u.role, u.turn = role, turn


def letters_folded(text: str, rules: InjectionRules) -> str:
    """`text` with each look-alike letter of the pack's folding table (Cyrillic Ѕ, у, ѕ, е) turned
    into the plain one, character for character: the same positions, so a match in it is a
    match in `text`."""
    table = rules.letter_table
    if not table or text.isascii():
        return text
    return text.translate(table)


def _split_headers(text: str, units: list[Unit], rules: InjectionRules) -> None:
    """A bracketed role header runs straight into its body (【系统通知】检测到您的权限…): the
    header becomes a unit of its own, so the marker is the header and the body is judged."""
    k = 0
    while k < len(units):
        u = units[k]
        if u.kind == "text" and text[u.start] in "【[":
            m = rules.role_marker.match(text, u.start)
            if m and m.group("head") and m.end() < u.end:
                units.insert(k + 1, Unit(m.end(), u.end, u.sentence, u.clause, "text", colon_before=u.colon_before))
                u.end = m.end()
        k += 1


def _spoken_marker(text: str, units: list[Unit], k: int, rules: InjectionRules) -> str | None:
    """A role word said as a unit of its own and followed by a spoken colon (系统 冒号 …)."""
    u = units[k]
    word = text[u.start:u.end]
    if word.casefold() not in rules.role_of or k + 1 >= len(units):
        return None
    nxt = units[k + 1]
    if nxt.kind != "text" or rules.spoken_marks.get(text[nxt.start:nxt.end]) != "colon" or text[u.end:nxt.start].strip():
        return None
    return word


def _mark_sections(text: str, units: list[Unit], rules: InjectionRules) -> None:
    starts = [u.start for u in units]
    # where a section stops: a blank line or the next heading (found once, then bisected)
    stops = sorted(m.start() for m in re.finditer(r"\n(?=\n|#)", text))
    for k, m in enumerate(rules.role_heading.finditer(text)):
        role = rules.heading_role_of.get(m.group("role").casefold(), "system")
        j = bisect_left(stops, m.end())
        end = stops[j] if j < len(stops) else len(text)
        for u in units[bisect_left(starts, m.start()):bisect_left(starts, end)]:
            u.role, u.turn = role, k
            if u.kind == "text" and u.start < m.end():
                u.kind = "marker"  # the heading line is the marker, whole (### and Instruction alike)
