// The web table's page: no build step, no framework. It draws what the server sends
// (this seat's view, its redacted events told as sentences, its moves as a tree of
// steps, labelled in its language) and sends back the moves of that tree, each with the
// state number it was made for: it never works out a rule by itself.
"use strict";

const WORDS = {
  en: {
    title: "Love Letter", language: "Language", new_table: "New table",
    players: "People (names, comma-separated)", bots: "Bots",
    edition: "Edition", edition_2019: "2019 edition", edition_classic: "classic edition",
    target: "Tokens to win (empty: the edition's)",
    remedy: "House remedy: a move may be taken back until the next draw",
    create: "Create the table", your_hand: "Your hand", your_moves: "Your move",
    others: "The other players", middle: "On the table",
    player: "Player", tokens: "Tokens", story: "What happened",
    links: "Give each person their own link (it holds their secret):",
    open_as: "Play as {seat}", copy: "Copy", copied: "Copied.", copy_failed: "Select the link and copy it.",
    your_turn: "Your turn, {seat}.", waiting: "{player} is playing.",
    over: "Game over: {winners} won.", round: "Round {round}",
    protected: "protected", out: "out of the round", you: "you", bot: "bot",
    pile_one: "Draw pile: {count} card", pile_other: "Draw pile: {count} cards",
    face_up: "Face up", discards: "Discarded", hand_one: "{count} card", hand_other: "{count} cards",
    tokens_of: "{count} of {target} tokens",
    known: "You know: {cards}", refused: "Refused: {message}", connecting: "Connecting…",
    reconnecting: "Connection lost; reconnecting…", unauthorized: "This link is not valid: {message}",
    no_moves: "Nothing to do for now.", back: "Back", reconnect: "Reconnect",
    held: "The round is over: press “Next round” to see the next deal.",
    step_card: "Choose a card to play", step_target: "Choose a player",
    step_guess: "Name a card", step_keep: "Keep which card?",
    step_order: "Put the others back under the pile in which order (the last at the very bottom)?",
    step_draw: "Draw", step_take_back: "Take back",
    round_won: "Round {round}: {winners} won", game_won: "Game over: {winners} won the game",
    set_aside: "Set aside", next_round: "Next round", new_game: "New game",
    bot_kind_heuristic: "heuristic", bot_kind_random: "random", bot_kind_ismcts: "ISMCTS",
    and: " and ",
    err_forbidden: "you may only send your own moves, {seat}",
    err_too_large: "the message is too long", err_malformed: "the message is not a move",
    err_unauthorized: "no such table, seat or secret",
    err_stale: "the table moved on before your move arrived: look again",
    err_rate: "too many messages: wait a moment", err_timeout: "nothing happened for a long while",
    err_too_many: "this seat is open in too many windows", err_closed: "the table is closed",
    err_unavailable: "the server cannot take it now: try again in a moment",
  },
  fr: {
    title: "Love Letter", language: "Langue", new_table: "Nouvelle table",
    players: "Personnes (noms, séparés par des virgules)", bots: "Robots",
    edition: "Édition", edition_2019: "édition 2019", edition_classic: "édition classique",
    target: "Pions Faveur pour gagner (vide : ceux de l'édition)",
    remedy: "Règle maison : un coup peut être repris jusqu'à la pioche suivante",
    create: "Créer la table", your_hand: "Votre main", your_moves: "Votre coup",
    others: "Les autres joueurs", middle: "Sur la table",
    player: "Joueur", tokens: "Pions Faveur", story: "Ce qui s'est passé",
    links: "Donnez à chaque personne son propre lien (il contient son secret) :",
    open_as: "Jouer en tant que {seat}", copy: "Copier", copied: "Copié.",
    copy_failed: "Sélectionnez le lien et copiez-le.",
    your_turn: "À vous, {seat}.", waiting: "{player} joue.",
    over: "Partie finie : {winners} a gagné.", round: "Manche {round}",
    protected: "protégé", out: "hors de la manche", you: "vous", bot: "robot",
    pile_one: "Pioche : {count} carte", pile_other: "Pioche : {count} cartes",
    face_up: "Face visible", discards: "Défaussées", hand_one: "{count} carte", hand_other: "{count} cartes",
    tokens_of: "{count} pions Faveur sur {target}",
    known: "Vous savez : {cards}", refused: "Refusé : {message}", connecting: "Connexion…",
    reconnecting: "Connexion perdue ; reconnexion…", unauthorized: "Ce lien n'est pas valable : {message}",
    no_moves: "Rien à faire pour l'instant.", back: "Retour", reconnect: "Se reconnecter",
    held: "La manche est finie : appuyez sur « Manche suivante » pour voir la donne suivante.",
    step_card: "Choisissez la carte à jouer", step_target: "Choisissez un joueur",
    step_guess: "Nommez une carte", step_keep: "Quelle carte garder ?",
    step_order: "Dans quel ordre remettre les autres sous la pioche (la dernière tout en dessous) ?",
    step_draw: "Piocher", step_take_back: "Reprendre",
    round_won: "Manche {round} : {winners} l'emporte", game_won: "Partie finie : {winners} gagne la partie",
    set_aside: "Mise de côté", next_round: "Manche suivante", new_game: "Nouvelle partie",
    bot_kind_heuristic: "heuristique", bot_kind_random: "aléatoire", bot_kind_ismcts: "ISMCTS",
    and: " et ",
    err_forbidden: "vous ne pouvez envoyer que vos propres coups, {seat}",
    err_too_large: "le message est trop long", err_malformed: "le message n'est pas un coup",
    err_unauthorized: "cette table, cette place ou ce secret n'existe pas",
    err_stale: "la table a avancé avant que votre coup n'arrive : regardez à nouveau",
    err_rate: "trop de messages : attendez un instant", err_timeout: "rien ne s'est passé depuis longtemps",
    err_too_many: "cette place est ouverte dans trop de fenêtres", err_closed: "la table est fermée",
    err_unavailable: "le serveur ne peut pas le prendre maintenant : réessayez dans un instant",
  },
};

