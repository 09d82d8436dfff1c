"""A deterministic benchmark corpus of realistic, noisy utterances built from the domain pack.

Every utterance is a sentence frame of one of the seven templates (status, count, list,
report, workorder, plan, operation) filled with pack vocabulary, identifiers in the
ontology formats (``AGV-01``, ``HXD1-0001``, ``T-2026010241``, ``WO-20260312``, ``ST-05``),
times and quantities; then source-specific noise is injected:

* ``asr``   - the pack's ASR confusion pairs applied in reverse (right -> wrong), fillers,
              stutters (查询查询), punctuation dropped;
* ``ocr``   - OCR confusion pairs in reverse, look-alike letters in identifier digits
              (``AGV-O1``), full-width forms (``ＡＧＶ－０１``), zero-width characters;
* ``typed`` - typo pairs, width noise, extra spaces, zero-width characters, lower case ids;
* ``mixed`` - a bit of everything.

Lengths are bucketed at about 20, 100 and 500 characters (sentences joined with ，/。).
Same ``seed`` -> the same list, on every platform (only ``random.Random`` is used).
"""
from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

SOURCES: tuple[str, ...] = ("typed", "asr", "ocr", "mixed")
LENGTH_BUCKETS: tuple[int, ...] = (20, 100, 500)
IDENTIFIER_TYPES: tuple[str, ...] = ("vehicle", "locomotive", "task", "work_order", "station")
NOISE_KINDS: tuple[str, ...] = ("confusion", "lookalike", "full_width", "width", "zero_width", "stutter",
                                "space", "filler", "lower_case", "no_punct")

# Deterministic stratification: every (bucket, source) pair appears within any 100 items.
_BUCKET_CYCLE: tuple[int, ...] = (20, 100, 20, 20, 100, 20, 500, 20, 100, 20)  # 60% / 30% / 10%
_SOURCE_CYCLE: tuple[str, ...] = ("typed", "asr", "typed", "ocr", "asr", "typed", "mixed", "asr", "ocr", "typed")

# Target windows (characters, before noise). The 500 bucket stays at or just under the
# pipeline's full-path limit (500 code points) so it measures the full path.
_WINDOWS: dict[int, tuple[int, int]] = {20: (12, 28), 100: (85, 115), 500: (430, 485)}

ZERO_WIDTH: tuple[str, ...] = ("\u200b", "\u200c", "\u200d", "\ufeff")


@dataclass(frozen=True, slots=True)
class Utterance:
    text: str
    source: str  # typed | asr | ocr | mixed
    length_bucket: int  # 20 | 100 | 500
    templates: tuple[str, ...] = ()  # template of each sentence frame used
    identifiers: tuple[str, ...] = ()  # identifier types used (clean forms)
    noise: tuple[str, ...] = ()  # noise kinds actually injected (see NOISE_KINDS)


# --------------------------------------------------------------------------------------
# vocabulary
# --------------------------------------------------------------------------------------
_DEFAULTS: dict[str, tuple[str, ...]] = {
    "agv_word": ("AGV", "小车", "AGV小车", "搬运车", "叉车AGV", "潜伏式AGV", "顶升小车"),
    "rail_word": ("工单", "检修工单", "作业单", "派工单"),
    "loco_word": ("机车", "电力机车", "内燃机车", "调车机车"),
    "agv_state": ("在线", "离线", "空闲", "充电中", "执行中", "故障"),
    "task_state": ("待执行", "已完成", "失败", "已取消", "超时"),
    "wo_state": ("待审批", "已派工", "作业中", "待验收", "已完工", "超期"),
    "loco_state": ("在段", "在修", "待修", "修竣", "运用中", "备用"),
    "agv_fault": ("急停", "导航丢失", "电池故障", "通讯中断", "路径阻塞", "充电失败"),
    "rail_fault": ("主断跳闸", "接地故障", "受电弓故障", "牵引电机故障", "制动故障", "漏油"),
    "area": ("仓库", "原料库", "成品库", "产线", "线边库", "A区", "B区", "缓存区"),
    "station_word": ("站点", "充电桩", "取货点", "卸货点", "待命点"),
    "workshop": ("一车间", "二车间", "三车间", "整备车间", "电机车间"),
    "team": ("检修一组", "检修二组", "电器组", "机械组", "探伤组"),
    "depot": ("丰台机务段", "北京机务段", "株洲机务段", "武汉机务段"),
    "level": ("C1修", "C2修", "C4修", "C5修", "C6修", "临修", "辅修"),
    "component": ("受电弓", "牵引电机", "转向架", "轮对", "制动机", "空压机"),
    "agv_metric": ("利用率", "行驶里程", "任务量", "在线率", "任务耗时"),
    "chart": ("饼图", "折线图", "柱状图", "表格", "趋势图"),
    "person": ("张三", "李四", "王五", "赵六", "王伟", "李娜"),
    "title": ("师傅", "工长", "班长", "组长", "主任"),
    "surname": ("王", "李", "张", "刘", "陈"),
}

