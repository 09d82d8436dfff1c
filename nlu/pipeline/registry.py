"""The components a pipeline is made of, registered by name (spaCy's registry): the stages in
their order (design 4/5), the decision policy, and the turn of the rollout's shadow phase.

The runner knows a component only by its name here; the component's module is imported when
the pipeline is built, not when this module is. So the stages, the policy and the shadow mode
stand above the runner that calls them, and none of them is imported by it. Each entry says
what the component is built with: the compiled pack, the model provider, or nothing (a
function). A name that is not registered, a module that is missing, an attribute it lacks or a
constructor that refuses what it is given raises `ComponentError` with a numbered code (E13x)
naming the component — never a silent fallback.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from nlu import errors


@dataclass(frozen=True, slots=True)
class Component:
    name: str
    target: str  # "module:attribute"
    built_with: tuple[str, ...] = ()  # the keywords its constructor takes: "pack", "provider"


def _c(name: str, target: str, *built_with: str) -> tuple[str, Component]:
    return name, Component(name, target, built_with)


COMPONENTS: dict[str, Component] = dict((
    _c("clean", "nlu.stages.clean:CleanStage", "pack"),
    _c("protect", "nlu.stages.protect:ProtectStage", "pack"),
    _c("correct", "nlu.stages.correct:CorrectStage", "pack"),
    _c("term", "nlu.stages.link:LinkStage", "pack"),
    _c("ner", "nlu.stages.ner:NerStage", "pack"),
    _c("coreference", "nlu.stages.coreference:CoreferenceStage", "pack"),
    _c("relation", "nlu.stages.relation:RelationStage", "pack"),
    _c("srl", "nlu.stages.srl:SrlStage", "pack"),
    _c("route", "nlu.stages.route:RouteStage", "pack"),
    _c("validate", "nlu.stages.validate:ValidateStage", "provider"),
    _c("policy", "nlu.decision:ClarificationPolicy", "pack"),
    _c("shadow_turn", "nlu.shadow.inline:shadow_turn"),  # a function: resolved, not built
))

#: the default stage order: clean → protect → correct → term → ner → coreference → relation →
#: srl → route → validate, then the decision policy
STAGE_ORDER: tuple[str, ...] = ("clean", "protect", "correct", "term", "ner", "coreference", "relation", "srl",
                                "route", "validate")


def _fail(code: str, name: str, problem: str) -> errors.ComponentError:
    return errors.ComponentError(code, getattr(errors, code).format(name=name, problem=problem))


def resolve(name: str) -> Any:
    """The class or function registered as `name`."""
    entry = COMPONENTS.get(name)
    if entry is None:
        raise _fail("E130", name, f"not registered (known: {', '.join(COMPONENTS)})")
    module, _, attr = entry.target.partition(":")
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        raise _fail("E131", name, f"its module {module} cannot be imported ({exc})") from exc
    try:
        return getattr(mod, attr)
    except AttributeError:
        raise _fail("E132", name, f"{module} has no {attr}") from None


def build(name: str, **given: Any) -> Any:
    """The component `name`, built with what its entry says it takes out of `given`
    (``pack=``, ``provider=``)."""
    klass = resolve(name)
    kwargs = {k: given.get(k) for k in COMPONENTS[name].built_with}
    try:
        return klass(**kwargs)
    except TypeError as exc:  # the constructor does not take what the registry says it does
        raise _fail("E133", name, f"{COMPONENTS[name].target}({', '.join(f'{k}=…' for k in kwargs)}) failed: {exc}") from exc


def default_stages(pack: Any = None, provider: Any = None) -> list[Any]:
    """The registered stages in the default order, each built with `pack` (None: the default pack)."""
    return [build(name, pack=pack, provider=provider) for name in STAGE_ORDER]


def default_policy(pack: Any = None) -> Any:
    """The registered decision policy, on `pack` (None: the default pack)."""
    return build("policy", pack=pack)
