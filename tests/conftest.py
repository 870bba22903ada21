"""Test-wide set-up: compiled lexicons and user data go to a fresh folder, not the user's own."""

import os
import shutil
import subprocess
import tempfile
import time

import pytest

_tmp = tempfile.mkdtemp(prefix="wordbot-tests-")
os.environ["WORDBOT_CACHE_DIR"] = os.path.join(_tmp, "cache")
os.environ["WORDBOT_DATA_DIR"] = os.path.join(_tmp, "data")


@pytest.fixture
def window_manager():
    """A real window manager (openbox) on the test display, as users have one: focus, stacking and
    decorations behave as on a desktop. Stopped after the test (other tests place windows without
    decorations); skipped only where openbox is not installed."""
    if not os.environ.get("DISPLAY"):
        pytest.skip("no display")
    if shutil.which("openbox") is None:
        pytest.skip("openbox is not installed (scripts/setup_system.sh installs it)")
    proc = subprocess.Popen(["openbox", "--sm-disable"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    if proc.poll() is not None:  # another window manager already runs on this display
        yield None
        return
    yield proc
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:  # busy re-reading keymaps after typing tests
        proc.kill()
        proc.wait(10)