// The server's own refusals, by code: told in the page's language.
const OWN_ERRORS = {
  forbidden: "err_forbidden", too_large: "err_too_large", malformed: "err_malformed",
  unauthorized: "err_unauthorized", stale: "err_stale", "rate limited": "err_rate",
  timeout: "err_timeout", "too many connections": "err_too_many", closed: "err_closed",
  unavailable: "err_unavailable",
};

// What the page does when the server closes the websocket, by close code.
const CLOSES = {
  4401: { again: null, words: "err_unauthorized" },
  4408: { again: "button", words: "err_timeout" },
  4409: { again: "button", words: "err_too_many" },
  4410: { again: null, words: "err_closed" },
  4429: { again: 5000, words: "err_rate" },
  4503: { again: 10000, words: "err_unavailable" },
};

const params = new URLSearchParams(location.search);
const hash = new URLSearchParams(location.hash.slice(1));
const place = { table: params.get("table"), seat: params.get("seat"), token: hash.get("token") };
let language = params.get("lang") || localStorage.getItem("loveletter-language")
  || (navigator.language || "en").slice(0, 2);
if (!(language in WORDS)) language = "en";
let socket = null;
let closedForGood = false;
let retry = 500;
let shown = null; // the message the board shows
let cards = {}; // each kind of card, from the welcome: name, value, effect, labels
let botKinds = {};
let queue = []; // messages held while the end of a round is shown
let holding = false;
let prefix = []; // the steps of the moves tree chosen so far, of the move being made
let waiting = false; // a move was sent: nothing more until the server answers
let updates = 0;
let created = null;

function t(key, fields = {}) {
  return (WORDS[language][key] ?? WORDS.en[key] ?? key)
    .replace(/\{(\w+)\}/g, (_, name) => fields[name] ?? "");
}

function plural(key, count, fields = {}) {
  const one = language === "fr" ? count <= 1 : count === 1;
  return t(`${key}_${one ? "one" : "other"}`, { count, ...fields });
}

function $(selector) { return document.querySelector(selector); }

