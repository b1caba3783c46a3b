"""Many nights counted: the odds and the paired comparisons built on them.

- `odds`: plain Monte Carlo over nights (`nightsim odds`), split over processes;
- `variants`: the same nights under several configs, sharing what no rota changes;
- `tally`: paired nights counted into per-measure moments;
- `paired`: the statistics of paired differences (pure);
- `compare`: `odds --compare` and `whatif --nights`;
- `rank`: `odds --rank-rotas`.
"""
