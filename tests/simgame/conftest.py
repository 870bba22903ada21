import pytest

from wordbot.simgame.display import screen


@pytest.fixture(scope="session", autouse=True)
def big_screen():
    """A 24-bit screen with room for a game and its overlay (pytest-xvfb's default is 800x600x16)."""
    with screen() as name:
        yield name
