from common import *

# ---------------- more plain reads (varied registers) ----------------
P = "plain"
k("asr","agv","那个 呃 AGV-58 现在 现在在哪个库位",C,"status","agv",keep=["AGV-58"],ents=[V("AGV-58")],tags=P+" status asr-repeat")
k("ocr","agv","设备：AGV-072  状态：？",C,"status","agv",keep=["AGV-072"],ents=[V("AGV-072")],tags=P+" status")
k("typed","agv","agv现在谁在跑谁在歇",C,dom="agv",tags=P+" colloquial",note="status of the whole fleet vs list: template left out")
k("typed","agv","ST-30 这个站今天来过几台车",C,"count","agv",keep=["ST-30"],ents=[S("ST-30"),TR("今天",TODAY)],tags=P+" count")
k("typed","agv","给我看看近三天的AGV告警",C,"list","agv",ents=[TR("近三天",lastn(3))],tags=P+" list time")
k("asr","agv","小车们今天干了多少活儿",C,"count","agv",ents=[TR("今天",TODAY)],tags=P+" count colloquial")
k("typed","agv","T-2026112530 是从哪个站出发的",C,"status","agv",keep=["T-2026112530"],ents=[T_("T-2026112530")],tags=P+" status")
k("typed","agv","AGV-66 上一次充电是什么时候",C,"status","agv",keep=["AGV-66"],ents=[V("AGV-66")],tags=P+" status")
k("typed","agv","今天哪些站点排队超过5辆车",C,"list","agv",keep=["超过5"],ents=[TR("今天",TODAY)],fr=[("query",False,[("quantity","5辆","gt")])],tags=P+" list comparison P0")
k("ocr","agv","AGV 运行日报 2026-11-30",C,"report","agv",keep=["2026-11-30"],tags=P+" report")
k("typed","agv","月底前小车的保养计划",[C,Q],dom="agv",tags=P+" plan-agv",note="plan is defined for maintenance plans; AGV upkeep schedule: template left out (ambiguity A8)")
k("typed","agv","本月各车任务完成率排个名",C,"report","agv",ents=[TR("本月",THIS_MONTH)],tags=P+" report",note="车+任务 read as AGV")
k("asr","agv","一号仓到三号仓现在有几单在路上",C,"count","agv",tags=P+" count")
k("typed","agv","这会儿电量最低的是哪台AGV",C,dom="agv",tags=P+" superlative",note="template left out (A7)")
k("typed","agv","AGV-81 今天的行驶里程",C,"status","agv",keep=["AGV-81"],ents=[V("AGV-81"),TR("今天",TODAY)],tags=P+" status")
k("typed","rail","HXD1-0120 进库几天了",C,"status","rail",keep=["HXD1-0120"],ents=[L("HXD1-0120")],tags=P+" status")
k("ocr","rail","机车:HXD3C-0502 检修阶段:?",C,"status","rail",keep=["HXD3C-0502"],ents=[L("HXD3C-0502")],tags=P+" status")
k("asr","rail","那个DF4B-1234 修到哪了 今天能出来不",C,"status","rail",keep=["DF4B-1234"],ents=[L("DF4B-1234")],tags=P+" status anota")
k("typed","rail","三车间现在压着多少张没关的工单",C,"count","rail",keep=["三车间","没关"],tags=P+" count negation P0")
k("typed","rail","这周一到周三进库了几台",C,"count","rail",tags=P+" count",note="进库 is a rail word; no time canonical asserted for 周一到周三")
k("typed","rail","王芳本月处理了几张工单",C,"count","rail",keep=["王芳"],ents=[("person","王芳"),TR("本月",THIS_MONTH)],tags=P+" count")
k("typed","rail","列出所有HXD3C型机车的C5修记录",C,"list","rail",keep=["HXD3C"],tags=P+" list")
k("typed","rail","检修二组昨天交了哪些车",C,"list","rail",keep=["检修二组"],ents=[TR("昨天",YDAY)],tags=P+" list")
k("typed","rail","WO-20261114 用了哪些配件",C,"workorder","rail",keep=["WO-20261114"],ents=[W("WO-20261114")],tags=P+" workorder")
k("ocr","rail","工单 WO-20261023 状态 待验收",C,"workorder","rail",keep=["WO-20261023"],ents=[W("WO-20261023")],tags=P+" workorder")
k("typed","rail","还在等配件的工单",C,"workorder","rail",tags=P+" workorder")
k("typed","rail","本周五的C2修安排",C,"plan","rail",ents=[TR("本周五",on(12,4))],tags=P+" plan time")
k("typed","rail","DF11-0021 什么时候轮到大修",C,"plan","rail",keep=["DF11-0021"],ents=[L("DF11-0021"),("maintenance_level","大修")],tags=P+" plan")
k("asr","rail","这个月排了几台二级修",C,"count","rail",ents=[TR("这个月",THIS_MONTH),("maintenance_level","二级修")],tags=P+" count")
k("typed","rail","上周检修一组的工时统计",C,"report","rail",keep=["检修一组"],ents=[TR("上周",LAST_WEEK)],tags=P+" report")
k("typed","rail","今年各月机车返修率折线图",C,"report","rail",ents=[TR("今年",THIS_YEAR)],fr=[("query",False,[("presentation","折线图")])],tags=P+" report")
k("typed","rail","受电弓磨耗到限是什么标准",C,dom="rail",fr=[("explain",False)],tags=P+" explain")
k("typed","rail","HXN5-0032 的负责人和所在车间",C,"status","rail",keep=["HXN5-0032"],ents=[L("HXN5-0032")],tags=P+" status")
k("typed","rail","机务段今天一共在修多少台",C,"count","rail",ents=[TR("今天",TODAY)],tags=P+" count")
k("typed","rail","12月2日到12月4日的检修计划",C,"plan","rail",keep=["12月2日","12月4日"],tags=P+" plan range")