_CATEGORY_SLOTS: dict[str, tuple[str, str | None]] = {
    # slot: (term category, domain or None)
    "agv_state": ("vehicle_state", None),
    "task_state": ("task_state", None),
    "wo_state": ("work_order_state", None),
    "loco_state": ("locomotive_state", None),
    "agv_fault": ("fault", "agv"),
    "rail_fault": ("rail_fault", None),
    "area": ("area", "agv"),
    "station_word": ("station", "agv"),
    "workshop": ("workshop", None),
    "team": ("team", "rail"),
    "depot": ("depot", None),
    "level": ("maintenance_level", None),
    "component": ("component", "rail"),
    "agv_metric": ("metric", "agv"),
    "chart": ("chart", None),
}

_CN_DIGITS = "零一二三四五六七八九"
_LOCO_MODELS = ("HXD1", "HXD1B", "HXD1C", "HXD2", "HXD3", "HXD3C", "HXN3", "HXN5", "DF4", "DF4B", "DF11", "SS4", "SS9")


def _vocabulary(pack) -> dict[str, tuple[str, ...]]:
    vocab = dict(_DEFAULTS)
    if pack is None:
        return vocab
    for slot, (category, domain) in _CATEGORY_SLOTS.items():
        words = tuple(t.canonical_text for t in pack.terms
                      if t.category == category and (domain is None or t.domain == domain)
                      and not re.search(r"[A-Za-z]{2,}", t.canonical_text))  # ASCII words read oddly in frames
        if len(words) >= 3:
            vocab[slot] = words
    try:
        agv = pack.term("agv.vehicle.agv")
        vocab["agv_word"] = tuple(dict.fromkeys(("AGV", *(a for a in agv.aliases if a not in ("车", "车子")))))
    except KeyError:
        pass
    wo = next((t for t in pack.lookup("工单") if t.domain == "rail"), None)
    if wo is not None:
        vocab["rail_word"] = tuple(dict.fromkeys((wo.canonical_text, *wo.aliases)))
    # keep only words that read naturally in the frames
    areas = tuple(t.canonical_text for t in pack.terms if t.category == "area" and t.entity_type == "location")
    if len(areas) >= 3:
        vocab["area"] = areas
    depots = tuple(w for w in vocab["depot"] if w.endswith("机务段") and w != "机务段")
    if len(depots) >= 3:
        vocab["depot"] = depots
    if len(pack.person_names) >= 3:
        vocab["person"] = tuple(pack.person_names)
    if len(pack.titles) >= 3:
        vocab["title"] = tuple(t for t in pack.titles if len(t) <= 2) or vocab["title"]
    if len(pack.surnames) >= 3:
        vocab["surname"] = tuple(pack.surnames[:30])
    return vocab


