"""Writes: clear ones that continue (template operation), uncertain ones that must clarify."""
from common import C, E, T, U

W = ["write", "write_clear", "P0"]
Q = ["write", "write_clarify", "P0"]

# ---------------- clear writes (continue; approval stays with MCP/Rust)
C("把任务 T-2026091601 取消掉", "c", "operation", "agv", keep=["T-2026091601", "取消"],
  ents=[E("task", "T-2026091601")], spans=[("T-2026091601", "identifier"), ("取消", "action")],
  frames=[("cancel", False, [("patient", "T-2026091601")])], tags=W + ["frame"])
C("给AGV-03下发一个去ST-05的搬运任务", "c", "operation", "agv", keep=["AGV-03", "ST-05", "下发"],
  ents=[E("vehicle", "AGV-03"), E("station", "ST-05")],
  rels=[("AGV-03", "destination", "ST-05")], spans=[("下发", "action")],
  frames=[("create", False)], tags=W + ["relation", "frame"])
C("让 AGV-11 从 ST-02 运到 ST-07", "c", "operation", "agv", keep=["AGV-11", "ST-02", "ST-07"],
  ents=[E("vehicle", "AGV-11"), E("station", "ST-02"), E("station", "ST-07")],
  rels=[("AGV-11", "origin", "ST-02"), ("AGV-11", "destination", "ST-07")],
  tags=W + ["relation"])
C("取消T-2026091377", "c", "operation", "agv", keep=["T-2026091377", "取消"],
  ents=[E("task", "T-2026091377")], tags=W)
C("派 AGV-20 去 ST-14 充电", "c", "operation", "agv", keep=["AGV-20", "ST-14"],
  ents=[E("vehicle", "AGV-20"), E("station", "ST-14")],
  rels=[("AGV-20", "destination", "ST-14")], tags=W + ["relation"])
C("please cancel T-2026091402", "c", "operation", "agv", keep=["T-2026091402"],
  ents=[E("task", "T-2026091402")], frames=[("cancel", False)], tags=W + ["en_mix", "frame"])
C("把T-2026091510的目的站改成ST-09", "c", "operation", "agv", keep=["T-2026091510", "ST-09"],
  ents=[E("task", "T-2026091510"), E("station", "ST-09")],
  frames=[("update", False)], tags=W + ["frame"])
C("删除任务T-2026090101", "c", "operation", "agv", keep=["删除", "T-2026090101"],
  ents=[E("task", "T-2026090101")], spans=[("删除", "action")], tags=W)
C("ＡＧＶ－０６ 派到 ＳＴ－１２", "c", "operation", "agv", keep=["AGV-06", "ST-12"],
  ents=[E("vehicle", "AGV-06"), E("station", "ST-12")],
  rels=[("AGV-06", "destination", "ST-12")], tags=W + ["fullwidth", "relation"])
C("给 HXD1-0032 建一张二级修工单", "c", "operation", "rail", keep=["HXD1-0032", "二级修"],
  ents=[E("locomotive", "HXD1-0032"), E("maintenance_level", "二级修")],
  frames=[("create", False)], tags=W + ["frame"])
C("把 WO-20260910 指派给李娜", "c", "operation", "rail", keep=["WO-20260910", "李娜"],
  ents=[E("work_order", "WO-20260910"), E("person", "李娜")], tags=W + ["assign"])
C("工单WO-20260905改成明天完成", "c", "operation", "rail", keep=["WO-20260905", "明天"],
  ents=[E("work_order", "WO-20260905"), T("明天")], frames=[("update", False)], tags=W + ["time", "frame"])
C("关闭工单 WO-20260830", "c", "operation", "rail", keep=["WO-20260830"],
  ents=[E("work_order", "WO-20260830")], tags=W)
C("把 DF4B-2001 的检修计划挪到下周", "c", "operation", "rail", keep=["DF4B-2001", "下周"],
  ents=[E("locomotive", "DF4B-2001"), T("下周")], frames=[("update", False)], tags=W + ["time", "frame"])
C("删掉工单WO-20260701", "c", "operation", "rail", keep=["WO-20260701"],
  ents=[E("work_order", "WO-20260701")], tags=W)
C("帮忙给 HXN5-0012 创建 C3 检修工单，负责人王强", "c", "operation", "rail",
  keep=["HXN5-0012", "C3", "王强"],
  ents=[E("locomotive", "HXN5-0012"), E("maintenance_level", "C3"), E("person", "王强")],
  tags=W + ["assign"])
