// The web table's page: no build step, no framework. It draws what the server sends
// (this seat's view, its redacted events told as sentences, its moves with their labels)
// and sends back the moves the server listed: it never works out a rule by itself.
"use strict";

const WORDS = {
  en: {
    title: "Love Letter", language: "Language", new_table: "New table",
    players: "People (names, comma-separated)", bots: "Bots", no_bot: "none",
    edition: "Edition", target: "Tokens to win (empty: the edition's)",
    remedy: "House remedy: a move may be taken back until the next draw",
    create: "Create the table", your_hand: "Your hand", your_moves: "Your moves",
    table: "The table", player: "Player", tokens: "Tokens", cards: "Cards",
    discards: "Discards", state: "State", story: "What happened",
    links: "Give each person their own link (it holds their secret):",
    open_as: "Play as {seat}", your_turn: "Your turn, {seat}.",
    waiting: "Waiting for {player}.", over: "Game over: {winners} won.",
    protected: "protected", out: "out", you: "(you)", bot: "(bot)",
    pile: "Draw pile: {count} cards. Face up: {face_up}.", none: "none",
    refused: "Refused: {message}", connecting: "Connecting…",
    reconnecting: "Connection lost; reconnecting…", unauthorized: "This link is not valid: {message}",
    no_moves: "Nothing to do for now.", round: "Round {round}",
    err_forbidden: "you may only send your own moves, {seat}",
    err_too_large: "the message is too long", err_malformed: "the message is not a move",
    err_unauthorized: "no such table, seat or secret",
  },
  fr: {
    title: "Love Letter", language: "Langue", new_table: "Nouvelle table",
    players: "Personnes (noms, séparés par des virgules)", bots: "Robots", no_bot: "aucun",
    edition: "Édition", target: "Pions Faveur pour gagner (vide : ceux de l'édition)",
    remedy: "Règle maison : un coup peut être repris jusqu'à la pioche suivante",
    create: "Créer la table", your_hand: "Votre main", your_moves: "Vos coups",
    table: "La table", player: "Joueur", tokens: "Pions Faveur", cards: "Cartes",
    discards: "Défausse", state: "État", story: "Ce qui s'est passé",
    links: "Donnez à chaque personne son propre lien (il contient son secret) :",
    open_as: "Jouer en tant que {seat}", your_turn: "À vous, {seat}.",
    waiting: "On attend {player}.", over: "Partie finie : {winners} a gagné.",
    protected: "protégé", out: "hors de la manche", you: "(vous)", bot: "(robot)",
    pile: "Pioche : {count} cartes. Face visible : {face_up}.", none: "aucune",
    refused: "Refusé : {message}", connecting: "Connexion…",
    reconnecting: "Connexion perdue ; reconnexion…", unauthorized: "Ce lien n'est pas valable : {message}",
    no_moves: "Rien à faire pour l'instant.", round: "Manche {round}",
    err_forbidden: "vous ne pouvez envoyer que vos propres coups, {seat}",
    err_too_large: "le message est trop long", err_malformed: "le message n'est pas un coup",
    err_unauthorized: "cette table, cette place ou ce secret n'existe pas",
  },
};

const params = new URLSearchParams(location.search);
const hash = new URLSearchParams(location.hash.slice(1));
const place = { table: params.get("table"), seat: params.get("seat"), token: hash.get("token") };
let language = params.get("lang") || localStorage.getItem("loveletter-language")
  || (navigator.language || "en").slice(0, 2);
if (!(language in WORDS)) language = "en";
let socket = null;
let closedForGood = false;
let last = null;
let updates = 0;

function t(key, fields = {}) {
  return (WORDS[language][key] || key).replace(/\{(\w+)\}/g, (_, name) => fields[name] ?? "");
}

function $(selector) { return document.querySelector(selector); }

