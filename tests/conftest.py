"""Test-wide set-up: compiled lexicons and user data go to a fresh folder, not the user's own."""

import os
import tempfile

_tmp = tempfile.mkdtemp(prefix="wordbot-tests-")
os.environ["WORDBOT_CACHE_DIR"] = os.path.join(_tmp, "cache")
os.environ["WORDBOT_DATA_DIR"] = os.path.join(_tmp, "data")