C("取消 WO-20260912 这张工单", "c", "operation", "rail", keep=["WO-20260912", "取消"],
  ents=[E("work_order", "WO-20260912")], frames=[("cancel", False)], tags=W + ["frame"])
C("嗯 帮我把 T-2026091620 取消一下 谢谢", "c", "operation", "agv", src="asr",
  keep=["T-2026091620", "取消"], tags=W + ["asr"])
C("把WO-20260914的负责人从张伟换成刘洋", "c", "operation", "rail",
  keep=["WO-20260914", "张伟", "刘洋"],
  ents=[E("work_order", "WO-20260914"), E("person", "张伟"), E("person", "刘洋")],
  tags=W + ["assign"], note="direction matters: 张伟 is the old owner, 刘洋 the new one")
C("AGV-05 和 AGV-06 都派去 ST-10", "c", "operation", "agv", keep=["AGV-05", "AGV-06", "ST-10"],
  ents=[E("vehicle", "AGV-05"), E("vehicle", "AGV-06"), E("station", "ST-10")],
  rels=[("AGV-05", "destination", "ST-10"), ("AGV-06", "destination", "ST-10")],
  tags=W + ["relation"])
C("明早8点前给AGV-17排一个到ST-03的任务", "c", "operation", "agv", keep=["AGV-17", "ST-03", "8点前"],
  tags=W + ["time"])

# ---------------- uncertain writes (clarify)
C("取消那个任务", "q", why=["missing_slot", "coreference", "entity"], keep=["取消"],
  tags=Q + ["coreference"])
C("把任务给取消了", "q", why=["missing_slot", "entity"], tags=Q)
C("取消 AGV-O3 的任务", "q", why=["protected_change", "entity"], keep=["AGV-O3"],
  notc=["AGV-03"], ents=[E("vehicle", "AGV-O3")], tags=Q + ["lookalike_id", "identifier"],
  note="O vs 0 look-alike; no authoritative catalog, never auto-correct")
C("派 AGV-l2 去 ST-04", "q", why=["protected_change", "entity"], keep=["AGV-l2"],
  notc=["AGV-12"], tags=Q + ["lookalike_id", "ocr"])
C("给AGV-07派任务去ST-O8", "q", why=["protected_change", "entity"], keep=["ST-O8"],
  notc=["ST-08"], tags=Q + ["lookalike_id"])
C("取消任务T-2O26091601", "q", why=["protected_change", "entity"], keep=["T-2O26091601"],
  notc=["T-2026091601"], tags=Q + ["lookalike_id", "ocr"])
C("删除工单WO-2026O915", "q", why=["protected_change", "entity"], keep=["WO-2026O915"],
  notc=["WO-20260915"], tags=Q + ["lookalike_id", "ocr"])
C("给HXDl-0045建工单", "q", why=["protected_change", "entity"], keep=["HXDl-0045"],
  notc=["HXD1-0045"], tags=Q + ["lookalike_id", "ocr"])
C("取消任务 T 二零二六零九一六零三", "q", why=["protected_change", "entity"], src="asr",
  tags=Q + ["spoken_id", "asr"], note="spoken digits would have to be rewritten into an identifier")
C("把 A G V 零 五 派到 S T 零 九", "q", why=["protected_change", "entity"], src="asr",
  tags=Q + ["spoken_id", "asr"])
C("取消任务 T-202609160", "q", why=["entity", "protected_change"], keep=["T-202609160"],
  tags=Q + ["identifier"], note="nine digits: not a task id; do not pad or guess")
C("给 HXD1-0002 排 2 月 30 号的辅修", "q", why=["protected_change", "missing_slot", "entity"],
  keep=["HXD1-0002"], tags=Q + ["impossible_date", "time"],
  note="2月30日 does not exist: keep text, no canonicalValue, no guess")
C("WO-20260917 完成时间改成9月31日", "q", why=["protected_change", "missing_slot", "entity"],
  keep=["WO-20260917"], tags=Q + ["impossible_date", "time"])
C("取消 T-2026091605 那个 T-2026091606", "q", why=["entity", "missing_slot"],
  keep=["T-2026091605", "T-2026091606"], tags=Q + ["two_objects_filler"],
  note="filler 那个 between two ids: repair or both? a write needs a unique object")
