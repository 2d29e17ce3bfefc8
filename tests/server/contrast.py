"""Contrast as a person sees it on the page (WCAG 1.4.3 and 1.4.11), measured in the browser:
every visible text against what lies behind it, whatever state the controls are in (axe-core
leaves disabled controls out, and a hand that cannot be played is still read), and each card's
edge against the felt it lies on.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

TEXT_MINIMUM = 4.5  # WCAG AA for text, asked of every text here whatever its size
EDGE_MINIMUM = 3.0  # WCAG AA for the outline of a thing to be seen (a card on the felt)

# Colours are read from computed styles: `rgb(a, b, c)` or `rgba(a, b, c, alpha)`. A text's
# background is the first opaque one among its ancestors, translucent ones blended over it;
# an ancestor drawn translucent (opacity below 1) counts against the text, as it dims it.
CONTRAST_JS = """([selector, textMinimum, edgeMinimum]) => {
  const parse = (value) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(value);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [r, g, b, a];
  };
  const over = (top, under) =>
    [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  const luminance = ([r, g, b]) => {
    const c = [r, g, b].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const background = (element) => {
    const layers = [];
    for (let e = element; e; e = e.parentElement) {
      const colour = parse(getComputedStyle(e).backgroundColor);
      if (colour && colour[3] > 0) {
        layers.push(colour);
        if (colour[3] >= 1) break;
      }
    }
    let result = [255, 255, 255, 1];
    for (const layer of layers.reverse()) result = over(layer, result);
    return result;
  };
  const dimmed = (element) => {
    let opacity = 1;
    for (let e = element; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    return opacity;
  };
  const visible = (element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 0 && box.height > 0 && style.visibility !== "hidden"
      && !element.closest(".visually-hidden,[hidden]");
  };
  const problems = [];
  let texts = 0;
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!node.textContent.trim() || !element || !visible(element)) continue;
      texts += 1;
      const back = background(element);
      const fore = over(parse(getComputedStyle(element).color), back);
      const found = ratio(fore, back);
      const opacity = dimmed(element);
      if (found < textMinimum || opacity < 1) {
        problems.push(`text ${JSON.stringify(node.textContent.trim().slice(0, 20))} in ` +
          `${element.closest("[data-testid]")?.dataset.testid ?? element.className}: ` +
          `${found.toFixed(2)}:1, opacity ${opacity}`);
      }
    }
  }
  const felt = background(document.querySelector("[data-testid=hand]"));
  for (const card of document.querySelectorAll("[data-testid=hand] button.card")) {
    const edge = over(parse(getComputedStyle(card).borderTopColor), felt);
    const found = ratio(edge, felt);
    if (found < edgeMinimum) {
      problems.push(`card ${card.dataset.testid}: edge ${found.toFixed(2)}:1 on the felt`);
    }
  }
  return { texts, problems };
}"""


def contrast_problems(page: Page, selector: str = "main") -> list[str]:
    """Every visible text under `selector` below 4.5:1 (or dimmed), and every card of the hand
    whose edge is below 3:1 on the felt; it waits for motion to end first."""
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    found: dict[str, Any] = page.evaluate(CONTRAST_JS, [selector, TEXT_MINIMUM, EDGE_MINIMUM])
    assert found["texts"] > 0, f"no text found under {selector}"
    return [str(problem) for problem in found["problems"]]
