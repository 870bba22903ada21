import pytest


@pytest.fixture(scope="session", autouse=True)
def warmed_up():
    """The caches a user's ``make`` builds (word lists, kernels, the glyph bank's features), built
    once before the first round: a round's timing must not depend on whether a test before it, in
    the same fresh test cache, happened to build them (run alone, a round lost its first 8 s)."""
    from wordbot.warmup import warm_up

    warm_up()


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDBOT_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"
