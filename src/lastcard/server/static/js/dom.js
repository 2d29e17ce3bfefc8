// Small DOM functions shared by the pages: building elements and keeping live regions honest.

/**
 * An element: `h("button", {type: "button", dataset: {testid: "draw"}, onclick}, "Draw")`.
 * Attributes named `on…` become listeners, `dataset` fills data-*, `className` and `text` are
 * shortcuts; `null`, `undefined` and `false` attributes are left out. Children may be strings,
 * nodes, or arrays of them (falsy children are skipped).
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "dataset") {
      for (const [key, data] of Object.entries(value)) element.dataset[key] = String(data);
    } else if (name === "className") {
      element.className = value;
    } else if (name === "text") {
      element.textContent = value;
    } else if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (value === true) {
      element.setAttribute(name, "");
    } else {
      element.setAttribute(name, String(value));
    }
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : String(child));
  }
}

/** Replace an element's children. */
export function replaceChildren(element, ...children) {
  element.replaceChildren();
  append(element, children);
}

/** The element with this id, or an error naming it (a page missing a part is a bug). */
export function byId(id) {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`the page has no #${id}`);
  return element;
}

/**
 * Put a message in a live region. The region is emptied first and filled on the next frame so
 * that the same words said twice ("Too late") are announced twice.
 */
export function announce(region, text) {
  region.textContent = "";
  if (!text) return;
  window.requestAnimationFrame(() => {
    region.textContent = text;
  });
}

/** Set or clear aria-disabled (controls stay focusable: keyboard users keep their place). */
export function setAriaDisabled(element, disabled) {
  if (disabled) element.setAttribute("aria-disabled", "true");
  else element.removeAttribute("aria-disabled");
}

export function isAriaDisabled(element) {
  return element.getAttribute("aria-disabled") === "true";
}

/** True while the keyboard is in a text field: page shortcuts must not fire there. */
export function typingIn(target) {
  if (!(target instanceof Element)) return false;
  const tag = target.tagName;
  if (tag === "INPUT") {
    // A checkbox or a button takes no text: shortcut keys still work while it has focus.
    return !["checkbox", "radio", "button", "submit", "reset"].includes(target.type);
  }
  return tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable;
}