function element(tag, text, attributes = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function listed(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")}${t("and")}${names[names.length - 1]}`;
}

function translatePage() {
  document.documentElement.lang = language;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  $("#language").value = language;
}

// -- cards -----------------------------------------------------------------------------

function cardName(name) { return (cards[name] && cards[name].name) || name; }

function cardFace(name, { mini = false, tag = "div" } = {}) {
  const info = cards[name] || { name, value: "?", effect: "", labels: [], count: "" };
  const face = element(tag, null, { class: `card face${mini ? " mini" : ""} v${info.value}` });
  const top = element("div", null, { class: "top" });
  top.append(element("span", String(info.value), { class: "value" }));
  if (!mini && info.count) top.append(element("span", `×${info.count}`, { class: "count" }));
  face.append(top, element("div", info.name, { class: "name" }));
  if (!mini) {
    face.append(element("div", info.effect, { class: "effect" }));
    if (info.labels.length) {
      const labels = element("div", null, { class: "labels" });
      for (const label of info.labels) {
        labels.append(element("span", label, /[♥♦]$/.test(label) ? { class: "red" } : {}), " ");
      }
      face.append(labels);
    }
  }
  face.title = info.effect ? `${info.value} · ${info.name}: ${info.effect}` : info.name;
  return face;
}

function cardBack({ mini = true } = {}) {
  return element("div", null, { class: `card back${mini ? " mini" : ""}`, role: "img",
    "aria-label": t("hand_one", { count: 1 }) });
}

// -- creating a table ------------------------------------------------------------------

async function loadConfig() {
  const response = await fetch("/api/config");
  const config = await response.json();
  const counts = $("#bot-counts");
  counts.replaceChildren();
  const wanted = (params.get("bots") || "").split(",").filter(Boolean);
  for (const spec of config.bots) {
    const [kind, ...settings] = spec.split(":");
    const label = element("label");
    let shownName = WORDS[language][`bot_kind_${kind}`] ? t(`bot_kind_${kind}`) : kind;
    if (settings.length) shownName += ` (${settings.join(":")})`;
    const name = element("span", shownName, { "data-bot": spec });
    const input = element("input", null, { type: "number", min: "0", max: "5",
      value: String(wanted.filter((w) => w === spec).length), "data-spec": spec });
    label.append(name, input);
    counts.append(label);
  }
  if (params.get("players")) $("#players").value = params.get("players");
  if (params.get("edition")) $("#edition").value = params.get("edition");
  if (params.get("target")) $("#target").value = params.get("target");
}

async function createTable(event) {
  event.preventDefault();
  const target = $("#target").value;
  const bots = [];
  for (const input of document.querySelectorAll("#bot-counts input")) {
    for (let i = 0; i < Number(input.value || 0); i += 1) bots.push(input.dataset.spec);
  }
  const body = {
    players: $("#players").value.split(",").map((name) => name.trim()).filter(Boolean),
    bots, edition: $("#edition").value, target: target ? Number(target) : null,
    remedy: $("#remedy").checked, language,
  };
  const response = await fetch("/api/tables", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  created = response.ok ? answer : { error: answer.error };
  drawLinks();
}

function drawLinks() {
  const links = $("#links");
  links.replaceChildren();
  if (!created) return;
  if (created.error) {
    links.append(element("p", created.error, { role: "alert" }));
    return;
  }
  links.append(element("p", t("links")));
  const list = element("ul");
  for (const [seat, { link }] of Object.entries(created.seats)) {
    const item = element("li");
    const address = new URL(link, location.href).href;
    const field = element("input", null, { readonly: "", value: address,
      "aria-label": t("open_as", { seat }) });
    const copy = element("button", t("copy"), { type: "button", "data-copy": seat });
    const said = element("span", "", { class: "copied", "aria-live": "polite" });
    copy.addEventListener("click", () => copyLink(field, said));
    item.append(element("a", t("open_as", { seat }), { href: link, "data-seat": seat }), field, copy, said);
    list.append(item);
  }
  links.append(list);
}

async function copyLink(field, said) {
  try {
    await navigator.clipboard.writeText(field.value);
    said.textContent = t("copied");
  } catch {
    field.select();
    said.textContent = document.execCommand && document.execCommand("copy") ? t("copied") : t("copy_failed");
  }
}

// -- the connection ----------------------------------------------------------------------

function send(text) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
}

function sendMove(command) {
  waiting = true;
  drawPicker();
  send(JSON.stringify({ state: shown.state, command }));
}

function notice(text, button = false) {
  $("#notice").hidden = !text;
  $("#notice-text").textContent = text || "";
  $("#reconnect").hidden = !button;
}

function connect() {
  notice("");
  if (!shown) $("#status").textContent = t("connecting");
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(place.table)}`);
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ hello: { seat: place.seat, token: place.token, language } }));
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => closed(event.code));
}

function closed(code) {
  waiting = false;
  if (closedForGood) return;
  const known = CLOSES[code];
  if (shown && shown.view.game_winners.length && (code === 4410 || code === 4408)) return;
  if (known && known.again === null) {
    closedForGood = true;
    notice(t(known.words));
  } else if (known && known.again === "button") {
    notice(t(known.words), true);
  } else if (known) {
    notice(t(known.words));
    setTimeout(connect, known.again);
  } else {
    notice(t("reconnecting"));
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  }
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
    return;
  }
  retry = 500;
  if (message.type === "welcome") {
    cards = message.cards;
    botKinds = message.bot_kinds || {};
    queue = [];
    holding = false;
    $("#round-end").hidden = true;
    $("#narration").replaceChildren();
  }
  queue.push(message);
  if (!holding) release();
}

// Draw the messages waiting; stop at the end of a round, shown until the player goes on.
function release() {
  while (queue.length) {
    const message = queue.shift();
    if (!message.held) tell(message.narration);
    const end = message.round_end;
    const over = message.view.game_winners.length > 0;
    if (end && !message.held && (message.type === "update" || over)) {
      showRoundEnd(end, message);
      if (!over) { // the next round waits until the player has seen this one's end
        holding = true;
        waiting = false;
        prefix = [];
        queue.unshift({ ...message, held: true });
        drawPicker();
        return;
      }
    }
    draw(message);
  }
}

function tell(sentences) {
  const story = $("#narration");
  for (const sentence of sentences) story.append(element("li", sentence));
  story.scrollTop = story.scrollHeight;
}

function showRefusal(message) {
  window.loveletterTable.lastRefusal = message;
  waiting = false;
  const box = $("#refusal");
  // The server's own refusals are told in the page's language by their code; the
  // others (the referee's, error "illegal") come with their message, written by the
  // server in the language the page said hello in.
  const own = OWN_ERRORS[message.error];
  const text = own ? t(own, { seat: place.seat }) : message.message;
  box.textContent = t("refused", { message: text });
  box.dataset.error = message.error;
  box.hidden = false;
  prefix = [];
  if (shown) drawPicker();
}

// -- the end of a round ----------------------------------------------------------------

function showRoundEnd(end, message) {
  const over = message.view.game_winners.length > 0;
  const panel = $("#round-end");
  const winners = over ? message.view.game_winners : end.winners;
  $("#round-end-title").textContent = t(over ? "game_won" : "round_won",
    { round: end.round, winners: listed(winners) });
  // Until the player goes on, the status line tells the round's end, not the next deal.
  if (!over) $("#status").textContent = $("#round-end-title").textContent;
  $("#round-told").replaceChildren(...end.told.map((line) => element("li", line)));
  const aside = $("#round-set-aside");
  aside.replaceChildren();
  if (end.set_aside) {
    const figure = element("figure");
    figure.append(cardFace(end.set_aside, { mini: true }), element("figcaption", t("set_aside")));
    aside.append(figure);
  }
  const hands = $("#round-hands");
  hands.replaceChildren();
  for (const [player, card] of Object.entries(end.hands)) {
    const figure = element("figure");
    figure.append(cardFace(card, { mini: true }), element("figcaption", player));
    hands.append(figure);
  }
  const gained = {};
  for (const award of end.awards) gained[award.player] = (gained[award.player] || 0) + 1;
  const rows = message.view.seats.map((seat) => {
    const row = element("tr");
    row.append(element("th", seat.player, { scope: "row" }));
    const cell = element("td", `${seat.tokens} / ${message.view.target}`);
    if (gained[seat.player]) {
      cell.append(" ", element("span", `+${gained[seat.player]}`, { class: "gain" }));
    }
    row.append(cell);
    return row;
  });
  $("#round-tokens tbody").replaceChildren(...rows);
  $("#next-round").hidden = over;
  $("#new-game").hidden = !over;
  panel.hidden = false;
  panel.focus();
}

function nextRound() {
  $("#round-end").hidden = true;
  holding = false;
  release();
}

function newGame() {
  const view = shown.view;
  const people = view.seats.map((seat) => seat.player).filter((name) => !(name in botKinds));
  const query = new URLSearchParams({ lang: language, players: people.join(", "),
    bots: Object.values(botKinds).join(","), edition: view.edition });
  location.href = `/?${query}`;
}

// -- the board ---------------------------------------------------------------------------

function draw(message) {
  shown = message;
  waiting = false;
  if (message.type !== "refused") $("#refusal").hidden = true;
  prefix = [];
  const view = message.view;
  drawStatus(message);
  const others = view.seats.filter((seat) => seat.player !== message.listener);
  $("#other-seats").replaceChildren(...others.map((seat) => seatPanel(seat, message)));
  drawMiddle(view);
  drawMe(view.seats.find((seat) => seat.player === message.listener), message);
  drawPicker();
}

function drawStatus(message) {
  const view = message.view;
  let text;
  if (view.game_winners.length) text = t("over", { winners: listed(view.game_winners) });
  else if (view.to_act === message.listener) text = t("your_turn", { seat: message.listener });
  else text = t("waiting", { player: view.to_act || "…" });
  $("#status").textContent = `${t("round", { round: view.round_number })} · ${text}`;
  // The tab's title says when it is this seat's turn, for a player in another tab.
  document.title = view.to_act === message.listener && !view.game_winners.length
    ? `▶ ${t("title")}` : t("title");
}

function tokensOf(seat, view) {
  const span = element("span", null, { class: "tokens",
    "aria-label": t("tokens_of", { count: seat.tokens, target: view.target }) });
  span.append(element("span", "♥".repeat(seat.tokens)));
  span.append(element("span", "♡".repeat(Math.max(0, view.target - seat.tokens)), { class: "empty" }));
  return span;
}

function badges(seat, message) {
  const list = element("div", null, { class: "badges" });
  if (seat.player === message.listener) list.append(element("span", t("you"), { class: "badge" }));
  if (message.bots.includes(seat.player)) list.append(element("span", t("bot"), { class: "badge" }));
  if (seat.protected) list.append(element("span", t("protected"), { class: "badge protected" }));
  if (seat.out) list.append(element("span", t("out"), { class: "badge out" }));
  return list;
}

function seatHead(seat, message) {
  const head = element("div", null, { class: "seat-head" });
  const name = element("span", null, { class: "seat-name" });
  if (seat.player === message.view.to_act) {
    name.append(element("span", "▶ ", { class: "marker", "aria-hidden": "true" }));
  }
  name.append(seat.player);
  head.append(name, tokensOf(seat, message.view));
  return head;
}

function discards(seat) {
  const row = element("div", null, { class: "discards" });
  if (seat.discards.length) row.append(element("span", t("discards"), { class: "discards-label" }));
  for (const card of seat.discards) row.append(cardFace(card, { mini: true }));
  return row;
}

function seatPanel(seat, message) {
  const panel = element("div", null, { class: "seat", "data-player": seat.player });
  if (seat.player === message.view.to_act) {
    panel.classList.add("to-act");
    panel.setAttribute("aria-current", "true");
  }
  if (seat.out) panel.classList.add("out");
  panel.append(seatHead(seat, message), badges(seat, message));
  const held = element("div", null, { class: "seat-cards",
    "aria-label": plural("hand", seat.hand_size) });
  for (let i = 0; i < seat.hand_size; i += 1) held.append(cardBack());
  panel.append(held);
  if (seat.known && seat.known.length) {
    panel.append(element("div", t("known", { cards: seat.known.map(cardName).join(", ") }),
      { class: "known" }));
  }
  panel.append(discards(seat));
  return panel;
}

function drawMiddle(view) {
  const pile = $("#pile");
  pile.replaceChildren(cardBack(), element("figcaption", plural("pile", view.draw_pile_size)));
  const aside = $("#set-aside");
  aside.replaceChildren(view.set_aside ? cardFace(view.set_aside, { mini: true }) : cardBack(),
    element("figcaption", t("set_aside")));
  const faceUp = $("#face-up");
  faceUp.replaceChildren();
  if (view.face_up.length) {
    const row = element("div", null, { class: "row" });
    for (const card of view.face_up) row.append(cardFace(card, { mini: true }));
    faceUp.append(row, element("figcaption", t("face_up")));
  }
}

function drawMe(me, message) {
  const seat = $("#my-seat");
  seat.replaceChildren(seatHead(me, message), badges(me, message));
  $("#my-discards").replaceChildren(...discards(me).childNodes);
}

function drawHand(me) {
  const open = !waiting && !holding;
  const playable = new Map(
    open ? options().filter((step) => step.kind === "card").map((step) => [step.value, step]) : [],
  );
  const hand = $("#hand");
  hand.replaceChildren(...(me.hand || []).map((name, index) => {
    const step = playable.get(name);
    const face = cardFace(name, { tag: step ? "button" : "div" });
    face.dataset.card = name;
    face.dataset.index = String(index);
    if (step) {
      face.type = "button";
      face.setAttribute("aria-label", `${step.label} (${cards[name] ? cards[name].value : ""})`);
      face.addEventListener("click", () => choose(step));
    }
    return face;
  }));
}

// -- the move picker ---------------------------------------------------------------------

// The server's tree of moves (message.moves.steps): each step is one choice (a card, a
// player, a card to name, the card kept, an order, a draw, a take-back) with its label
// in the seat's language; a step that ends a move holds its command, one that goes on
// lists what may follow it in `then`.
const CARD_STEPS = ["card", "guess", "keep"];

// The choices at the next step, after those made so far.
function options() {
  let steps = shown ? shown.moves.steps : [];
  for (const step of prefix) steps = step.then || [];
  return steps;
}

function choose(step) {
  $("#refusal").hidden = true;
  // A step with one choice only is taken at once (the only player a card can choose).
  for (;;) {
    prefix.push(step);
    if (!(step.then && step.then.length)) {
      sendMove(step.command);
      return;
    }
    const next = options();
    if (next.length !== 1) break;
    step = next[0];
  }
  drawPicker();
}

function optionButton(step) {
  const button = CARD_STEPS.includes(step.kind)
    ? cardFace(step.value, { mini: true, tag: "button" })
    : element("button", step.label);
  button.type = "button";
  button.dataset.kind = step.kind;
  button.dataset.value = JSON.stringify(step.value);
  button.setAttribute("aria-label", step.label);
  button.addEventListener("click", () => choose(step));
  return button;
}

function drawPicker() {
  if (!shown) return;
  const found = waiting || holding ? [] : options();
  const box = $("#options");
  $("#picker-path").textContent = prefix.map((step) => step.label).join(" → ");
  if (found.length) {
    $("#picker-title").textContent = t(`step_${found[0].kind}`);
    box.replaceChildren(...found.map(optionButton));
  } else {
    $("#picker-title").textContent = t("your_moves");
    box.replaceChildren(element("p", holding ? t("held") : waiting ? "…" : t("no_moves")));
  }
  $("#back").hidden = prefix.length === 0 || waiting || holding;
  const me = shown.view.seats.find((seat) => seat.player === shown.listener);
  if (me) drawHand(me);
}

function back() {
  prefix = [];
  drawPicker();
}

// -- start ---------------------------------------------------------------------------------

function setLanguage(chosen) {
  language = chosen;
  localStorage.setItem("loveletter-language", language);
  const query = new URLSearchParams(location.search);
  query.set("lang", language);
  history.replaceState(null, "", `?${query}${location.hash}`);
  translatePage();
}

function start() {
  translatePage();
  $("#language").addEventListener("change", (event) => {
    setLanguage(event.target.value);
    if (socket) {
      socket.close(); // reconnects in the new language: the narration is the server's
    } else {
      loadConfig();
      drawLinks();
    }
  });
  $("#next-round").addEventListener("click", nextRound);
  $("#new-game").addEventListener("click", newGame);
  $("#back").addEventListener("click", back);
  $("#reconnect").addEventListener("click", connect);
  if (place.table && place.seat && place.token) {
    $("#table").hidden = false;
    connect();
  } else {
    $("#create").hidden = false;
    $("#create-form").addEventListener("submit", createTable);
    loadConfig();
  }
}

// For tests and tinkering: send any text as this seat, or drop the connection.
window.loveletterTable = {
  send, drop: () => socket && socket.close(), lastRefusal: null,
  state: () => (shown ? shown.state : null),
  over: () => Boolean(shown && shown.view.game_winners.length),
};

start();