# --------------------------------------------------------------------------------------
# slot fillers: identifiers, times, quantities
# --------------------------------------------------------------------------------------
def _cn_number(n: int) -> str:
    """0..9999 in Chinese numerals (两 for a leading 2 before a unit)."""
    if n < 10:
        return _CN_DIGITS[n]
    if n < 20:
        return "十" + (_CN_DIGITS[n % 10] if n % 10 else "")
    if n < 100:
        return _CN_DIGITS[n // 10] + "十" + (_CN_DIGITS[n % 10] if n % 10 else "")
    if n < 1000:
        h, r = divmod(n, 100)
        head = ("两" if h == 2 else _CN_DIGITS[h]) + "百"
        if r == 0:
            return head
        return head + ("零" + _CN_DIGITS[r] if r < 10 else _CN_DIGITS[r // 10] + "十" + (_CN_DIGITS[r % 10] if r % 10 else ""))
    k, r = divmod(n, 1000)
    head = ("两" if k == 2 else _CN_DIGITS[k]) + "千"
    if r == 0:
        return head
    return head + ("零" + _cn_number(r) if r < 100 else _cn_number(r))


def _identifier(kind: str, rng: random.Random) -> str:
    if kind == "vehicle":
        return f"AGV-{rng.randint(1, 99):02d}" if rng.random() < 0.8 else f"AGV-{rng.randint(100, 320)}"
    if kind == "locomotive":
        return f"{rng.choice(_LOCO_MODELS)}-{rng.randint(1, 2999):04d}"
    if kind == "task":
        return f"T-2026{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}{rng.randint(1, 99):02d}"
    if kind == "work_order":
        return f"WO-2026{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
    if kind == "station":
        return f"ST-{rng.randint(1, 60):02d}" if rng.random() < 0.85 else f"ST-{rng.randint(100, 240)}"
    raise KeyError(kind)


_FIXED_TIMES = ("今天", "昨天", "前天", "明天", "本周", "上周", "本月", "上月", "上个月", "本季度", "上季度",
                "今年", "去年", "全年", "最近7天", "最近三天", "近30天", "过去一周", "上半年", "今天上午", "昨天下午")


def _time(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.7:
        return rng.choice(_FIXED_TIMES)
    m, d = rng.randint(1, 12), rng.randint(1, 28)
    if r < 0.85:
        return rng.choice((f"{m}月{d}号", f"{m}月{d}日", f"{_cn_number(m)}月{_cn_number(d)}号"))
    if r < 0.93:
        return f"{m}月{d}号到{m}月{min(d + rng.randint(1, 7), 28)}号"
    return rng.choice((f"下午{rng.randint(1, 5)}点", f"上午{rng.randint(8, 11)}点半", f"2026年{m}月"))


def _count(rng: random.Random) -> str:
    n = rng.randint(2, 30)
    return str(n) if rng.random() < 0.6 else ("两" if n == 2 else _cn_number(n))


def _amount(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.3:
        return f"{_cn_number(rng.randint(1, 9) * 1000)}块"
    if r < 0.55:
        return f"{rng.randint(1, 99) * 100}元"
    if r < 0.75:
        return f"{rng.randint(1, 50)}.{rng.randint(1, 9)}万元"
    return f"{_cn_number(rng.randint(2, 9))}万块钱"


def _percent(rng: random.Random) -> str:
    n = rng.choice((5, 10, 15, 20, 30, 50, 80, 90, 95))
    return f"百分之{_cn_number(n)}" if rng.random() < 0.5 else f"{n}%"


def _person(rng: random.Random, vocab) -> str:
    if rng.random() < 0.6:
        return rng.choice(vocab["person"])
    return rng.choice(vocab["surname"]) + rng.choice(vocab["title"])


# --------------------------------------------------------------------------------------
# sentence frames: (template, frame). Slots: {vehicle} {locomotive} {task} {work_order}
# {station} {time} {n} {amount} {pct} {person} and vocabulary slots (see _DEFAULTS).
# --------------------------------------------------------------------------------------
FRAMES: tuple[tuple[str, str], ...] = (
    ("status", "查询{vehicle}当前状态"),
    ("status", "{vehicle}现在在哪"),
    ("status", "看一下{vehicle}的电量"),
    ("status", "{vehicle}是不是{agv_state}"),
    ("status", "{locomotive}现在什么情况"),
    ("status", "{locomotive}检修进度怎么样了"),
    ("status", "帮我查下{task}的状态"),
    ("status", "{work_order}现在到哪一步了"),
    ("status", "{station}的{agv_word}还在吗"),
    ("status", "{locomotive}在{depot}吗"),
    ("count", "本月完成了多少张{rail_word}"),
    ("count", "{time}有几台{agv_word}{agv_state}"),
    ("count", "不少于{n}台{agv_word}在线吗"),
    ("count", "{time}{workshop}一共修了多少台{loco_word}"),
    ("count", "{time}{agv_fault}报警有几次"),
    ("count", "超过{n}个的{task_state}任务有多少"),
    ("count", "{time}{level}的{loco_word}有几台"),
    ("count", "{area}现在有多少台{agv_word}{agv_state}"),
    ("list", "{time}{station}的任务有哪些"),
    ("list", "列出所有{agv_state}的{agv_word}"),
    ("list", "{time}{task_state}的任务都有哪些"),
    ("list", "{workshop}{wo_state}的{rail_word}清单"),
    ("list", "列一下{depot}{loco_state}的{loco_word}"),
    ("list", "{time}发生{rail_fault}的机车有哪些"),
    ("list", "{person}负责的{rail_word}有哪些"),
    ("report", "生成{time}的{agv_word}{agv_metric}报表"),
    ("report", "{time}{workshop}检修报表用{chart}展示"),
    ("report", "统计{time}各{team}的完成率"),
    ("report", "{time}{agv_fault}的占比是多少"),
    ("report", "把{time}的故障统计画成{chart}"),
    ("report", "{time}{depot}检修日报"),
    ("report", "对比{time}和上月的{agv_metric}"),
    ("report", "{time}费用超过{amount}的工单汇总"),
    ("workorder", "查询工单{work_order}"),
    ("workorder", "{work_order}派工给{person}"),
    ("workorder", "{locomotive}的{level}工单{work_order}验收了吗"),
    ("workorder", "{work_order}的负责人是谁"),
    ("workorder", "给{locomotive}新建一张{rail_fault}检修工单"),
    ("workorder", "{work_order}更换{component}花了{amount}"),
    ("plan", "{time}的检修计划"),
    ("plan", "{locomotive}下一次{level}排在什么时候"),
    ("plan", "{time}{workshop}的月度计划完成率"),
    ("plan", "把{locomotive}的{level}安排到{time}"),
    ("plan", "{time}计划完成率低于{pct}的班组"),
    ("plan", "{team}{time}的排程"),
    ("operation", "把{task}取消"),
    ("operation", "让{vehicle}去{station}"),
    ("operation", "{vehicle}回充电桩充电"),
    ("operation", "暂停{vehicle}的所有任务"),
    ("operation", "给{vehicle}下发一个去{area}的搬运任务"),
    ("operation", "把{task}改派给{vehicle}"),
    ("operation", "恢复{task}"),
    ("operation", "{vehicle}不要去{station}了，改去{area}"),
    ("operation", "撤销{work_order}"),
    ("operation", "召回{n}台{agv_state}的{agv_word}"),
)

_PREFIXES = ("", "", "", "请", "请问", "麻烦", "帮我", "你好，", "", "")
_QUESTION_PREFIXES = ("", "", "", "", "请问", "你好，")
_SUFFIXES = ("", "", "", "", "？", "，谢谢", "，尽快")
_SLOT_RE = re.compile(r"\{(\w+)\}")


class _Filler:
    def __init__(self, vocab: dict[str, tuple[str, ...]], rng: random.Random) -> None:
        self.vocab = vocab
        self.rng = rng
        self.identifiers: list[str] = []
        self.id_values: list[tuple[str, str]] = []  # (type, value) in order of use

    def __call__(self, m: re.Match[str]) -> str:
        name = m.group(1)
        rng = self.rng
        if name in IDENTIFIER_TYPES:
            value = _identifier(name, rng)
            self.identifiers.append(name)
            self.id_values.append((name, value))
            return value
        if name == "time":
            return _time(rng)
        if name == "n":
            return _count(rng)
        if name == "amount":
            return _amount(rng)
        if name == "pct":
            return _percent(rng)
        if name == "person":
            return _person(rng, self.vocab)
        return rng.choice(self.vocab[name])


def _sentence(frames: Sequence[tuple[str, str]], filler: _Filler, templates: list[str], rng: random.Random) -> str:
    template, frame = rng.choice(frames)
    templates.append(template)
    body = _SLOT_RE.sub(filler, frame)
    prefix = rng.choice(_PREFIXES if not frame.startswith("{") else _QUESTION_PREFIXES)
    return prefix + body + rng.choice(_SUFFIXES)


def _compose(bucket: int, rng: random.Random, vocab, frames) -> tuple[str, list[str], _Filler]:
    lo, hi = _WINDOWS[bucket]
    for _attempt in range(50):
        filler = _Filler(vocab, rng)
        templates: list[str] = []
        parts = [_sentence(frames, filler, templates, rng)]
        text = parts[0]
        while len(text) < lo:
            nxt = _sentence(frames, filler, templates, rng)
            sep = rng.choice(("，", "，", "。", "；")) if not text.endswith(("？", "。", "，")) else ""
            candidate = text + sep + nxt
            if len(candidate) > hi:
                break
            text = candidate
        if lo <= len(text) <= hi:
            return text, templates, filler
    # could not land in the window: pad with short clauses (still deterministic)
    while len(text) < lo:
        text += "，" + rng.choice(("谢谢", "尽快处理", "顺便看一下", "急"))
    return text[:hi], templates, filler


# --------------------------------------------------------------------------------------
# noise
# --------------------------------------------------------------------------------------
def to_full_width(s: str) -> str:
    """ASCII letters, digits and punctuation -> their full-width forms (space -> U+3000)."""
    out = []
    for ch in s:
        o = ord(ch)
        if 0x21 <= o <= 0x7E:
            out.append(chr(o + 0xFEE0))
        elif ch == " ":
            out.append("\u3000")
        else:
            out.append(ch)
    return "".join(out)


class _Noiser:
    def __init__(self, pack, rng: random.Random) -> None:
        self.rng = rng
        pairs: dict[str, list[tuple[str, str]]] = {"asr": [], "ocr": [], "typo": []}
        if pack is not None:
            for c in pack.confusions:
                if c.right and c.wrong and c.right != c.wrong:
                    pairs.setdefault(c.channel, []).append((c.right, c.wrong))
            reverse = {}
            for wrong, right in pack.lookalikes.items():
                reverse.setdefault(right, []).append(wrong)
            self.lookalike = {k: tuple(sorted(v)) for k, v in reverse.items()}
        else:
            self.lookalike = {"0": ("O", "o"), "1": ("I", "l"), "5": ("S",), "8": ("B",), "2": ("Z",)}
        # longest right forms first so 电力机车 wins over 机车
        self.pairs = {ch: sorted(v, key=lambda p: (-len(p[0]), p)) for ch, v in pairs.items()}
        fillers = tuple(pack.discourse_words) if pack is not None else ()
        self.fillers = tuple(w for w in fillers if len(w) <= 3) or ("嗯", "那个", "就是")

    # ---- individual noise kinds; each returns (text, applied?)
    def confusion(self, text: str, channel: str, max_hits: int) -> tuple[str, bool]:
        candidates = [p for p in self.pairs.get(channel, ()) if p[0] in text]
        if not candidates:
            return text, False
        self.rng.shuffle(candidates)
        hits = 0
        for right, wrong in candidates:
            if hits >= max_hits:
                break
            if right not in text:
                continue
            # replace one occurrence (a random one)
            starts = [m.start() for m in re.finditer(re.escape(right), text)]
            at = self.rng.choice(starts)
            text = text[:at] + wrong + text[at + len(right):]
            hits += 1
        return text, hits > 0

    def lookalike_ids(self, text: str, values: list[tuple[str, str]]) -> tuple[str, bool]:
        applied = False
        for _kind, value in values:
            if value not in text:
                continue
            prefix, _, digits = value.rpartition("-")
            positions = [i for i, d in enumerate(digits) if d in self.lookalike]
            if not positions:
                continue
            zeros = [i for i in positions if digits[i] == "0"]
            i = self.rng.choice(zeros) if zeros and self.rng.random() < 0.8 else self.rng.choice(positions)
            digits = digits[:i] + self.rng.choice(self.lookalike[digits[i]]) + digits[i + 1:]
            text = text.replace(value, f"{prefix}-{digits}", 1)
            applied = True
            if self.rng.random() < 0.5:
                break
        return text, applied

    def full_width_ids(self, text: str, values: list[tuple[str, str]]) -> tuple[str, bool]:
        applied = False
        for _kind, value in values:
            if value in text and self.rng.random() < 0.6:
                text = text.replace(value, to_full_width(value), 1)
                applied = True
        if not applied:
            for _kind, value in values:
                if value in text:
                    return text.replace(value, to_full_width(value), 1), True
        return text, applied

    def width(self, text: str) -> tuple[str, bool]:
        """Half-width punctuation in Chinese text, or full-width digits."""
        if self.rng.random() < 0.5 and any(c in text for c in "，？；"):
            return text.replace("，", ",").replace("？", "?").replace("；", ";"), True
        digits = [m.start() for m in re.finditer(r"(?<![A-Za-z-])\d+", text)]
        if digits:
            m = re.compile(r"\d+").match(text, self.rng.choice(digits))
            return text[:m.start()] + to_full_width(m.group()) + text[m.end():], True
        if any(c.isascii() and c.isalpha() for c in text):
            return to_full_width(text), True
        return text, False

    def zero_width(self, text: str, k: int) -> tuple[str, bool]:
        for _ in range(k):
            i = self.rng.randint(1, max(1, len(text) - 1))
            text = text[:i] + self.rng.choice(ZERO_WIDTH) + text[i:]
        return text, True

    def stutter(self, text: str) -> tuple[str, bool]:
        m = re.match(r"(请问|麻烦|帮我)?(查询|查一下|看一下|列出|统计|把|给|让|生成|对比|暂停|恢复|撤销|召回)", text)
        if m:
            word = m.group(2)
            return text[:m.start(2)] + word + word + text[m.end(2):], True
        # repeat a random 2-char Chinese chunk
        spots = [i for i in range(len(text) - 1) if "\u4e00" <= text[i] <= "\u9fff" and "\u4e00" <= text[i + 1] <= "\u9fff"]
        if not spots:
            return text, False
        i = self.rng.choice(spots)
        return text[:i + 2] + text[i:i + 2] + text[i + 2:], True

    def spaces(self, text: str, k: int) -> tuple[str, bool]:
        for _ in range(k):
            i = self.rng.randint(0, len(text))
            text = text[:i] + self.rng.choice((" ", "  ", " ", "\u3000")) + text[i:]
        return text, True

    def filler(self, text: str) -> tuple[str, bool]:
        w = self.rng.choice(self.fillers)
        if self.rng.random() < 0.6:
            return w + ("，" if self.rng.random() < 0.3 else "") + text, True
        cuts = [m.end() for m in re.finditer(r"[，。；]", text)]
        if cuts:
            i = self.rng.choice(cuts)
            return text[:i] + w + text[i:], True
        return w + text, True

    def lower_ids(self, text: str, values: list[tuple[str, str]]) -> tuple[str, bool]:
        for _kind, value in values:
            if value in text and any(c.isupper() for c in value):
                return text.replace(value, value.lower(), 1), True
        return text, False

    # ---- per source
    def apply(self, text: str, source: str, values: list[tuple[str, str]]) -> tuple[str, tuple[str, ...]]:
        rng = self.rng
        applied: list[str] = []
        scale = max(1, len(text) // 40)

        def step(kind: str, result: tuple[str, bool]) -> None:
            nonlocal text
            text, ok = result
            if ok:
                applied.append(kind)

        if source == "asr":
            if rng.random() < 0.75:
                step("confusion", self.confusion(text, "asr", rng.randint(1, scale + 1)))
            if rng.random() < 0.3:
                step("filler", self.filler(text))
            if rng.random() < 0.2:
                step("stutter", self.stutter(text))
            if rng.random() < 0.4:
                stripped = re.sub(r"[，。；？?,]", "" if rng.random() < 0.5 else " ", text)
                step("no_punct", (stripped, stripped != text))
        elif source == "ocr":
            if rng.random() < 0.6:
                step("confusion", self.confusion(text, "ocr", rng.randint(1, scale)))
            if values and rng.random() < 0.35:
                step("lookalike", self.lookalike_ids(text, values))
            if values and rng.random() < 0.3:
                step("full_width", self.full_width_ids(text, values))
            if rng.random() < 0.2:
                step("zero_width", self.zero_width(text, rng.randint(1, 2)))
            if rng.random() < 0.2:
                step("space", self.spaces(text, rng.randint(1, scale)))
        elif source == "typed":
            if rng.random() < 0.3:
                step("confusion", self.confusion(text, "typo", 1))
            if rng.random() < 0.2:
                step("width", self.width(text))
            if values and rng.random() < 0.1:
                step("full_width", self.full_width_ids(text, values))
            if rng.random() < 0.2:
                step("space", self.spaces(text, rng.randint(1, 2)))
            if rng.random() < 0.1:
                step("zero_width", self.zero_width(text, 1))
            if values and rng.random() < 0.15:
                step("lower_case", self.lower_ids(text, values))
            if rng.random() < 0.08:
                step("stutter", self.stutter(text))
        else:  # mixed: a draw from every channel
            for channel in ("asr", "ocr", "typo"):
                if rng.random() < 0.4:
                    step("confusion", self.confusion(text, channel, 1))
            if values and rng.random() < 0.3:
                step("lookalike", self.lookalike_ids(text, values))
            if values and rng.random() < 0.3:
                step("full_width", self.full_width_ids(text, values))
            if rng.random() < 0.3:
                step("width", self.width(text))
            if rng.random() < 0.3:
                step("zero_width", self.zero_width(text, rng.randint(1, 3)))
            if rng.random() < 0.3:
                step("space", self.spaces(text, rng.randint(1, 3)))
            if rng.random() < 0.2:
                step("stutter", self.stutter(text))
            if rng.random() < 0.2:
                step("filler", self.filler(text))
        return text, tuple(dict.fromkeys(applied))


# --------------------------------------------------------------------------------------
# public
# --------------------------------------------------------------------------------------
def _load_pack():
    # no silent fallback: the same seed must give the same corpus, so a broken pack is an error
    from nlu.lexicon import default_pack

    return default_pack()


def generate(n: int = 5000, seed: int = 0, *, pack=None) -> list[Utterance]:
    """``n`` utterances; the same ``(n, seed, pack)`` always gives the same list."""
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    pack = _load_pack() if pack is None else pack
    rng = random.Random(seed)
    vocab = _vocabulary(pack)
    noiser = _Noiser(pack, rng)
    # make sure every identifier type appears early, whatever n is
    id_frames = {kind: tuple(f for f in FRAMES if "{" + kind + "}" in f[1]) for kind in IDENTIFIER_TYPES}
    out: list[Utterance] = []
    for i in range(n):
        bucket = _BUCKET_CYCLE[i % len(_BUCKET_CYCLE)]
        source = _SOURCE_CYCLE[(i // len(_BUCKET_CYCLE)) % len(_SOURCE_CYCLE)]
        frames = id_frames[IDENTIFIER_TYPES[i]] if i < len(IDENTIFIER_TYPES) else FRAMES
        if frames is not FRAMES and bucket != 20:
            frames = FRAMES
        clean, templates, filler = _compose(bucket, rng, vocab, frames)
        text, noise = noiser.apply(clean, source, filler.id_values)
        out.append(Utterance(text=text, source=source, length_bucket=bucket, templates=tuple(templates),
                             identifiers=tuple(dict.fromkeys(filler.identifiers)), noise=noise))
    rng.shuffle(out)
    return out


def summarize(corpus: Sequence[Utterance]) -> dict:
    """Counts by source, bucket, template, identifier type and noise kind; lengths per bucket."""
    lengths: dict[int, list[int]] = {}
    for u in corpus:
        lengths.setdefault(u.length_bucket, []).append(len(u.text))
    return {
        "n": len(corpus),
        "by_source": dict(sorted(Counter(u.source for u in corpus).items())),
        "by_bucket": {str(b): len(v) for b, v in sorted(lengths.items())},
        "length_chars": {str(b): {"min": min(v), "mean": round(sum(v) / len(v), 1), "max": max(v)}
                         for b, v in sorted(lengths.items())},
        "by_template": dict(sorted(Counter(t for u in corpus for t in u.templates).items())),
        "by_identifier": dict(sorted(Counter(t for u in corpus for t in u.identifiers).items())),
        "by_noise": dict(sorted(Counter(k for u in corpus for k in u.noise).items())),
    }


def _main(argv: Sequence[str] | None = None) -> int:  # python -m nlu.bench.corpus [n] [seed]
    # lazy: only this path needs it
    import json
    # lazy: only this path needs it
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    n = int(args[0]) if args else 20
    seed = int(args[1]) if len(args) > 1 else 0
    corpus = generate(n, seed)
    for u in corpus[:n]:
        print(json.dumps({"source": u.source, "bucket": u.length_bucket, "noise": u.noise, "text": u.text},
                         ensure_ascii=False))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(_main())

