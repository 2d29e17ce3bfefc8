"""Every card face fits its card (issue 24): each code of every deck and theme, a wild also with
each declared colour, in the hand's, the pile's and the small size, on a desktop and a phone,
drawn by the page's own `cardFace` with its own style sheet in Chromium on a real server."""

from __future__ import annotations

import pytest
from browser import (
    DESKTOP,
    PHONE,
    Pages,
    chromium_fixture,  # noqa: F401  (a fixture)
    pages_fixture,  # noqa: F401  (a fixture)
    server_fixture,  # noqa: F401  (a fixture)
)
from live_server import LiveServer
from playwright.sync_api import ViewportSize

from lastcard.core.cards import THEME_KINDS as THEMES
from lastcard.core.cards import build_deck

CODES = sorted(
    {card.code for card in build_deck("2018", themes=THEMES)}
    | {card.code for card in build_deck("classic")}
)
DECLARED = ("R", "Y", "G", "B")

# Draws each face with the page's modules and reports each text that leaves its card (a pixel
# of the border is allowed).
MEASURE = """async ([codes, declared]) => {
  const { cardFace } = await import("/static/js/hand.js");
  const { colorClass } = await import("/static/js/cards.js");
  const shelf = document.createElement("div");
  document.body.append(shelf);
  const faces = [];
  for (const code of codes) {
    faces.push([code, null]);
    if (code.startsWith("W")) for (const colour of declared) faces.push([code, colour]);
  }
  const problems = [];
  for (const size of ["", "card-small", "card-big"]) {
    for (const [code, colour] of faces) {
      const card = document.createElement("span");
      card.className = ["card", colorClass(code, colour), size].filter(Boolean).join(" ");
      card.append(...cardFace(code, colour));
      shelf.append(card);
      const box = card.getBoundingClientRect();
      for (const part of card.children) {
        const inner = part.getBoundingClientRect();
        if (inner.left < box.left + 1 || inner.right > box.right - 1) {
          problems.push(`${size || "hand"} ${code}${color ? "→" + color : ""}: ` +
            `"${part.textContent}" ${inner.width.toFixed(0)} px, card ${box.width.toFixed(0)} px ` +
            `(${part.className} ${getComputedStyle(part).fontSize})`);
        }
      }
    }
  }
  shelf.remove();
  return problems;
}"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_s9_every_card_face_fits_its_card(
    pages: Pages, server: LiveServer, viewport: ViewportSize
) -> None:
    assert "W+4" in CODES and "WJ" in CODES and "R+3" in CODES  # the test sees every kind
    page = pages.open(server.url + "/", viewport=viewport)
    problems = page.evaluate(MEASURE, [CODES, list(DECLARED)])
    assert problems == [], "\n".join(problems)
