"""The built-in bank's matching features come from a cache: the same as computed afresh."""

import numpy as np

from wordbot.ocr import bank
from wordbot.ocr.glyph import features, shapes


def test_cached_features_equal_fresh_ones_and_are_mapped():
    bank.builtin_bank.cache_clear()
    first = bank.builtin_bank("ru")  # built (or loaded) through the cache
    bank.builtin_bank.cache_clear()
    again = bank.builtin_bank("ru")  # loaded
    data = np.load(bank.DATA)
    fresh = bank.Bank("ru", data["pictures"], data["labels"], cased=True)
    for b in (first, again):
        assert b.letters == fresh.letters and (b.labels == fresh.labels).all()
        assert np.array_equal(b._features, fresh._features) and np.array_equal(b._shapes, fresh._shapes)
    assert np.array_equal(fresh._features, features(fresh.pictures))
    assert np.array_equal(fresh._shapes, shapes(fresh.pictures))
    assert not again._features.flags.writeable  # one letter_scores signature, built or loaded