function element(tag, text, attributes = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function translatePage() {
  document.documentElement.lang = language;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  $("#language").value = language;
}

function cardName(name) { return (last && last.names[name]) || name; }

// -- creating a table ------------------------------------------------------------------

async function createTable(event) {
  event.preventDefault();
  const target = $("#target").value;
  const body = {
    players: $("#players").value.split(",").map((name) => name.trim()).filter(Boolean),
    bots: $("#bots").value ? $("#bots").value.split(",") : [],
    edition: $("#edition").value,
    target: target ? Number(target) : null,
    remedy: $("#remedy").checked,
    language,
  };
  const response = await fetch("/api/tables", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  const links = $("#links");
  links.replaceChildren();
  if (!response.ok) {
    links.append(element("p", answer.error, { role: "alert" }));
    return;
  }
  links.append(element("p", t("links")));
  const list = element("ul");
  for (const [seat, { link }] of Object.entries(answer.seats)) {
    const item = element("li");
    item.append(element("a", t("open_as", { seat }), { href: link, "data-seat": seat }));
    list.append(item);
  }
  links.append(list);
}

// -- playing -------------------------------------------------------------------------------

function send(text) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
}

function connect() {
  $("#status").textContent = t("connecting");
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(place.table)}`);
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ hello: { seat: place.seat, token: place.token, language } }));
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    if (closedForGood || event.code === 4401) return;
    $("#status").textContent = t("reconnecting");
    setTimeout(connect, 500);
  });
}

function receive(message) {
  updates += 1;
  document.body.dataset.updates = String(updates);
  if (message.type === "refused") {
    if (message.error === "unauthorized") {
      closedForGood = true;
      $("#status").textContent = t("unauthorized", { message: t("err_unauthorized") });
    }
    showRefusal(message);
  } else {
    if (message.type === "welcome") $("#narration").replaceChildren();
    $("#refusal").hidden = true;
    last = message;
    draw(message);
  }
}

function showRefusal(message) {
  window.loveletterTable.lastRefusal = message;
  const box = $("#refusal");
  // The server's own refusals are told in the page's language by their code; the
  // referee's (error "illegal") come with its message, in the table's language.
  const own = {
    forbidden: "err_forbidden", "too large": "err_too_large",
    malformed: "err_malformed", unauthorized: "err_unauthorized",
  };
  const text = own[message.error] ? t(own[message.error], { seat: place.seat }) : message.message;
  box.textContent = t("refused", { message: text });
  box.dataset.error = message.error;
  box.hidden = false;
  for (const button of document.querySelectorAll("#moves button")) button.disabled = false;
}

function draw(message) {
  const view = message.view;
  const me = view.seats.find((seat) => seat.player === message.seat);
  const hand = $("#hand");
  hand.replaceChildren(...(me.hand || []).map((card) => element("li", cardName(card))));
  drawStatus(message);
  drawMoves(message);
  drawSeats(message);
  $("#pile").textContent = t("pile", {
    count: view.draw_pile_size,
    face_up: view.face_up.length ? view.face_up.map(cardName).join(", ") : t("none"),
  });
  const story = $("#narration");
  for (const sentence of message.narration) story.append(element("li", sentence));
  story.scrollTop = story.scrollHeight;
}

function drawStatus(message) {
  const view = message.view;
  let text;
  if (view.game_winners.length) text = t("over", { winners: view.game_winners.join(", ") });
  else if (view.to_act === message.seat) text = t("your_turn", { seat: message.seat });
  else text = t("waiting", { player: view.to_act || "…" });
  $("#status").textContent = `${t("round", { round: view.round_number })} · ${text}`;
}

function drawMoves(message) {
  const moves = $("#moves");
  const buttons = message.moves.map((move) => {
    const button = element("button", move.label, { type: "button" });
    button.addEventListener("click", () => {
      for (const other of moves.querySelectorAll("button")) other.disabled = true;
      send(JSON.stringify(move.command));
    });
    return button;
  });
  if (buttons.length) moves.replaceChildren(...buttons);
  else moves.replaceChildren(element("p", t("no_moves")));
}

function drawSeats(message) {
  const view = message.view;
  const rows = view.seats.map((seat) => {
    const row = element("tr");
    if (seat.player === view.to_act) row.className = "to-act";
    if (seat.out) row.classList.add("out");
    let who = seat.player;
    if (seat.player === message.seat) who += ` ${t("you")}`;
    else if (message.bots.includes(seat.player)) who += ` ${t("bot")}`;
    const cards = seat.hand ? seat.hand.map(cardName).join(", ") : "🂠".repeat(seat.hand_size);
    const state = [seat.protected && t("protected"), seat.out && t("out")].filter(Boolean);
    const cells = [who, String(seat.tokens), cards, seat.discards.map(cardName).join(", "),
      state.join(", ")];
    cells.forEach((text, index) => row.append(element(index ? "td" : "th", text,
      index ? {} : { scope: "row" })));
    if (seat.hand === null) row.cells[2].setAttribute("aria-label", String(seat.hand_size));
    return row;
  });
  $("#seats tbody").replaceChildren(...rows);
}

// -- start -----------------------------------------------------------------------------------

function start() {
  translatePage();
  $("#language").addEventListener("change", (event) => {
    language = event.target.value;
    localStorage.setItem("loveletter-language", language);
    translatePage();
    if (socket) socket.close(); // reconnects in the new language: the narration is the server's
  });
  if (place.table && place.seat && place.token) {
    $("#table").hidden = false;
    connect();
  } else {
    $("#create").hidden = false;
    $("#create-form").addEventListener("submit", createTable);
  }
}

// For tests and tinkering: send any text as this seat, or drop the connection.
window.loveletterTable = { send, drop: () => socket && socket.close(), lastRefusal: null };

start();
