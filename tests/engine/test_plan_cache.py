"""The plan cache is sized by the work (engine/plan.py): a caller that runs more configs in
turn than the cache first holds (a ranking of 120 rotas) builds each plan once, not once a
night, and a dropped config's id reused by another config never gets its plan."""

from __future__ import annotations

from nightsim.config import default_config_path, load_config
from nightsim.engine import plan


def test_a_ranking_of_many_configs_keeps_every_plan() -> None:
    base = load_config(default_config_path())
    configs = [base.model_copy(update={"name": f"rota {i}"}) for i in range(300)]
    for _ in range(4):  # the first nights: the cache finds its size
        for cfg in configs:
            plan.plan_for(cfg)
    first = [plan.plan_for(cfg)[0] for cfg in configs]
    again = [plan.plan_for(cfg)[0] for cfg in configs]
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert all(p.config is cfg for p, cfg in zip(again, configs, strict=True))


def test_a_plan_is_its_own_configs() -> None:
    base = load_config(default_config_path())
    for i in range(200):  # ids of freed configs are reused: never their plans
        cfg = base.model_copy(update={"name": f"once {i}"})
        assert plan.plan_for(cfg)[0].config is cfg