C("把 AGV-08 呃 AGV-18 派到 ST-06", "q", why=["entity", "missing_slot"], src="asr",
  keep=["AGV-08", "AGV-18"], tags=Q + ["two_objects_filler", "asr"])
C("删掉 WO-20260901 就是 WO-20260910", "qc", why=["entity", "missing_slot"],
  keep=["WO-20260910"], tags=Q + ["two_objects_filler"],
  note="就是 may be a repair (keep the last) or an apposition; clarify preferred")
C("取消 AGV-09 的全部任务", "qc", why=["missing_slot", "entity"], keep=["AGV-09"],
  tags=Q + ["bulk_write"], note="bulk write without unique task objects: clarify preferred; the language layer does not own permission, so continue (operation) is tolerated")
C("把所有检修工单都删了", "qc", why=["missing_slot", "entity", "intent"], tags=Q + ["bulk_write"])
C("给小车派个任务", "q", why="missing_slot", tags=Q)
C("建一张工单", "q", why="missing_slot", tags=Q)
C("改一下 WO-20260918", "q", why="missing_slot", keep=["WO-20260918"], tags=Q)
C("把 AGV-99 派到 ST-05", "qc", why=["entity"], keep=["AGV-99", "ST-05"], notc=["AGV-09"],
  tags=Q + ["unknown_id"], note="unknown id stays AGV-99; never becomes AGV-09")
C("布要取消 T-2026091607", "q", why=["protected_change", "intent"], src="asr",
  keep=["T-2026091607"], tags=Q + ["negation", "misspelled_negation", "asr"],
  note="布要 is probably 不要 (ASR), a negation edit: must not silently become either 取消 or 不要取消")
C("取消 不 取消 T-2026091608 啊", "q", why=["intent"], src="asr", keep=["T-2026091608"],
  tags=Q + ["negation", "a_not_a", "asr"])
C("T-2026091609 要不要取消", "qc", why=["intent"], keep=["T-2026091609", "要不要"],
  tags=Q + ["negation", "a_not_a"], note="a question whether to cancel, not a cancel order")
C("先别取消T-2026091610，等我通知", "cq", keep=["T-2026091610", "别取消"],
  frames=[("cancel", True)], tags=Q + ["negation", "frame"],
  note="negated write: must never turn into a cancel")
C("不要取消 T-2026091611", "cq", keep=["不要取消", "T-2026091611"],
  spans=[("不要", "negation"), ("取消", "action"), ("T-2026091611", "identifier")],
  frames=[("cancel", True)], tags=Q + ["negation", "frame"])
C("不是不能取消 T-2026091612 吧", "q", why=["intent"], keep=["T-2026091612"],
  tags=Q + ["negation", "double_negation"])
C("取消T-2026091613，不对，取消T-2026091614", "c", "operation", "agv", keep=["T-2026091614"],
  notc=["T-2026091613"], tags=W + ["self_repair"],
  note="explicit repair marker: keep the last, edit recorded")
C("派AGV-02去ST-03 我是说ST-13", "c", "operation", "agv", keep=["AGV-02", "ST-13"],
  notc=["ST-03"], tags=W + ["self_repair", "no_punct"])
C("取消吧那个任务T-2026091615好像也不用了算了还是先别动", "q", why=["intent"],
  keep=["T-2026091615"], tags=Q + ["negation", "self_repair", "no_punct"],
  note="cancel then retracted: read/write intent conflict")
C("派 AGV-04 去", "q", why="missing_slot", keep=["AGV-04"], tags=Q)
C("这个工单给我关了", "q", why=["coreference", "missing_slot"], tags=Q + ["coreference"])
C("把明天的任务全部撤销", "qc", why=["missing_slot", "entity"], keep=["明天", "撤销"], tags=Q + ["bulk_write"])
C("给 HXD1-0033 创建工单负责人张三李四", "q", why=["entity", "missing_slot"],
  keep=["HXD1-0033"], tags=Q + ["two_objects_filler", "assign"],
  note="two names joined without a conjunction: one owner or two?")
C("给 01 派任务", "q", why="entity", tags=Q)
C("取消一号车的任务", "q", why=["term", "entity"], tags=Q)
C("AGV-21 的任务取消", "qc", why=["missing_slot", "entity"], keep=["AGV-21"], tags=Q,
  note="which task of AGV-21? clarify preferred; continue acceptable if the system treats it as the single current task")
