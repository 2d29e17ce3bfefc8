"""Values on the wire, for the tests of every reader and writer: hypothesis strategies for
hostile input (any JSON value, huge and negative numbers, NaN, look-alike letters and digits
that `str.lower` or `int` would quietly turn into ASCII), and what plain JSON is."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck
from hypothesis import strategies as st

# Hypothesis settings for tests that build large values from real games.
SETTINGS: dict[str, Any] = {
    "deadline": None,
    "max_examples": 150,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}

# Characters that case-folding or int() map onto ASCII code letters and digits: Kelvin sign,
# long s, dotless i, dotted I, Arabic-Indic three, fullwidth 2, mathematical 7, fullwidth R,
# no-break and em spaces, the ff ligature, a titlecase Dz.
LOOK_ALIKES = "\u212a\u017f\u0131\u0130\u0663\uff12\U0001d7d5\uff32\u00a0\u2003\ufb00\u01c5"
CODE_CHARS = "RYGBWrygbw0123456789+:>! SDCHKEPNAULOT"

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.integers(),
    st.sampled_from([2**64, 2**512, -(2**63), 10**4000]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.text(alphabet=LOOK_ALIKES + CODE_CHARS, max_size=8),
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def is_plain_json(value: Any) -> bool:
    """Only what JSON holds as it is: no tuple, set, Card or enum, no non-text key."""
    if value is None or type(value) in (str, int, bool):
        return True
    if type(value) is list:
        return all(is_plain_json(item) for item in value)
    if type(value) is dict:
        return all(type(k) is str and is_plain_json(v) for k, v in value.items())
    return False
