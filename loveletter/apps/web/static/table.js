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
    tokens_of: "{count} of {target} tokens", tokens_of_spy: "{count} of {target} tokens, {spy} of them the Spy's",
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
    pace: "Pace of the others' moves", pace_0: "at once", pace_500: "quick (½ s)",
    pace_1000: "normal (1 s)", pace_2000: "slow (2 s)",
    skip: "Show all now", skip_hint: "(or press Escape)",
    next_round_in: "the next deal in {seconds} s", your_tables: "Your tables",
    no_tables: "The tables you join are listed here, in this browser only.",
    forget: "Forget", forget_table: "Forget the table {table} ({seat})",
    as_seat: "as {seat}", watching: "watching", table_named: "Table {table}",
    spectator_link: "A link for spectators (it shows no hidden card):",
    open_spectator: "Watch the table", spectator: "You are watching: no hidden card is shown.",
    timer_on: "Turn timer: {seconds} s a turn; after that a bot plays for whoever is away, until they are back.",
    timer_stand_in: "A bot is playing for {players} until they are back.",
    timer_left: "{seconds} s left to {player}.",
    turn_timer: "Turn timer in seconds (empty: none)",
    tokens_over: "{count} of {target}", spy_token: "the Spy's token",
    spy_mark: "Spy", card_info: "{value} · {name}: {effect}", close: "Close",
    new_line: "new", played: "just played",
    everyone: "The players", earlier: "Tell the earlier rounds in full", im_back: "I'm back", moment_guess: "Guard", moment_compare: "Baron", moment_out: "Knocked out",
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
    tokens_of: "{count} pions Faveur sur {target}", tokens_of_spy: "{count} pions Faveur sur {target}, dont {spy} de l'Espionne",
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
    pace: "Rythme des coups des autres", pace_0: "d'un coup", pace_500: "rapide (½ s)",
    pace_1000: "normal (1 s)", pace_2000: "lent (2 s)",
    skip: "Tout montrer", skip_hint: "(ou appuyez sur Échap)",
    next_round_in: "la donne suivante dans {seconds} s", your_tables: "Vos tables",
    no_tables: "Les tables où vous jouez sont listées ici, dans ce navigateur seulement.",
    forget: "Oublier", forget_table: "Oublier la table {table} ({seat})",
    as_seat: "en tant que {seat}", watching: "spectateur", table_named: "Table {table}",
    spectator_link: "Un lien pour les spectateurs (il ne montre aucune carte cachée) :",
    open_spectator: "Regarder la table", spectator: "Vous regardez : aucune carte cachée n'est montrée.",
    timer_on: "Temps par tour : {seconds} s ; passé ce délai, un robot joue pour l'absent, jusqu'à son retour.",
    timer_stand_in: "Un robot joue pour {players} jusqu'à son retour.",
    timer_left: "Encore {seconds} s pour {player}.",
    turn_timer: "Temps par tour en secondes (vide : aucun)",
    tokens_over: "{count} sur {target}", spy_token: "le pion de l'Espionne",
    spy_mark: "Espionne", card_info: "{value} · {name} : {effect}", close: "Fermer",
    new_line: "nouveau", played: "vient d'être jouée",
    everyone: "Les joueurs", earlier: "Raconter les manches d'avant en entier", im_back: "Je suis de retour", moment_guess: "Garde", moment_compare: "Baron", moment_out: "Éliminé",
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

// The paces offered for the others' moves (milliseconds a move stays before the next).
const PACES = [0, 500, 1000, 2000];
// The events that get a moment of their own, and how long, in paces.
const MOMENTS = { GuardGuessed: "moment_guess", HandsCompared: "moment_compare",
  PlayerKnockedOut: "moment_out" };

const params = new URLSearchParams(location.search);
const hash = new URLSearchParams(location.hash.slice(1));
const place = { table: params.get("table"), seat: params.get("seat"), token: hash.get("token"),
  watch: hash.get("watch") ?? params.get("watch") };
let language = params.get("lang") || localStorage.getItem("loveletter-language")
  || (navigator.language || "en").slice(0, 2);
if (!(language in WORDS)) language = "en";
let pace = chosenPace();
// Seconds the end of a round stays before the next deal is drawn by itself (0: until pressed).
const COUNT = Math.max(0, Math.min(120, Number(params.get("count") ?? 20) || 0));
let socket = null;
let closedForGood = false;
let retry = 500;
let shown = null; // the last message received whole: its state, moves and view are the latest
let board = null; // what the board draws now: a view, and the message it came in
let cards = {}; // each kind of card, from the welcome: name, value, effect, labels
let botKinds = {};
let frames = []; // the steps of the updates still to draw, one event each
let pacing = null; // the timer before the next step is drawn
let skipping = false;
let holding = false; // a round's end is shown: the next deal waits
let counting = null;
let ended = null; // the round's end being told: round, winners, hands, set-aside, lines, awards
let spyTokens = {}; // each player's tokens won with a Spy, counted from the events
let lastPlay = null; // the card just played: its player and its place in their discards
let acting = null; // the player whose move is being shown
let prefix = []; // the steps of the moves tree chosen so far, of the move being made
let waiting = false; // a move was sent: nothing more until the server answers
let updates = 0;
let created = null;
let timer = null; // the table's turn timer, as the last message said

