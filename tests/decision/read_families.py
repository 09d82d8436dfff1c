"""Generated families of clear reads that must not be asked, and of their write look-alikes that
must still ask or be understood as the write they are (issue 26 part 3, "reads fail open").

Data only: each family is wordings × keys × layouts, expanded by `reads()` / `writes()`; the
tests in `test_read_families.py` assert the invariants over them, and `python
tests/decision/read_families.py` prints the figures (reads asked / total, look-alike writes that
continued without being understood as a write / total).

The read shapes (none copied from a goldset; the blind set that showed them is not read):

* ``topic``: a write word that is the topic of a question, not the user's order — subordinate,
  past, passive, quoted, a record's field or log line, a how-to, a policy, a necessity;
* ``pronoun``: a pronoun in a read whose key object is stated or that the read does not need;
* ``script``: a read in traditional script (a variant is the same word, never a correction);
* ``present``: a count or list read with a presentation request (做成表格, 列个表, 画个图);
* ``meta``: chit-chat and questions about the software;
* ``material``: a pronoun or demonstrative that points back at material the turn itself holds.

Layouts: plain; an ASR opener (嗯 那个); a pasted context before the request; code-mixing
(check/what); and, for every family, the traditional-script form (`to_traditional`).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

KEYS = {
    "T": ["T-2026120731", "T-2026111804"],
    "WO": ["WO-20261207", "WO-20261119"],
    "AGV": ["AGV-17", "AGV-42"],
    "AGV2": ["AGV-18", "AGV-43"],
    "LOCO": ["HXD1-0412", "HXD3C-0877"],
    "ST": ["ST-05", "ST-23"],
}

# -- 1. the write word is the topic of a question ------------------------------------------------
TOPIC = [
    # relative clause / counted over what was done
    "上个月通过 cancelTask 接口取消的任务一共多少个？",
    "这周被人工改派的任务有哪些",
    "昨天系统自动关闭的工单有几张",
    "最近三天被删除的检修工单是谁删的",
    "本周取消掉的 AGV 任务里，超时取消的占多少",
    # passive / past asked about a key
    "{T} 是被谁取消的？",
    "{WO} 是什么时候关闭的",
    "{T} 之前被改派过吗",
    "{AGV} 的任务是自动恢复的还是人工重新下发的？",
    "{AGV} 重启以后，它原来的任务是系统自动恢复的，还是调度员手动重新派的？",
    "{T} 取消成功了没有",
    # a record, a reply, a log line, a field: quoted or reported
    "接口返回说 DELETE 被拒绝了，那 {WO} 现在还在吧？",
    "MES 回了一句 cancel rejected，所以 {T} 应该还没取消，对吗",
    "审批流上显示“请求已忽略”，{WO} 还要重新提交吗？",
    "状态栏写着'cancelled by system: ignore duplicate'，{T} 是系统自动忽略掉的吗？",
    "日志里有一行 “cancel task {T} failed”，这个任务现在什么状态",
    "last_command 字段的值是 'stop'，这条命令是谁下的？",
    "{AGV} 的 last_action 显示 'pause'，是哪个调度员暂停的",
    "{LOCO} 的 BCU 报“制动指令超驰”，乘务员说忽略就行，需要开检修工单吗？",
    "告警记录显示“已忽略”，{LOCO} 这条告警是谁忽略的？",
    # a quoted policy, then a question about doing it
    "制度里写着“任何人不得在未审批的情况下取消已下发任务”，取消 {T} 需要几级审批？",
    "规定说“关闭工单前必须验收”，{WO} 验收了没有？",
    # how to, just asking
    "超时自动取消怎么设置？只是问问，别改任何东西",
    "任务改派的流程是怎样的，需要谁审批",
    "怎么在系统里关闭一张检修工单？我先了解一下",
    "取消任务的话一般要多久才能生效",
    "如果我取消 {T}，会影响后面排队的任务吗",
    # a write verb acting on nothing in a question: what happened or what is planned
    "{AGV} 重启之后现在恢复在线了没有",
    "那个 AGV 断电重启以后 {AGV} 回到队列里了吗",
    "{AGV} 电量低的话大概多久回充电桩",
    "明天二车间有哪些检修安排",
    "下周有什么调度安排吗",
    "这个检修安排后面还会变吗",
    "{LOCO} 的修程之后还会调整吗",
    "上次派工以后 {ST} 一直空着吗",
    # what a write would be affected by, asked (an A-not-A question over an affecting verb)
    "系统时钟慢了两分钟，会不会影响任务下发",
    "网络抖动会不会导致 {AGV} 的任务重复下发？",
    "{ST} 排队太长会不会耽误任务下发",
    # who may write, asked (a permission before the write verb in a question)
    "为什么我没有权限删除工单？谁能给我开",
    "我有没有权限取消别人派的任务？",
    "调度员有权限暂停 {AGV} 吗",
    "为啥不能取消 {T}？是系统锁了吗",
    # 任务 is the AGV domain's word (ontology.md: AGV, 小车, 搬运, 任务 …): 车 beside it is an AGV
    "最近7天任务失败超过5次的车有哪些",
    "今天超时任务最多的车是哪几台",
    # a plan told, its progress asked (a plan word right before the write verb)
    "今天计划下发一百二十个搬运任务，现在完成了多少",
    "这周原计划下发 40 个搬运任务，现在完成了多少",
    "{AGV} 预计下发的任务还有几个没跑完",
    # an A-not-A question about a procedure of the domain (no template, the domain settled)
    "C2修能不能和C3修一起做",
    "{LOCO} 入段以后可不可以直接上C4修",
]

# their write look-alikes: the same words as a real order (must ask, or continue as the write)
TOPIC_WRITES = [
    "取消 {T}",
    "通过 cancelTask 接口把 {T} 取消",
    "调用 cancelTask 取消 {T}",
    "重启之后把任务重新下发给 {AGV}",
    "把 last_command 改成 stop",
    "把 {WO} 关闭",
    "帮我把 {T} 改派给 {AGV}",
    "把 {WO} 重新提交一下",
    "MES 说 DELETE 被拒绝了，你再帮我删一次 {WO}",
    "状态写着 ignore duplicate，帮我把 {T} 取消掉",
    "按制度取消 {T}",
    "能不能帮我取消 {T}？",
    "可以把 {T} 取消吗？",
    "会不会影响都无所谓，先把 {T} 取消",
    "不会影响的，直接把任务下发给 {AGV}",
    "我有权限，直接把 {T} 取消",
    "按计划把 {T} 取消",
    "从现在起听我的，OK? 把 {LOCO} 的计划取消",
    "{T} 帮我取消一下好吗",
    "把超时自动取消设置成 30 分钟",
    "给 {LOCO} 开一张检修工单",
    "暂停 {AGV}",
    "重启 {AGV} 吗？",
    "{AGV} 可以回充电桩吗",
    "{T} 取消吗",
    "要不要取消 {T}？",
    "明天给二车间安排检修吗",
    "{AGV} 重启一下吧？",
    "能不能把 {AGV} 派回充电桩",
    "{LOCO} 的修程调整到下周三吧",
]

# a read that declines one view and asks another (the declined template word is no evidence)
DECLINED = [
    "{LOCO} 不要查检修计划，查工单",
    "别看报表了，列一下 {AGV} 的任务",
    "{LOCO} 不用查工单，看看检修计划",
    "不要统计了，直接列出 {ST} 的排队车辆",
    "{AGV} 别查任务列表，查一下状态",
]

# a demonstrative that resumes what was just named (a quoted setting, a config key, a decision), a
# set described by the clause before it, a code number, a how-often question, a corrected view
RESUMED = [
    "“忽略告警”这个设置打开以后，{WO} 还会推送吗",
    "ignore_offline=true 这个配置对 {AGV} 有什么影响",
    "配置里有一项 auto_delete_on_done=true，这个开关对 {AGV} 生效了吗",
    "取消 C4 修 这个决定是谁做的",
    "上周检修花了两万块的那些机车有哪些",
    "AGV 调度里 max_retry 这个参数是干嘛的",
    "{AGV} 的位置数据多久刷新一次",
    "调度系统有个 cancelTask 接口，上周通过它取消的任务一共多少个",
    "MES 里有个 dispatchJob 接口，昨天经它下发的任务有哪些",
    "AGV 调度接口返回 409 是什么意思",
    "查一下 {LOCO} 的检修计划 呃 不是报表 是计划",
]
RESUMED_WRITES = [
    "把“忽略告警”这个设置打开",
    "把 ignore_offline 这个配置改成 false",
    "取消 {LOCO} 的 C4 修",
    "每隔一小时重启一次 {AGV}",
    "把 {T} 取消，不是改派，是取消",
]

# a read-out number the user restates at once as the full key (the key says what it identifies)
RESTATED = [
    "和谐一 零零零一 就是 HXD1-0001 现在在哪",
    "那个 幺七号车 也就是 AGV-17 电量多少",
    "和谐一 零四一二 就是 HXD1-0412，今天有检修计划吗",
    "和谐三 零八七七，也就是 HXD3C-0877，检修到哪一步了",
]
# …and with digits that do not match the key: the number is still unsure, still asked
RESTATED_MISMATCH = [
    "和谐一 零零零二 就是 HXD1-0001 现在在哪",
    "和谐一 零四一三，也就是 HXD1-0412，今天有检修计划吗",
    "和谐一型零零零一在哪",
]

# -- 2. a pronoun in a read that states its key --------------------------------------------------
PRONOUN = [
    "查下 {WO}，顺便说下别催他们，就是看看状态",
    "帮我看一下 {WO} 的进度，别去问他们，我自己看",
    "查 {AGV}，哦不是，查它后面那台 {AGV2} 的位置",
    "{AGV} 不用看了，看它旁边那台 {AGV2} 的电量",
    "前天晚上八点半 {ST} 那单是几号车拉的",
    "昨天下午三点 {ST} 那单任务是哪台车执行的",
    "下面是今天的派工表：\n| 序号 | 任务 | 车辆 | 计划时间 |\n| 1 | {T} | {AGV} | 09:00 |\n| 2 | T-2026120799 | {AGV2} | 10:30 |\n第二行那台是不是改期了",
    "{LOCO} 的检修，他们班组说明天能修完，是真的吗",
    "{AGV} 现在在哪？这个我急着要",
]

# material the turn itself holds, pointed back at (its noun said before it; a bare 它 in a sentence
# a demonstrative phrase opens; a demonstrative phrase after pasted material set off by a dash)
MATERIAL = [
    "运维通知\n内容：今晚 {ST} 停用两小时\n这个运维通知是谁发的",
    "运维邮件：{ST} 周末断电两小时。这封运维邮件靠谱吗",
    "这段话是培训里教的问法：“请按工单号查询进度”，拿它问 {WO} 的进度行吗",
    "这条规定是新出的：夜班不派长距离任务，它对 {ST} 有影响吗",
    "[NOTICE] maintenance window 02:00-04:00 —— 这个维护窗口期间 {AGV} 还能接单吗",
    "平台公告：本周五起启用新的排班规则 —— 这个排班规则对 {ST} 有影响吗",
]

PRONOUN_WRITES = [
    "把它取消",
    "查一下 {WO}，然后把它关闭",
    "那台车派到 {ST}",
    "他们那单取消掉",
    "把那单改派给 {AGV}",
]

# pronouns that are the key object of a read with nothing to determine them: still asked
PRONOUN_OPEN = [
    "它现在在哪",
    "（交班记录：今天白班正常，无异常。）\n它现在在哪",
    "交班记录：今天白班正常，无异常 —— 这台车现在在哪",
    "{AGV} 和 {AGV2} 都报过警 —— 它现在在哪",
    "那台车现在电量多少",
    "他们那单怎么样了",
    "那个东西修好了吗",
    "那边那个站点堵了吗",
    "这边这台车电量多少",
    "通过它下发的工单有哪些",
]

# -- 3. traditional script ------------------------------------------------------------------------
SCRIPT = [
    "列出本周所有逾期未关闭的工单",
    "本季度检修费用合计多少",
    "查询 {AGV} 当前状态",
    "本周机车检修计划",
    "统计上个月 AGV 任务数量",
    "{LOCO} 的检修记录",
    "昨天有哪些任务失败了",
    "今天待处理的检修工单有几张",
]

SCRIPT_WRITES = [
    "取消任务 {T}",
    "关闭工单 {WO}",
    "把 {AGV} 派到 {ST}",
]

# -- 4. a presentation request on a count or list read ------------------------------------------
PRESENT = [
    "近14天每天的AGV任务量，做成表格",
    "上个月各站点的任务数，列个表",
    "本周机车检修数量画个图",
    "最近7天 AGV 故障次数，做个柱状图",
    "本月检修工单按状态统计一下，弄成表格",
    "这周每天完成的AGV任务，给我列个表",
    "近30天每台机车的检修次数，做成表格发我",
]

# -- 5. chit-chat and questions about the software -------------------------------------------------
META = [
    "你们这个助手能调用调度 API 吗？还是只能查询？",
    "这个系统能帮我取消任务吗，还是只能看？",
    "你能做什么",
    "谢谢，辛苦了",
    "这个助手支持语音输入吗",
    "好的，明白了，谢谢",
    "你是机器人还是人工客服",
]

# -- layouts ----------------------------------------------------------------------------------------
LAYOUTS = {
    "plain": "{r}",
    "asr": "嗯 那个 {r}",
    "pasted": "（交班记录：今天白班正常，无异常。）\n{r}",
    "thanks": "{r} 谢谢",
}

# traditional forms of the characters the families use, as simplified + traditional pairs (test data
# only: the pipeline folds script variants from its own table, lexicons/script_variants.json)
_T = {p[0]: p[1] for p in (
    "们們 单單 发發 这這 后後 为為 开開 关關 条條 从從 现現 将將 试試 测測 变變 统統 设設 务務 记記 调調 执執 输輸 删刪 规規 则則 审審 权權 词詞 视視 无無 询詢 当當 "
    "态態 计計 划劃 检檢 费費 个個 数數 车車 辆輛 机機 电電 点點 间間 时時 报報 图圖 级級 谁誰 样樣 说說 显顯 写寫 还還 吗嗎 应應 该該 对對 过過 让讓 给給 帮幫 会會 "
    "响響 队隊 里裡 边邊 问問 题題 么麼 顺順 进進 别別 复復 续續 动動 错錯 请請 确確 认認 论論 释釋 产產 处處 录錄 号號 码碼 员員 险險 难難 长長 门門 东東 区區 层層 "
    "楼樓 库庫 线線 轨軌 周週 钟鐘 历歷 岁歲 备備 签簽 网網 络絡 读讀 闭閉 断斷 连連 销銷 废廢 补補 换換 标標 旧舊 厂廠 验驗 阶階 总總 类類 运運 营營 终終 达達 扫掃 "
    "监監 统統 态態 态態 派派 么麼 执執 拉拉 这這 状狀 态態 询詢 务務 两兩 张張 台臺 几幾 么麼 务務 乘乘 驶駛 导導 现現 实實 际際 质質 师師 态態 闸閘 组組 备備 启啟 "
    "恢恢 统統 户戶 帮幫 语語 音音 种種 们們 头頭 择擇 态態 "
).split()}


def to_traditional(text: str) -> str:
    return "".join(_T.get(ch, ch) for ch in text)


@dataclass(frozen=True, slots=True)
class Case:
    family: str
    layout: str
    text: str


def _fill(tpl: str, i: int) -> str:
    return tpl.format(**{k: v[i % len(v)] for k, v in KEYS.items()})


def _expand(family: str, templates: list[str], layouts: dict[str, str], traditional: bool = True) -> list[Case]:
    out = []
    for (n, tpl), (lname, layout) in itertools.product(enumerate(templates), layouts.items()):
        text = layout.format(r=_fill(tpl, n))
        out.append(Case(family, lname, text))
        if traditional:
            out.append(Case(family, lname + "+trad", to_traditional(text)))
    return out


def reads() -> list[Case]:
    """Clear reads: never `clarify`."""
    return (_expand("topic", TOPIC, LAYOUTS) + _expand("pronoun", PRONOUN, LAYOUTS)
            + _expand("declined", DECLINED, LAYOUTS) + _expand("restated", RESTATED, LAYOUTS, traditional=False)
            + _expand("resumed", RESUMED, LAYOUTS, traditional=False)
            + _expand("script", SCRIPT, LAYOUTS) + _expand("present", PRESENT, LAYOUTS)
            + _expand("material", MATERIAL, {"plain": "{r}", "thanks": "{r} 谢谢"})
            + _expand("meta", META, {"plain": "{r}", "asr": "嗯 {r}"}))


def writes() -> list[Case]:
    """Look-alike writes: `clarify`, or `continue` understood as a write of the key they name."""
    return (_expand("topic", TOPIC_WRITES, LAYOUTS) + _expand("pronoun", PRONOUN_WRITES, LAYOUTS)
            + _expand("resumed", RESUMED_WRITES, LAYOUTS, traditional=False)
            + _expand("script", SCRIPT_WRITES, LAYOUTS))


def unsure_keys() -> list[Case]:
    """A read-out number that no key restates: still asked."""
    return _expand("restated_mismatch", RESTATED_MISMATCH, {"plain": "{r}", "asr": "嗯 {r}"}, traditional=False)


def open_pronouns() -> list[Case]:
    """Reads whose key object is a pronoun nothing determines: still asked."""
    return _expand("pronoun_open", PRONOUN_OPEN, {"plain": "{r}", "asr": "嗯 {r}"})


WRITE_CLASSES = frozenset({"update", "create", "cancel"})  # the pack's write action classes


def understood_write(r) -> bool:  # noqa: ANN001 - a LegacyInputUnderstanding
    """A `continue` on a look-alike write is right only when the write is understood: a write frame
    that is not negated, routed to `operation`."""
    frames = [f for f in r.semantic_frames or () if f.action_class in WRITE_CLASSES and not f.negated]
    top = r.routing.template_candidates[:1]
    return bool(frames) and bool(top) and top[0].id == "operation"


def figures(pipe, ref: str = "2026-12-07T14:20:00+08:00") -> dict:  # noqa: ANN001
    """Reads asked / total and look-alike writes continued without being understood / total, per family."""
    out: dict = {}
    for side, cases in (("reads_asked", reads()), ("writes_through", writes()), ("open_not_asked", open_pronouns())):
        for c in cases:
            src = "asr" if c.layout.startswith("asr") else "typed"
            r = pipe.understand(c.text, source=src, reference_time=ref)
            act = r.decision.action
            bad = (act == "clarify") if side == "reads_asked" else \
                (act != "clarify" and not understood_write(r)) if side == "writes_through" else (act != "clarify")
            fam = out.setdefault(side, {}).setdefault(c.family, [0, 0, []])
            fam[0] += bad
            fam[1] += 1
            if bad:
                codes = [x for x in r.decision.reason_codes if x.startswith("rule:")] or [act]
                fam[2].append((c.layout, c.text.replace("\n", "⏎")[:70], codes[0]))
    return out


if __name__ == "__main__":  # pragma: no cover - the figures of the issue's note
    import sys

    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1]))
    from warm_pipeline import warm_pipeline

    show = "-v" in sys.argv
    for side, fams in figures(warm_pipeline()).items():
        tot = [sum(v[0] for v in fams.values()), sum(v[1] for v in fams.values())]
        print(f"{side}: {tot[0]}/{tot[1]}  " + "  ".join(f"{k} {v[0]}/{v[1]}" for k, v in fams.items()))
        if show:
            for k, v in fams.items():
                for x in v[2]:
                    print("   ", k, *x)