# ---------------- chit-chat, greetings, non-data ----------------
CH = "chitchat"
for src, raw in [
 ("typed","你好"),("typed","早上好呀"),("asr","喂喂 能听到吗"),("typed","谢谢，辛苦了"),
 ("typed","好的收到"),("typed","哈哈哈哈"),("typed","你是谁"),("typed","今天天气怎么样"),
 ("typed","帮我写一首关于冬天的小诗"),("typed","中午吃什么好"),("typed","👍"),("typed","OK"),
 ("typed","晚安，明天见"),("asr","嗯"),("typed","测试一下"),("typed","你能做些什么"),
 ("typed","我有点累了"),("typed","讲个笑话吧"),("typed","1+1等于几"),("typed","把这句话翻译成英文：明天会更好"),
 ("typed","新年快乐！"),("typed","你们这个系统挺好用的"),("asr","不好意思刚才按错了"),("typed","算了，没事了"),
 ("typed","怎么修改我的头像"),("typed","周末有什么电影推荐"),("typed","。。。"),("typed","？"),
 ("typed","Hello, how are you?"),("asr","好 好 好 就这样吧"),("typed","今天几号了"),("typed","帮我算一下 35 乘以 12"),
]:
    k(src,"none",raw,[C,U],tpl=None,dom=None,tags=CH,note="non-data text: no business template or domain (design 7.3, 15.3)")
k("typed","none","不要不要，我就随便说说",[C,U],tpl=None,dom=None,keep=["不要"],tags=CH+" negation",note="negation in chit-chat still kept")
k("typed","none","你别管我，我是说着玩的",[C,U],tpl=None,dom=None,keep=["别"],tags=CH+" cue-in-word",note="我是说 here is not a repair; nothing to repair")