function chosenPace() {
  const asked = params.get("pace") ?? localStorage.getItem("loveletter-pace");
  return asked !== null && PACES.includes(Number(asked)) ? Number(asked) : 1000;
}

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

// Put what build() makes into container, unless what it draws is the same as before:
// a button under the keyboard's focus is never rebuilt for nothing.
function put(container, key, build) {
  const text = JSON.stringify(key);
  if (container.dataset.drawn === text) return false;
  container.dataset.drawn = text;
  container.replaceChildren(...build());
  return true;
}

function listed(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")}${t("and")}${names[names.length - 1]}`;
}

function translatePage() {
  document.documentElement.lang = language;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  $("#language").value = language;
  const paces = $("#pace");
  paces.replaceChildren(...PACES.map((ms) => element("option", t(`pace_${ms}`), { value: String(ms) })));
  paces.value = String(pace);
}

// -- cards -----------------------------------------------------------------------------

function cardName(name) { return (cards[name] && cards[name].name) || name; }

function cardInfo(name) {
  const info = cards[name] || { name, value: "?", effect: "" };
  return info.effect ? t("card_info", info) : info.name;
}

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
  face.title = cardInfo(name);
  return face;
}

// A small card that tells its effect when tapped or pressed: tooltips never show on touch.
function miniCard(name) {
  const face = cardFace(name, { mini: true, tag: "button" });
  face.type = "button";
  face.classList.add("info");
  face.dataset.card = name;
  face.setAttribute("aria-expanded", "false");
  face.setAttribute("aria-controls", "card-info");
  face.addEventListener("click", (event) => {
    event.stopPropagation();
    toggleInfo(face, name);
  });
  return face;
}

function toggleInfo(face, name) {
  const box = $("#card-info");
  const open = box.dataset.for === name && !box.hidden && face.getAttribute("aria-expanded") === "true";
  for (const other of document.querySelectorAll('.card.info[aria-expanded="true"]')) {
    other.setAttribute("aria-expanded", "false");
  }
  if (open) {
    closeInfo();
    return;
  }
  face.setAttribute("aria-expanded", "true");
  box.dataset.for = name;
  $("#card-info-text").textContent = cardInfo(name);
  box.hidden = false;
}

function closeInfo() {
  $("#card-info").hidden = true;
  for (const other of document.querySelectorAll('.card.info[aria-expanded="true"]')) {
    other.setAttribute("aria-expanded", "false");
  }
}

function cardBack({ mini = true } = {}) {
  return element("div", null, { class: `card back${mini ? " mini" : ""}`, role: "img",
    "aria-label": t("hand_one", { count: 1 }) });
}

// -- the tables this browser joined ------------------------------------------------------

function remembered() {
  try {
    const list = JSON.parse(localStorage.getItem("loveletter-tables") || "[]");
    return Array.isArray(list) ? list.filter((entry) => entry && entry.table && entry.link) : [];
  } catch {
    return [];
  }
}

function remember(entry) {
  const list = remembered().filter((old) => !(old.table === entry.table && old.seat === entry.seat));
  list.unshift(entry);
  localStorage.setItem("loveletter-tables", JSON.stringify(list.slice(0, 30)));
}

function forget(entry) {
  const list = remembered().filter((old) => !(old.table === entry.table && old.seat === entry.seat));
  localStorage.setItem("loveletter-tables", JSON.stringify(list));
  drawYourTables();
}

// What the list of tables says of a table: its round and whose turn, or who won.
function summary(message) {
  const view = message.view;
  if (view.game_winners.length) return t("over", { winners: listed(view.game_winners) });
  const whose = view.to_act && view.to_act === message.listener
    ? t("your_turn", { seat: message.listener }) : t("waiting", { player: view.to_act || "…" });
  return `${t("round", { round: view.round_number })} · ${whose}`;
}

function rememberThis(message) {
  if (!place.table) return;
  const view = message.view;
  remember({
    table: place.table, seat: place.seat || null, link: location.href.replace(/&(pace|count)=\d+/g, ""),
    players: view.seats.map((seat) => seat.player), summary: summary(message),
    over: view.game_winners.length > 0,
    turn: Boolean(view.to_act && view.to_act === message.listener && !view.game_winners.length),
    seen: new Date().toISOString(),
  });
}

