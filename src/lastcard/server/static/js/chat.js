// The chat (role=log) and its form: what the players and the spectators say, the last
// CHAT_LIMIT lines kept.

import { byId, h } from "./dom.js";
import { pageWords } from "./page_words.js";
import { request } from "./send.js";

const CHAT_LIMIT = 200;

/** Add a `chat` push to the log: who said it (a name, a seat or a spectator), then what. */
export function addChat(message) {
  const chat = byId("chat");
  const who =
    message.name ||
    (message.seat === null
      ? pageWords("chat_spectator")
      : pageWords("seat_number", { seat: message.seat + 1 }));
  const said = String(message.text ?? "");
  chat.append(h("p", {}, h("strong", {}, pageWords("chat_line", { who })), said));
  while (chat.childElementCount > CHAT_LIMIT) chat.firstElementChild.remove();
  chat.scrollTop = chat.scrollHeight;
}

/** The chat form's submit: its text (300 characters at most) is sent, and emptied once it is. */
export function submitChat(event) {
  event.preventDefault();
  const input = byId("chat-input");
  const text = input.value.trim().slice(0, 300);
  if (!text) return;
  if (request("chat", { text }) !== null) input.value = "";
}
