import pytest

from wordbot.simgame.display import screen


@pytest.fixture(scope="session", autouse=True)
def big_screen():
    """A 24-bit screen with room for a game and its overlay (pytest-xvfb's default is 800x600x16)."""
    with screen() as name:
        yield name


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDBOT_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"
