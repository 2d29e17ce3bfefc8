// The page's keyboard shortcuts (aria-keyshortcuts carries the same letters). The sentences that
// name them come from the server (lastcard.words.style.WEB names the same letters; a test checks
// they agree). Declining a discard round shares D with draw, calling a Pirate cheat C with catch,
// and allowing an effect aimed at an Invisibility's holder A with accept: no decision offers
// both (a play closes the catch window before its Pirate window opens; a pending draw is
// blocked beside accept, never allowed).

export const KEYS = {
  block: "B",
  allow: "A",
  draw: "D",
  decline: "D",
  letStand: "L",
  callCheat: "C",
  playDrawn: "P",
  keep: "K",
  accept: "A",
  challenge: "X",
  catch: "C",
  uno: "U",
  next: "N",
  stack: "S",
  jumpIn: "J",
  hand: "H",
};
