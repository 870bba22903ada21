"""Every named Balda variant is a valid command line of the simulated game, and today's game is
the default."""

import pytest

from wordbot.simgame.__main__ import balda_options, parse
from wordbot.simgame.balda_app import BaldaOptions, keyboard_letters
from wordbot.simgame.balda_variants import BALDA_VARIANTS


@pytest.mark.parametrize("variant", sorted(BALDA_VARIANTS))
def test_each_variant_parses(variant):
    opts = balda_options(parse(["balda", *BALDA_VARIANTS[variant]]))
    assert opts.entry in ("button", "enter", "drag") and opts.key_cols > 0


def test_defaults_are_todays_game():
    assert balda_options(parse(["balda"])) == BaldaOptions()


def test_the_33rd_key_is_yo_after_ye():
    letters = keyboard_letters("абвгдежзийклмнопрстуфхцчшщъыьэюя", yo=True)
    assert len(letters) == 33 and letters[5:8] == "еёж"
