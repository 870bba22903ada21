"""Words two at a time: the partner chosen so the score's rise names the words taken, and the
booking of a pair from the score's changes and rise."""

from wordbot.play.pairs import PACED, PAIR_CHECKS, Pairing
from wordbot.solver.grid import Found


def word(text: str, score: int) -> Found:
    return Found(text, [(0, k) for k in range(len(text))], score)


KOT, LES, NOS, SLON = word("кот", 1), word("лес", 1), word("нос", 1), word("слон", 2)


def likelihood(w: Found) -> float:
    return {"кот": 3.0, "лес": 2.0, "нос": 1.0}.get(w.word, 0.5)


def test_the_partner_is_worth_other_points_and_same_points_only_once_counting_is_trusted():
    p = Pairing()
    assert p.partner([KOT, LES, SLON], KOT, refused_any=False) is SLON
    assert p.partner([KOT, LES], KOT, refused_any=False) is None  # rises of 1 and 1 tell nothing yet
    p.mode = "on"
    assert p.partner([KOT, LES], KOT, refused_any=False) is LES
    assert p.partner([KOT, LES], KOT, refused_any=True) is None  # a refusal could leave which unknown
    p.solo.add("слон")
    assert p.partner([KOT, SLON], KOT, refused_any=False) is None  # a word to try alone, and no other
    p.mode = "off"
    assert p.partner([KOT, LES, SLON], KOT, refused_any=False) is None


def test_the_rise_names_the_words_taken_and_counting_is_trusted_after_checks():
    p = Pairing()
    assert not p.counted([KOT, SLON], 2)  # not before the changes proved to count words
    for _ in range(PAIR_CHECKS):
        booking = p.book([KOT, SLON], 2, 3, likelihood)
        assert booking.taken == [KOT, SLON] and booking.unknown == []
    assert p.mode == "on" and p.counted([KOT, SLON], 2) and not p.counted([KOT, SLON], 1)
    booking = p.book([KOT, SLON], 1, 2, likelihood)  # one change, a rise of 2: only слон
    assert booking.taken == [SLON] and p.mode == "on"


def test_two_words_worth_the_same_one_taken_books_the_likelier_and_leaves_the_other_unknown():
    booking = Pairing(mode="on").book([LES, KOT], 1, 1, likelihood)
    assert booking.taken == [KOT] and booking.unknown == [LES]


def test_a_rise_not_read_or_naming_no_set_or_more_changes_than_words_ends_pairs():
    for rise, count in ((None, 2), (5, 2)):
        p = Pairing()
        assert p.book([KOT, SLON], count, rise, likelihood) is None and p.mode == "off"
    p = Pairing()
    assert p.book([KOT, SLON], 3, 3, likelihood).taken == [KOT, SLON]
    assert p.mode == "off"  # the score changes more than once a word: its changes do not count words


def test_pairs_stop_once_they_take_as_long_as_two_words_one_at_a_time():
    single = [0.5, 0.6, 0.55]  # two words one after the other: 1.1 s
    p = Pairing()
    for _ in range(PAIR_CHECKS):  # the checking pairs read the score's rise: slow, not judged
        assert p.pays(2.5, single)
    for seconds in (0.8, 3.0)[:PACED - 1]:  # one slow pair among fast ones is not enough
        assert p.pays(seconds, single)
    assert p.pays(0.9, single) and p.mode == "checking"
    p = Pairing()
    for _ in range(PAIR_CHECKS):
        p.pays(0.9, single)
    for _ in range(PACED - 1):
        assert p.pays(1.2, single)
    assert not p.pays(1.3, single) and p.mode == "off"  # the median of the last PACED: 1.2 s >= 1.1 s
    assert p.partner([KOT, SLON], KOT, refused_any=False) is None
    assert Pairing().pays(5.0, []) and Pairing(seconds=[5.0] * 9).pays(5.0, [])  # nothing to compare with
