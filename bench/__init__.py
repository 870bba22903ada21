"""The benchmark suite behind ``wordbot bench``: one ``bench_*.py`` module per area, each with
``run(quick: bool) -> list[Figure]``. Figures are measured in the run, baselines included."""