# ---------------- coreference (intra-sentence and boundedContext) ----------------
CO = "coref"
k("typed","agv","查一下AGV-31，它电量够不够跑完这单",C,"status","agv",keep=["AGV-31","够不够"],coref=[("它","AGV-31")],tags=CO+" intra anota P0")
k("typed","rail","HXD1-0090 上周进的库，它现在修到哪一步了",C,"status","rail",keep=["HXD1-0090"],coref=[("它","HXD1-0090")],ents=[L("HXD1-0090"),TR("上周",LAST_WEEK)],tags=CO+" intra")
k("typed","agv","它现在在哪个站",C,"status","agv",ctx=[("AGV-07","vehicle","agv","AGV-07")],coref=[("它","AGV-07")],tags=CO+" context")
k("typed","agv","它呢",Q,rs=["coreference"],ctx=[("AGV-07","vehicle","agv"),("AGV-08","vehicle","agv"),("AGV-11","vehicle","agv")],tags=CO+" context multi P0",note="three candidates: must not default to the first")
k("typed","none","那台车怎么样了",Q,rs=["coreference"],tags=CO+" no-context P0")
k("typed","rail","看下二车间的检修工单",C,"workorder","rail",ctx=[("AGV-07","vehicle","agv")],keep=["二车间"],tags=CO+" domain-switch P0",note="AGV context must not pollute the explicit rail request")
k("typed","rail","给它建一张C4修工单",[C,Q],"operation","rail",rs=["coreference"],ctx=[("HXD3C-0456","locomotive","rail","HXD3C-0456")],coref=[("它","HXD3C-0456")],tags=CO+" context write P0",note="single confirmed referent; a write may still be confirmed first (ambiguity A10)")
k("typed","agv","把那个任务取消掉",Q,rs=["coreference","entity"],ctx=[("T-2026112001","task","agv"),("T-2026112002","task","agv")],tags=CO+" context write multi P0")
k("typed","rail","这张工单谁负责",C,"workorder","rail",ctx=[("WO-20261120","work_order","rail")],coref=[("这张工单","WO-20261120")],tags=CO+" context")
k("typed","agv","新问题：在线的AGV还剩几台",C,"count","agv",ctx=[("HXD1-0001","locomotive","rail")],no=["HXD1-0001"],tags=CO+" reset P0",note="新问题 clears the ledger; nothing from context enters the text")
k("typed","agv","它俩谁电量高",[C,Q],dom="agv",ctx=[("AGV-07","vehicle","agv"),("AGV-08","vehicle","agv")],coref=[("它俩","AGV-07"),("它俩","AGV-08")],tags=CO+" context plural")
k("typed","agv","AGV-05呢",Q,rs=["missing_slot","intent"],ctx=[("HXD1-0001","locomotive","rail")],tags=CO+" ellipsis P0",note="V1 does not reuse the old template; the elliptic question has no predicate")
k("typed","rail","它下次C6修是什么时候",C,"plan","rail",ctx=[("DF4B-1234","locomotive","rail")],coref=[("它","DF4B-1234")],tags=CO+" context")
k("typed","rail","这台机车呢，也在一车间吗",C,"status","rail",ctx=[("HXD1-0066","locomotive","rail")],coref=[("这台机车","HXD1-0066")],keep=["一车间"],tags=CO+" context")

for src, raw in [
 ("typed","最近工作压力好大"),("typed","你觉得人工智能以后会取代调度员吗"),("typed","帮我给班组群起个名字"),
 ("asr","明天会下雪吗"),("typed","怎么退出登录"),("typed","字体能调大一点吗"),("typed","没什么事，就打个招呼"),
 ("typed","祝你生日快乐"),("asr","现在几点了"),("typed","你会说英语吗"),("typed","嗯嗯，明白了，谢谢你"),
 ("typed","我先下线了，拜拜"),
]:
    k(src,"none",raw,[C,U],tpl=None,dom=None,tags=CH,note="non-data text: no business template or domain")
k("typed","none","哎不对，我说错了",[C,U,Q],tpl=None,dom=None,tags=CH+" self-repair",note="a repair marker with nothing to repair: must not invent a request")