function drawYourTables() {
  const list = remembered();
  const box = $("#your-tables-list");
  const items = list.map((entry) => {
    const asked = params.get("table") === entry.table ? " asked" : "";
    const item = element("li", null, { "data-table": entry.table, class: `${entry.turn ? "turn" : ""}${asked}`.trim() });
    const who = entry.seat ? t("as_seat", { seat: entry.seat }) : t("watching");
    const link = element("a", (entry.players || []).join(", ") || t("table_named", { table: entry.table }),
      { href: entry.link });
    const players = element("span", `${who} · ${t("table_named", { table: entry.table })}`, { class: "players" });
    const said = element("span", entry.summary || "", { class: "summary" });
    const drop = element("button", t("forget"), { type: "button",
      "aria-label": t("forget_table", { table: entry.table, seat: entry.seat || t("watching") }) });
    drop.addEventListener("click", () => forget(entry));
    item.append(link, players, said, drop);
    return item;
  });
  box.replaceChildren(...items);
  $("#no-tables").hidden = items.length > 0;
  $("#your-tables").hidden = false;
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
  const turnTimer = $("#turn-timer").value;
  const bots = [];
  for (const input of document.querySelectorAll("#bot-counts input")) {
    for (let i = 0; i < Number(input.value || 0); i += 1) bots.push(input.dataset.spec);
  }
  const body = {
    players: $("#players").value.split(",").map((name) => name.trim()).filter(Boolean),
    bots, edition: $("#edition").value, target: target ? Number(target) : null,
    remedy: $("#remedy").checked, language,
  };
  if (turnTimer) body.turn_timer = Number(turnTimer);
  const response = await fetch("/api/tables", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  created = response.ok ? answer : { error: answer.error, code: answer.code };
  const wrongName = !response.ok && String(answer.code || "").startsWith("name_");
  $("#players").setAttribute("aria-invalid", String(wrongName));
  drawLinks();
}

function drawLinks() {
  const links = $("#links");
  links.replaceChildren();
  if (!created) return;
  if (created.error) {
    links.append(element("p", created.error, { role: "alert", class: "error", "data-code": created.code || "" }));
    return;
  }
  links.append(element("p", t("links")));
  const list = element("ul");
  for (const [seat, { link }] of Object.entries(created.seats)) {
    list.append(linkItem(link, t("open_as", { seat }), { "data-seat": seat }, seat));
  }
  links.append(list);
  const watch = created.spectator && (created.spectator.link || created.spectator);
  if (typeof watch === "string") {
    links.append(element("p", t("spectator_link")));
    const more = element("ul");
    more.append(linkItem(watch, t("open_spectator"), { "data-spectator": "" }, "spectator"));
    links.append(more);
  }
}

function linkItem(link, label, attributes, name) {
  const item = element("li");
  const address = new URL(link, location.href).href;
  const field = element("input", null, { readonly: "", value: address, "aria-label": label });
  const copy = element("button", t("copy"), { type: "button", "data-copy": name });
  const said = element("span", "", { class: "copied", "aria-live": "polite" });
  copy.addEventListener("click", () => copyLink(field, said));
  item.append(element("a", label, { href: link, ...attributes }), field, copy, said);
  return item;
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

// The story's lines stay marked new until the player's next move.
function seen() {
  for (const old of document.querySelectorAll("#narration li.new")) {
    old.classList.remove("new");
    for (const said of old.querySelectorAll(".visually-hidden")) said.remove();
  }
}

function sendMove(command) {
  seen();
  waiting = true;
  drawPicker();
  send(JSON.stringify({ state: shown.state, command }));
}

function notice(text, button = false) {
  $("#notice").hidden = !text;
  $("#notice-text").textContent = text || "";
  $("#reconnect").hidden = !button;
}

function hello() {
  if (place.watch !== null && !place.seat) return { hello: { spectator: place.watch, language } };
  return { hello: { seat: place.seat, token: place.token, language } };
}

function connect() {
  notice("");
  if (!shown) $("#status").textContent = t("connecting");
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(place.table)}`);
  socket.addEventListener("open", () => socket.send(JSON.stringify(hello())));
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
  if (message.type === "timer") {
    drawTimer(message);
    return;
  }
  if (message.type === "story") {
    earlierStory(message);
    return;
  }
  prefix = []; // the moves tree changes with every update: a move is chosen in the latest
  waiting = false;
  if (!place.seat && !frames.length) seen(); // a spectator's new lines: those of this update
  if (message.type === "welcome") {
    welcome(message);
    return;
  }
  shown = message;
  frames.push(...stepsOf(message));
  pump();
}

// A (re)connection: the current round in full, the rounds before in short; no pace.
function welcome(message) {
  cards = message.cards;
  botKinds = message.bot_kinds || {};
  frames = [];
  clearTimeout(pacing);
  pacing = null;
  stopHolding();
  ended = null;
  lastPlay = null;
  acting = null;
  $("#round-end").hidden = true;
  $("#narration").replaceChildren();
  spyTokens = spiesOf(message) || {};
  for (const round of message.rounds || []) {
    tell([`${t("round", { round: round.round })}: ${(round.told || []).join(" ")}`], false, "earlier");
  }
  tell(message.narration, false);
  storyFrom = message.first || 0;
  $("#earlier").hidden = !(storyFrom > 0);
  shown = message;
  drawWatchLink(message);
  drawBoard(message.view, message);
  if (message.round_end && message.view.game_winners.length) {
    ended = { ...message.round_end, over: true };
    showRoundEnd();
  }
  finish(message);
}

// Each player's tokens won with a Spy, as the server counts them.
function spiesOf(message) {
  if (!message.tokens || !message.tokens.players) return null;
  return Object.fromEntries(Object.entries(message.tokens.players).map(([name, data]) => [name, data.spy || 0]));
}

// An update's steps: one per command, with the board after it (a server that sends
// none gives one, its whole update), told one event at a time, each event with its
// sentence and its moment; the board drawn is the step's.
function stepsOf(message) {
  const steps = Array.isArray(message.steps) && message.steps.length ? message.steps
    : [{ events: message.events || [], narration: message.narration || [], view: message.view }];
  const found = [];
  steps.forEach((step, index) => {
    const events = step.events || [];
    const told = step.narration || [];
    const last = index === steps.length - 1;
    if (!events.length) {
      found.push({ events: [], narration: told, view: step.view || message.view, message, last, step });
      return;
    }
    events.forEach((event, at) => {
      // a sentence for each event; any left over go with the last
      const narration = at === events.length - 1 ? told.slice(at) : told.slice(at, at + 1);
      found.push({ events: [event], narration, view: step.view || message.view, message,
        last: last && at === events.length - 1, step, first: at === 0 });
    });
  });
  return found;
}

// Draw the steps waiting, one at a time at the chosen pace; stop at the end of a round.
function pump() {
  while (frames.length && !pacing && !holding) {
    const frame = frames[0];
    if (ended && !ended.over && (frame.events.some((event) => event.event === "RoundStarted")
      || (frame.step && frame.step.kind === "deal"))) {
      hold(); // the next deal waits until the player has seen this round's end
      return;
    }
    frames.shift();
    const delay = showFrame(frame);
    if (delay > 0 && frames.length && !skipping) {
      pacing = setTimeout(() => { pacing = null; pump(); }, delay);
    }
  }
  if (!frames.length) skipping = false;
  drawSkip();
}

function skip() {
  if (!frames.length) return;
  skipping = true;
  clearTimeout(pacing);
  pacing = null;
  pump();
}

function drawSkip() {
  $("#skip").hidden = !(frames.length && (pacing || skipping));
}

function count(events) {
  for (const event of events) {
    if (event.event === "TokenAwarded" && event.reason === "spy") {
      spyTokens[event.player] = (spyTokens[event.player] || 0) + 1;
    }
  }
}

// Draw one step; how long it stays before the next.
function showFrame(frame) {
  let delay = 0;
  count(frame.events);
  tell(frame.narration, true);
  for (const event of frame.events) {
    const mine = event.player && event.player === frame.message.listener;
    if (event.event === "RoundStarted") {
      lastPlay = null;
      acting = null;
      ended = null;
      $("#round-end").hidden = true;
      $("#moment").hidden = true;
    } else if (event.event === "CardPlayed") {
      acting = event.player;
      $("#moment").hidden = true;
      const seat = frame.view.seats.find((s) => s.player === event.player);
      lastPlay = seat ? { player: event.player, index: seat.discards.lastIndexOf(event.card) } : null;
      delay = Math.max(delay, mine ? 0 : pace);
    } else if (event.event === "CardDrawn") {
      if (!mine) acting = event.player;
      delay = Math.max(delay, mine ? 0 : pace / 3);
    } else if (event.event in MOMENTS) {
      moment(event, frame.narration);
      delay = Math.max(delay, pace * 1.5);
    } else if (event.event === "RoundEnded") {
      const hands = Array.isArray(event.hands) ? Object.fromEntries(event.hands) : event.hands || {};
      ended = { round: event.round_number, winners: event.winners || [], hands,
        set_aside: event.set_aside, told: [...frame.narration], awards: [], over: false };
      delay = 0;
    } else if (event.event === "TokenAwarded" && ended) {
      ended.told.push(...frame.narration);
      ended.awards.push({ player: event.player, reason: event.reason, tokens: event.tokens });
    } else if (event.event === "GameEnded" && ended) {
      ended.over = true;
    }
  }
  if (!frame.events.length && frame.message.round_end && !ended) { // a server without steps
    ended = { ...frame.message.round_end, over: frame.view.game_winners.length > 0 };
  }
  if (frame.view.game_winners.length && ended) ended.over = true;
  drawBoard(frame.view, frame.message);
  if (ended) showRoundEnd();
  if (frame.last && !frames.length) finish(frame.message);
  if (ended && !ended.over && frame.last && frames.length === 0 && !frame.events.some((e) => e.event === "RoundStarted")) {
    hold(); // the round's end is the last news: the page still waits for the player
  }
  return pace === 0 ? 0 : delay;
}

// The last step of the last update is drawn: the board is the latest, the moves are open.
function finish(message) {
  acting = null;
  spyTokens = spiesOf(message) || spyTokens;
  rememberThis(message);
  drawTimer(message);
  drawBoard(message.view, message);
}

function moment(event, narration) {
  const box = $("#moment");
  box.replaceChildren(element("strong", t(MOMENTS[event.event])), " ", narration.join(" "));
  box.dataset.event = event.event;
  box.hidden = false;
  document.body.dataset.moments = String(Number(document.body.dataset.moments || 0) + 1);
  box.classList.remove("flash");
  void box.offsetWidth; // start the highlight again
  box.classList.add("flash");
}

let storyFrom = 0; // the index of the first event the story tells

function askEarlier() {
  const count = Math.min(100, storyFrom);
  if (count > 0) send(JSON.stringify({ story: { start: storyFrom - count, count } }));
}

// A page of the story before what the page tells: its lines go first.
function earlierStory(page) {
  if (typeof page.start !== "number" || page.start >= storyFrom) return;
  const lines = (page.narration || []).slice(0, storyFrom - page.start)
    .map((sentence) => element("li", sentence, { class: "earlier-page" }));
  const story = $("#narration");
  if (page.start === 0) for (const old of story.querySelectorAll("li.earlier")) old.remove();
  story.prepend(...lines);
  storyFrom = page.start;
  $("#earlier").hidden = storyFrom <= 0;
}

function tell(sentences, fresh, kind = "") {
  const story = $("#narration");
  for (const sentence of sentences) {
    const line = element("li", sentence, { class: `${fresh ? "new" : ""} ${kind}`.trim() });
    if (fresh) line.prepend(element("span", `${t("new_line")}: `, { class: "visually-hidden" }));
    story.append(line);
  }
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

function showRoundEnd() {
  const end = ended;
  const view = board.view;
  const over = end.over;
  const panel = $("#round-end");
  const wasHidden = panel.hidden;
  const winners = over && view.game_winners.length ? view.game_winners : end.winners;
  $("#round-end-title").textContent = t(over ? "game_won" : "round_won",
    { round: end.round, winners: listed(winners) });
  $("#round-told").replaceChildren(...end.told.map((line) => element("li", line)));
  const aside = $("#round-set-aside");
  aside.replaceChildren();
  if (end.set_aside) {
    const figure = element("figure");
    figure.append(miniCard(end.set_aside), element("figcaption", t("set_aside")));
    aside.append(figure);
  }
  const hands = $("#round-hands");
  hands.replaceChildren();
  for (const [player, card] of Object.entries(end.hands || {})) {
    if (!card) continue;
    const figure = element("figure");
    figure.append(miniCard(card), element("figcaption", player, { class: "name-clip" }));
    hands.append(figure);
  }
  const gained = {};
  const bySpy = {};
  for (const award of end.awards) {
    gained[award.player] = (gained[award.player] || 0) + 1;
    if (award.reason === "spy") bySpy[award.player] = (bySpy[award.player] || 0) + 1;
  }
  const rows = view.seats.map((seat) => {
    const row = element("tr", null, { "data-player": seat.player });
    row.append(element("th", seat.player, { scope: "row", class: "name-clip" }));
    const cell = element("td");
    cell.append(tokensOf(seat, view));
    if (gained[seat.player]) {
      cell.append(" ", element("span", `+${gained[seat.player]}`, { class: "gain" }));
      if (bySpy[seat.player]) cell.append(" ", element("span", `(${t("spy_mark")} +${bySpy[seat.player]})`, { class: "gain spy" }));
    }
    row.append(cell);
    return row;
  });
  $("#round-tokens tbody").replaceChildren(...rows);
  $("#next-round").hidden = over;
  $("#new-game").hidden = !over;
  $("#round-count").hidden = true;
  panel.hidden = false;
  drawStatus();
  if (wasHidden) panel.focus({ preventScroll: true });
}

function hold() {
  holding = true;
  waiting = false;
  prefix = [];
  drawSkip();
  drawStatus();
  drawPicker();
  if (COUNT > 0) {
    let left = COUNT;
    const said = $("#round-count");
    said.textContent = t("next_round_in", { seconds: left });
    said.hidden = false;
    counting = setInterval(() => {
      left -= 1;
      said.textContent = t("next_round_in", { seconds: left });
      if (left <= 0) nextRound();
    }, 1000);
  }
  document.body.dataset.held = ended ? String(ended.round) : "";
}

function stopHolding() {
  holding = false;
  clearInterval(counting);
  counting = null;
  $("#round-count").hidden = true;
  delete document.body.dataset.held;
}

function nextRound() {
  const hadFocus = $("#round-end").contains(document.activeElement)
    || $("#controls").contains(document.activeElement);
  $("#round-end").hidden = true;
  stopHolding();
  ended = null;
  pump();
  if (!frames.length && board) drawBoard(board.view, board.message); // no deal yet: the board as it is
  if (hadFocus) focusNext(true);
}

function newGame() {
  const view = shown.view;
  const people = view.seats.map((seat) => seat.player).filter((name) => !(name in botKinds));
  const query = new URLSearchParams({ lang: language, players: people.join(", "),
    bots: Object.values(botKinds).join(","), edition: view.edition });
  location.href = `/?${query}`;
}

// -- the board ---------------------------------------------------------------------------

function drawBoard(view, message) {
  board = { view, message };
  document.body.classList.toggle("game-over", view.game_winners.length > 0);
  if (message === shown && !frames.length) {
    waiting = false;
    $("#refusal").hidden = true;
  }
  drawStatus();
  const listener = message.listener;
  const others = view.seats.filter((seat) => seat.player !== listener);
  const seats = $("#other-seats");
  put(seats, others.map((seat) => seatKey(seat, view, message)), () => others.map((seat) => seatPanel(seat, view, message)));
  drawMiddle(view);
  const me = view.seats.find((seat) => seat.player === listener);
  $("#controls").hidden = !me;
  if (me) drawMe(me, view, message);
  drawPicker();
}

function drawStatus() {
  if (!board) return;
  const { view, message } = board;
  let text;
  if (ended && (holding || !$("#round-end").hidden) && !ended.over) {
    text = $("#round-end-title").textContent; // until the player goes on, the round's end
  } else {
    if (view.game_winners.length) text = t("over", { winners: listed(view.game_winners) });
    else if (view.to_act && view.to_act === message.listener) text = t("your_turn", { seat: message.listener });
    else text = t("waiting", { player: acting || view.to_act || "…" });
    text = `${t("round", { round: view.round_number })} · ${text}`;
  }
  if ($("#status").textContent !== text) $("#status").textContent = text;
  // The tab's title says when it is this seat's turn, for a player in another tab.
  const mine = shown && !frames.length && !holding && shown.view.to_act === shown.listener
    && !shown.view.game_winners.length;
  document.title = mine ? `▶ ${t("title")}` : t("title");
}

function tokensOf(seat, view) {
  const spy = Math.min(spyTokens[seat.player] || 0, seat.tokens);
  const label = spy ? t("tokens_of_spy", { count: seat.tokens, target: view.target, spy })
    : t("tokens_of", { count: seat.tokens, target: view.target });
  const span = element("span", null, { class: "tokens", role: "img", "aria-label": label,
    "data-tokens": String(seat.tokens), "data-spy": String(spy) });
  const hearts = element("span", null, { class: "hearts", "aria-hidden": "true" });
  hearts.append("♥".repeat(seat.tokens - spy));
  if (spy) hearts.append(element("span", "♥".repeat(spy), { class: "spy", title: t("spy_token") }));
  hearts.append(element("span", "♡".repeat(Math.max(0, view.target - seat.tokens)), { class: "empty" }));
  span.append(hearts, element("span", t("tokens_over", { count: seat.tokens, target: view.target }),
    { class: "count", "aria-hidden": "true" }));
  if (spy) span.append(element("span", t("spy_mark"), { class: "spy-mark", "aria-hidden": "true" }));
  return span;
}

function badges(seat, message) {
  const list = element("div", null, { class: "badges" });
  if (seat.player === message.listener) list.append(element("span", t("you"), { class: "badge" }));
  if ((message.bots || shown.bots || []).includes(seat.player)) list.append(element("span", t("bot"), { class: "badge" }));
  if (seat.protected) list.append(element("span", t("protected"), { class: "badge protected" }));
  if (seat.out) list.append(element("span", t("out"), { class: "badge out" }));
  return list;
}

function seatHead(seat, view) {
  const head = element("div", null, { class: "seat-head" });
  const name = element("span", null, { class: "seat-name" });
  if (seat.player === view.to_act && !ended) {
    name.append(element("span", "▶ ", { class: "marker", "aria-hidden": "true" }));
  }
  name.append(element("span", seat.player, { class: "name-clip" }));
  head.append(name, tokensOf(seat, view));
  return head;
}

function discards(seat) {
  const row = element("div", null, { class: "discards" });
  if (seat.discards.length) row.append(element("span", t("discards"), { class: "discards-label" }));
  seat.discards.forEach((card, index) => {
    const face = miniCard(card);
    if (lastPlay && lastPlay.player === seat.player && lastPlay.index === index) {
      face.classList.add("just-played");
      face.append(element("span", ` (${t("played")})`, { class: "visually-hidden" }));
    }
    row.append(face);
  });
  return row;
}

function seatKey(seat, view, message) {
  return [seat, view.to_act, acting, lastPlay, ended && ended.hands, spyTokens[seat.player],
    message.bots, language];
}

function seatPanel(seat, view, message) {
  const panel = element("div", null, { class: "seat", "data-player": seat.player,
    "data-out": String(seat.out), "data-hand-size": String(seat.hand_size),
    "data-protected": String(seat.protected) });
  if (seat.player === view.to_act && !ended) {
    panel.classList.add("to-act");
    panel.setAttribute("aria-current", "true");
  }
  if (seat.player === acting) panel.classList.add("acting");
  if (seat.out) panel.classList.add("out");
  panel.append(seatHead(seat, view), badges(seat, message));
  const held = element("div", null, { class: "seat-cards", role: "group",
    "aria-label": plural("hand", seat.hand_size) });
  const shownHand = ended && ended.hands && ended.hands[seat.player];
  if (shownHand) held.append(miniCard(shownHand));
  else for (let i = 0; i < seat.hand_size; i += 1) held.append(cardBack());
  panel.append(held);
  if (seat.known && seat.known.length) {
    panel.append(element("div", t("known", { cards: seat.known.map(cardName).join(", ") }),
      { class: "known" }));
  }
  panel.append(discards(seat));
  return panel;
}

function drawMiddle(view) {
  put($("#pile"), [view.draw_pile_size, language], () => [cardBack(),
    element("figcaption", plural("pile", view.draw_pile_size), { "data-size": String(view.draw_pile_size) })]);
  const aside = ended && ended.set_aside ? ended.set_aside : view.set_aside;
  put($("#set-aside"), [aside, language, Object.keys(cards).length],
    () => [aside ? miniCard(aside) : cardBack(), element("figcaption", t("set_aside"))]);
  put($("#face-up"), [view.face_up, language, Object.keys(cards).length], () => {
    if (!view.face_up.length) return [];
    const row = element("div", null, { class: "row" });
    for (const card of view.face_up) row.append(miniCard(card));
    return [row, element("figcaption", t("face_up"))];
  });
}

function drawMe(me, view, message) {
  const seat = $("#my-seat");
  seat.dataset.player = me.player;
  seat.dataset.out = String(me.out);
  seat.dataset.handSize = String(me.hand_size);
  seat.dataset.protected = String(me.protected);
  put(seat, [me.player, me.tokens, me.out, me.protected, view.to_act, Boolean(ended), spyTokens[me.player], language],
    () => [seatHead(me, view), badges(me, message)]);
  put($("#my-discards"), [me.discards, lastPlay, language], () => [...discards(me).childNodes]);
}

// The moves are open only once every step is drawn, and not while a round's end waits.
function open() { return Boolean(shown) && !waiting && !holding && !frames.length && !pacing; }

function drawHand(me) {
  const playable = new Map(
    open() ? options().filter((step) => step.kind === "card").map((step) => [step.value, step]) : [],
  );
  const hand = me.hand || [];
  put($("#hand"), [hand, [...playable.keys()], prefix.length, language], () => hand.map((name, index) => {
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
  let steps = shown && shown.moves ? shown.moves.steps : [];
  for (const step of prefix) steps = step.then || [];
  return steps;
}

function choose(step) {
  $("#refusal").hidden = true;
  closeInfo();
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
  focusNext(true);
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

// Focus the first choice of the picker, where the keyboard was in the moves (or nowhere).
function focusNext(force = false) {
  const where = document.activeElement;
  const lost = !where || where === document.body;
  if (!force && !lost && !$("#controls").contains(where)) return;
  const first = $("#options button") || (force ? $("#picker-title") : null);
  if (first && first !== where) first.focus({ preventScroll: true });
}

function drawPicker() {
  if (!shown || !board) return;
  const found = open() ? options() : [];
  const box = $("#options");
  const where = document.activeElement;
  const inside = $("#controls").contains(where);
  const said = holding ? t("held") : waiting || frames.length ? "…" : t("no_moves");
  $("#picker-path").textContent = prefix.map((step) => step.label).join(" → ");
  $("#picker-title").textContent = found.length ? t(`step_${found[0].kind}`) : t("your_moves");
  const changed = put(box, [found.map((step) => [step.kind, step.label]), prefix.length, found.length ? "" : said, language, holding],
    () => {
      if (found.length) return found.map(optionButton);
      if (!holding) return [element("p", said)];
      // in the bar too, where a phone's thumb is: go on to the next deal
      const go = element("button", t("next_round"), { type: "button", id: "go-on" });
      go.addEventListener("click", nextRound);
      return [element("p", said), go];
    });
  $("#back").hidden = prefix.length === 0 || !open();
  const me = shown.view.seats.find((seat) => seat.player === shown.listener);
  if (me) drawHand(board.view === shown.view ? me : board.view.seats.find((s) => s.player === shown.listener) || me);
  if (changed && found.length && (inside || where === document.body || !where)) focusNext();
}

function back() {
  prefix = [];
  drawPicker();
  focusNext(true);
}

function drawWatchLink(message) {
  const box = $("#watch-link");
  if (!message.watch || !place.table) {
    box.hidden = true;
    return;
  }
  const link = new URL(`/?table=${encodeURIComponent(place.table)}&lang=${language}#watch=${encodeURIComponent(message.watch)}`, location.href).href;
  put(box, [link, language], () => {
    const field = element("input", null, { readonly: "", value: link, "aria-label": t("open_spectator") });
    const copy = element("button", t("copy"), { type: "button", "data-copy": "spectator" });
    const said = element("span", "", { class: "copied", "aria-live": "polite" });
    copy.addEventListener("click", () => copyLink(field, said));
    return [element("span", t("spectator_link")), " ", field, copy, said];
  });
  box.hidden = false;
}

// -- the turn timer ------------------------------------------------------------------------

let ticking = null;

function drawTimer(message) {
  timer = message.timer || null;
  const box = $("#timer");
  clearInterval(ticking);
  ticking = null;
  if (!timer || !timer.seconds) {
    box.hidden = true;
    return;
  }
  const standIns = timer.stood_in || [];
  const lines = [t("timer_on", { seconds: timer.seconds })];
  if (standIns.length) lines.push(t("timer_stand_in", { players: listed(standIns) }));
  $("#timer-text").textContent = lines.join(" ");
  box.dataset.standIns = standIns.join(",");
  $("#im-back").hidden = !(place.seat && standIns.includes(place.seat));
  const left = $("#timer-left");
  if (timer.to_act && typeof timer.left === "number") {
    const until = Date.now() + timer.left * 1000;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      left.textContent = t("timer_left", { seconds, player: timer.to_act });
    };
    tick();
    ticking = setInterval(tick, 1000);
    left.hidden = false;
  } else {
    left.hidden = true;
  }
  box.hidden = false;
}

