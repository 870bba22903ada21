"""Every look of the grid game is read right by the bot's reader, from the window on screen."""

import pytest

import wordbot
from wordbot.simgame.gamelog import read_log
from wordbot.simgame.launch import running
from wordbot.simgame.widgets import LOOKS

pytestmark = [pytest.mark.gui, pytest.mark.slow]

CASES = [(look, lang) for look in LOOKS for lang in ("ru", "en")]


@pytest.mark.parametrize(("look", "lang"), CASES)
def test_every_tile_is_read_right_and_sure(look, lang, tmp_path):
    misread = {}
    for seed in range(1, 6):
        log = tmp_path / f"{seed}.jsonl"
        with running("grid", "--seed", str(seed), "--lang", lang, "--look", look, log=log) as (_, source):
            reading = wordbot.read_board(source.grab(), lang)
        tiles = read_log(log)[0]["tiles"]
        bad = [i for i, (t, r) in enumerate(zip(tiles, reading.tiles, strict=True)) if t != r]
        if bad or reading.doubtful:
            misread[seed] = (reading.text, bad, reading.doubtful)
    assert misread == {}