function imBack() {
  send(JSON.stringify({ back: true }));
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

function setPace(chosen) {
  pace = PACES.includes(chosen) ? chosen : 1000;
  localStorage.setItem("loveletter-pace", String(pace));
  if (pace === 0) skip();
}

function keyed(event) {
  if (event.key === "Escape") {
    if (!$("#card-info").hidden) closeInfo();
    else skip();
  }
}

function start() {
  if (place.table && !place.seat && place.watch !== null) $("#others-title").dataset.t = "everyone";
  translatePage();
  $("#language").addEventListener("change", (event) => {
    setLanguage(event.target.value);
    if (socket) {
      socket.close(); // reconnects in the new language: the narration is the server's
    } else {
      loadConfig();
      drawLinks();
      drawYourTables();
    }
  });
  $("#pace").addEventListener("change", (event) => setPace(Number(event.target.value)));
  $("#next-round").addEventListener("click", nextRound);
  $("#new-game").addEventListener("click", newGame);
  $("#back").addEventListener("click", back);
  $("#reconnect").addEventListener("click", connect);
  $("#skip").addEventListener("click", skip);
  $("#im-back").addEventListener("click", imBack);
  $("#earlier").addEventListener("click", askEarlier);
  $("#card-info-close").addEventListener("click", closeInfo);
  $("#board").addEventListener("click", () => { if (frames.length) skip(); });
  document.addEventListener("keydown", keyed);
  const bar = $("#controls");
  if (window.ResizeObserver) {
    new ResizeObserver(() => {
      document.body.style.setProperty("--bar", `${bar.offsetHeight}px`);
    }).observe(bar);
  }
  if (place.table && ((place.seat && place.token) || place.watch !== null)) {
    $("#table").hidden = false;
    document.body.classList.toggle("watching", !place.seat);
    $("#watching").hidden = Boolean(place.seat);
    connect();
  } else {
    $("#create").hidden = false;
    $("#your-tables").hidden = false;
    $("#create-form").addEventListener("submit", createTable);
    drawYourTables();
    loadConfig();
  }
}

// For tests and tinkering: send any text as this seat, or drop the connection.
window.loveletterTable = {
  send, drop: () => socket && socket.close(), lastRefusal: null,
  state: () => (shown ? shown.state : null),
  over: () => Boolean(shown && shown.view.game_winners.length && !frames.length),
  pending: () => frames.length,
  held: () => (holding && ended ? ended.round : null),
};

start();
