// The Lords of Waterdeep web page: a lobby and a table, speaking the
// server's JSON API and reading its Server-Sent Events stream. No build
// step, no library: the DOM is built with el() and textContent, never from
// HTML strings.
"use strict";

const $ = (id) => document.getElementById(id);
const RES = ["cleric", "fighter", "rogue", "wizard", "gold"];
const PLURAL = { cleric: "clerics", fighter: "fighters", rogue: "rogues", wizard: "wizards", gold: "gold", vp: "VP" };

// children drops the missing parts of a list of nodes.
const children = (...xs) => xs.flat().filter((x) => x !== null && x !== undefined && x !== false);

// el builds an element: el("div", {class: "x", title: "t"}, child, "text", ...).
function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "onclick") e.addEventListener("click", v);
    else if (k === "dataset") Object.assign(e.dataset, v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

async function api(method, path, body, token) {
  const headers = {};
  if (token) headers["Authorization"] = "Bearer " + token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const resp = await fetch(path, { method, headers, body: body === undefined ? undefined : (typeof body === "string" ? body : JSON.stringify(body)) });
  const data = await resp.json().catch(() => ({ error: resp.statusText }));
  if (!resp.ok) {
    const err = new Error(data.detail || data.error || resp.statusText);
    err.status = resp.status;
    err.reason = data.reason;
    throw err;
  }
  return data;
}

// Tokens are kept per game in localStorage, so a reload keeps the seat;
// with them the invite links the creator was given. The rejoin link
// carries the token to another device.
const tokens = {
  get: (id) => { try { return JSON.parse(localStorage.getItem("wd-token-" + id)); } catch { return null; } },
  set: (id, seat, token, invites) => {
    const old = tokens.get(id) || {};
    localStorage.setItem("wd-token-" + id, JSON.stringify({ seat, token, invites: invites || old.invites || null }));
  },
};
// The name a person sits under, remembered in this browser.
const myName = {
  get: () => localStorage.getItem("wd-name") || "",
  set: (n) => { if (n) localStorage.setItem("wd-name", n); },
};
const absolute = (link) => location.origin + location.pathname.replace(/[^/]*$/, "") + link.replace(/^\//, "");

// ---------- lobby ----------

function seatKindSelect(i) {
  const s = el("select", { name: "seat" + i, "aria-label": "seat p" + (i + 1) });
  for (const k of ["human", "random", "greedy", "ismcts"]) {
    s.append(el("option", { value: k, selected: k === (i === 0 ? "human" : i % 2 ? "greedy" : "random") }, k === "ismcts" ? "ISMCTS bot" : k === "human" ? "person" : k + " bot"));
  }
  return el("label", { class: "seatkind" }, el("span", { class: "seat p" + (i + 1) }, "p" + (i + 1)), s);
}

function renderSeatKinds() {
  const n = +$("players").value;
  const box = $("seat-kinds");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren(...Array.from({ length: n }, (_, i) => seatKindSelect(i)));
  old.forEach((v, i) => { const s = box.querySelectorAll("select")[i]; if (s) s.value = v; });
}

async function showLobby() {
  closeStream();
  $("table").hidden = true;
  $("lobby").hidden = false;
  $("status").textContent = "";
  $("invite").hidden = true;
  $("create").hidden = false;
  if (!$("seat-kinds").children.length) renderSeatKinds();
  if (!$("name").value) $("name").value = myName.get();
  let games = [];
  try { games = await api("GET", "/api/games"); } catch (e) { $("create-error").textContent = e.message; }
  if (!games.length) { $("games").replaceChildren(el("li", { class: "quiet" }, "No games yet: create one above.")); return; }
  $("games").replaceChildren(...games.map((g) => {
    const mine = tokens.get(g.id);
    const free = g.seats.filter((s) => s.kind === "human" && !s.taken && !s.reserved);
    return el("li", {},
      el("span", { class: "gid" }, g.id.slice(0, 6)), " ",
      g.seats.map((s) => el("span", { class: "seat " + s.seat, title: s.reserved ? "kept for an invited person" : s.kind },
        (s.name || s.seat) + (s.kind === "human" ? (s.reserved ? " (invited)" : "") : " " + s.kind))),
      " ", g.over ? "over" : "round " + g.round, g.modules ? " · " + g.modules : "", " ",
      mine ? el("button", { onclick: () => (location.hash = "game=" + g.id) }, "Continue as " + mine.seat) : null,
      free.map((s) => el("button", { onclick: () => joinGame(g.id, s.seat) }, "Join as " + s.seat)),
      el("button", { class: "quiet", onclick: () => (location.hash = "game=" + g.id) }, "Watch"));
  }));
}

// showInvite asks an invited person for the name to sit under, then
// takes the seat of the invite's code.
function showInvite(id, seat, code) {
  closeStream();
  $("table").hidden = true;
  $("lobby").hidden = false;
  $("create").closest("section").hidden = true;
  $("games").closest("section").hidden = true;
  $("invite").hidden = false;
  $("invite-text").textContent = "A seat" + (seat ? " (" + seat + ")" : "") + " of game " + id.slice(0, 6) + " is kept for you.";
  $("invite-name").value = myName.get();
  $("invite-form").onsubmit = (ev) => {
    ev.preventDefault();
    $("invite").hidden = true;
    $("create").closest("section").hidden = false;
    $("games").closest("section").hidden = false;
    joinGame(id, seat, code, $("invite-name").value.trim());
  };
  $("invite-name").focus();
}

// goTo shows a game: by its address, or at once when the address is it
// already (no hashchange then).
function goTo(id) {
  if (location.hash === "#game=" + id) showTable(id); else location.hash = "game=" + id;
}

async function joinGame(id, seat, code, name) {
  if (name === undefined) name = $("name").value.trim();
  myName.set(name);
  try {
    const j = await api("POST", `/api/games/${id}/join`, Object.assign(code ? { seat, code } : seat ? { seat } : {}, name ? { name } : {}));
    tokens.set(id, j.seat, j.token);
    goTo(id);
  } catch (e) {
    $("create-error").textContent = e.message;
    if (code) { goTo(id); setTimeout(() => ($("status").textContent = "Could not take the seat: " + e.message), 300); }
  }
}

async function createGame(ev) {
  ev.preventDefault();
  const f = ev.target;
  const n = +f.players.value;
  const seats = Array.from({ length: n }, (_, i) => f["seat" + i].value);
  const modules = ["undermountain", "skullport"].filter((m) => f[m].checked).join(",");
  $("create-error").textContent = "";
  try {
    // The answer seats the creator at the first human seat: its token,
    // and invite links for the other human seats.
    const name = f.name.value.trim();
    myName.set(name);
    const reserve = f.reserve.checked ? seats.map((k, i) => k === "human" && i !== seats.indexOf("human") ? "p" + (i + 1) : null).filter(Boolean) : [];
    const g = await api("POST", "/api/games", { players: n, seed: f.seed.value.trim(), modules, long: f.long.checked, seats, private: f.private.checked, reserve, name });
    if (g.token) tokens.set(g.id, g.seat, g.token, g.invites);
    goTo(g.id);
  } catch (e) { $("create-error").textContent = e.message; }
}

// ---------- the table ----------

const game = { id: null, seat: null, token: null, catalog: null, view: null, index: -1, log: [], logEnd: 0, final: null, seats: [], ended: null };
let stream = null;

function closeStream() { if (stream) { stream.abort(); stream = null; } }

// loadCatalog indexes every name a view shows: quest, intrigue and tile
// instances ("crime-wave#2"), spaces and lords.
async function loadCatalog(id) {
  const c = await api("GET", `/api/games/${id}/catalog`);
  const idx = { quest: {}, intrigue: {}, building: {}, space: {}, lord: {}, byName: {} };
  // Every instance name ("crime-wave#2") and the card's own id.
  const add = (kind, e) => { for (const i of [e.id, ...(e.instances || [])]) idx[kind][i] = e; };
  for (const q of c.quests || []) add("quest", q);
  for (const q of c.intrigue || []) add("intrigue", q);
  for (const b of c.buildings || []) add("building", b);
  for (const s of c.spaces || []) idx.space[s.id] = s;
  for (const l of c.lords || []) idx.lord[l.id] = l;
  // By name too, for Decision.Source, which names a card, tile or space
  // in words ("The Palace of Waterdeep", "Skull Island"). A basic
  // building with several spaces is named by its first.
  for (const kind of ["space", "building", "intrigue", "quest", "lord"]) {
    for (const [id, e] of Object.entries(idx[kind])) {
      const n = kind === "space" ? e.building : e.name;
      if (n && !idx.byName[n] && !id.includes("#")) idx.byName[n] = { kind, id };
    }
  }
  return idx;
}

function entry(kind, id) { return (game.catalog && game.catalog[kind][id]) || null; }

// sourceOf finds what a decision's source names: an id of a space, tile,
// card, quest or lord, or the name of one ("The Palace of Waterdeep (owner)"
// names the tile). Unknown sources come back as they are: {kind: null}.
function sourceOf(src) {
  if (!src) return { kind: null, id: src };
  for (const kind of ["space", "building", "intrigue", "quest", "lord"]) if (entry(kind, src)) return { kind, id: src };
  const bare = String(src).replace(/ \(owner\)$/, "");
  const hit = game.catalog && game.catalog.byName[bare];
  return hit || { kind: null, id: src };
}
function sourceName(src) {
  const s = sourceOf(src);
  if (!s.kind) return String(src);
  return name(s.kind, s.id) + (/ \(owner\)$/.test(src) ? " (owner)" : "");
}

// decisionSource names where a decision comes from. A source that names
// a building of several spaces ("Cliffwatch Inn") is the space of it
// that the deciding player's agent last took, from the log, not the
// building's first space.
function decisionSource(d, v) {
  const s = sourceOf(d.source);
  if (s.kind === "space" && s.id !== d.source) {
    const b = entry("space", s.id).building;
    for (let i = game.log.length - 1; i >= 0; i--) {
      const e = game.log[i];
      if (e.kind === "placed" && e.player === v.to_act && e.space && entry("space", e.space) && entry("space", e.space).building === b) return spaceName(e.space);
    }
    return b;
  }
  return sourceName(d.source);
}

function spaceName(id) {
  if (!id) return "";
  const b = entry("building", id);
  if (b) return b.name;
  const s = entry("space", id);
  if (!s) return id;
  const slot = id.match(/\/(\d+)$/);
  return s.building + (slot ? " (" + slot[1] + ")" : ""); // as the library writes it: "Cliffwatch Inn (2)"
}
function spaceText(id) { const b = entry("building", id); if (b) return b.description || b.text; const s = entry("space", id); return s ? s.text : ""; }

function name(kind, id) {
  if (id === null || id === undefined) return "";
  if (kind === "space") return spaceName(id);
  const e = entry(kind, id);
  return e ? e.name : id;
}
function text(kind, id) {
  if (kind === "space") return spaceText(id);
  const e = entry(kind, id);
  if (!e) return "";
  if (kind === "quest") return (e.type ? cap(e.type) + " quest. " : "") + e.text;
  if (kind === "building") return "Costs " + e.cost + " gold. " + (e.description || e.text);
  return e.text + (e.description && e.description !== e.text ? " (" + e.description + ")" : "");
}
function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

// moduleLine names the modules and the long game in the header.
function moduleLine(v) {
  const mods = (v.modules || []).map(cap);
  const parts = [mods.length ? mods.join(" + ") : "Base game"];
  if (v.long) parts.push("long game");
  return " · " + parts.join(", ");
}

// res writes a bundle of adventurers and gold in words.
function res(b) {
  if (!b) return "";
  const parts = [];
  for (const [k, v] of Object.entries(b)) if (v) parts.push(v + " " + (v === 1 ? k : PLURAL[k] || k));
  return parts.join(", ") || "nothing";
}

// card is a named thing whose text shows on hover (title) and on tap.
function card(kind, id, extra) {
  const t = text(kind, id);
  return el("span", { class: "card " + kind, title: t, tabindex: 0, dataset: { kind, id, act: kind === "intrigue" ? "intrigue:" + id : undefined } }, name(kind, id), extra ? el("small", {}, " " + extra) : null);
}
function plural(n, one, many) { return n + " " + (n === 1 ? one : many || one + "s"); }

function showInfo(kind, id, acts) {
  $("info-title").textContent = name(kind, id);
  $("info-text").textContent = text(kind, id);
  $("info-acts").replaceChildren(...(acts || []).map((a) => el("button", { class: "act " + a.type, onclick: () => { $("info").hidden = true; act(a); } }, ...label(a))));
  $("info").hidden = false;
}

// label writes a legal action in words.
function label(a) {
  switch (a.type) {
    case "place_agent": return ["Send an agent to ", spaceName(a.space)];
    case "complete_quest": return ["Complete ", name("quest", a.quest)];
    case "take_quest": return ["Take ", name("quest", a.quest)];
    case "choose_building": return [game.view.decision.purpose.includes("buy") ? "Buy " : "Choose ", name("building", a.building)];
    case "play_intrigue": return ["Play ", name("intrigue", a.card)];
    case "choose_resources": return ["Take ", res(a.pick)];
    case "respond": return [a.accept ? "Yes" : "No"];
    case "decline": return [game.view.decision.kind === "complete_quest" || game.view.decision.kind === "quest" ? "Complete no quest" : "Decline"];
    case "choose_player": return ["Choose ", a.target];
    case "choose_space": return ["Choose ", spaceName(a.space)];
    case "choose_quest_type": return ["Choose the type ", cap(a.quest_type)];
    case "discard_quest": return ["Discard ", name("quest", a.quest)];
    case "complete_mandatory": return ["Complete ", name("intrigue", a.card)];
    case "discard_mandatory": return ["Discard ", name("intrigue", a.card)];
    case "discard_intrigue": return ["Discard ", name("intrigue", a.card), " from your hand"];
  }
  return [a.text || a.type];
}
function actionTitle(a) {
  if (a.space) return spaceText(a.space);
  if (a.quest) return text("quest", a.quest);
  if (a.card) return text("intrigue", a.card);
  if (a.building) return text("building", a.building);
  return a.text || "";
}

async function showTable(id) {
  closeStream();
  $("lobby").hidden = true;
  $("table").hidden = false;
  const t = tokens.get(id);
  Object.assign(game, { id, seat: t ? t.seat : null, token: t ? t.token : null, view: null, index: -1, log: [], logEnd: 0, final: null, ended: null });
  $("log").replaceChildren();
  try {
    game.catalog = await loadCatalog(id);
  } catch (e) { $("status").textContent = e.message; return; }
  openStream();
}

// openStream reads the push channel with fetch, so that the token goes
// in a header; it reconnects after a drop, asking for the events missed.
function openStream() {
  const ctrl = new AbortController();
  stream = ctrl;
  const headers = game.token ? { Authorization: "Bearer " + game.token } : {};
  fetch(`/api/games/${game.id}/stream?events_from=${game.logEnd}`, { headers, signal: ctrl.signal }).then(async (resp) => {
    if (!resp.ok) {
      const e = await resp.json().catch(() => ({}));
      $("status").textContent = e.error || resp.statusText;
      if (resp.status === 401) { localStorage.removeItem("wd-token-" + game.id); }
      if (resp.status === 429) setTimeout(() => { if (stream === ctrl) openStream(); }, 1000 * (+resp.headers.get("Retry-After") || 5));
      return;
    }
    const reader = resp.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf("\n\n")) >= 0) {
        const msg = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const data = msg.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n");
        if (data) update(JSON.parse(data));
      }
    }
    throw new Error("stream ended");
  }).catch(() => {
    // An ended game's stream ends for good after its last update.
    if (stream === ctrl && !game.ended) setTimeout(() => { if (stream === ctrl) openStream(); }, 1000);
  });
}

// update takes a payload (from the stream or an action's answer).
function update(p) {
  if (p.seats && p.index >= game.index) game.seats = p.seats; // names for the log
  if (p.events_from <= game.logEnd) {
    const fresh = p.events.slice(game.logEnd - p.events_from);
    game.log.push(...fresh);
    game.logEnd += fresh.length;
    appendLog(fresh);
  } else {
    appendLog([{ human: "…" }, ...p.events]);
    game.log = [...p.events];
    game.logEnd = p.events_from + p.events.length;
  }
  if (game.log.length > 600) game.log.splice(0, game.log.length - 600);
  if (p.index < game.index) return;
  if (p.seat && !game.seat) { game.seat = p.seat; if (game.token) tokens.set(game.id, p.seat, game.token); }
  game.ended = p.ended || null;
  game.index = p.index;
  game.view = p.view;
  game.seats = p.seats;
  game.final = p.final || null;
  render();
}

// shown drops the events that say a move a second time: an action is
// followed by what it did, in the same words or nearly ("p1 assigns an
// agent to …", "p1 takes …"), so it shows only when nothing of its own
// player follows it (a refusal, a pass).
function shown(events) {
  return events.filter((e, i) => !(e.kind === "action" && events[i + 1] && events[i + 1].player === e.player && events[i + 1].kind !== "action"));
}

// words writes an event for the page: its sentence, with the names
// people sat under in place of their seats ("Ann gains 2 gold").
function words(e) {
  return String(e.human || e.text).replace(/\bp([1-6])\b/g, (s) => {
    const info = game.seats.find((x) => x.seat === s);
    return info && info.name ? info.name : s;
  });
}

function appendLog(events) {
  const log = $("log");
  for (const e of shown(events)) {
    log.append(el("li", { class: "ev " + (e.kind || "") }, words(e)));
  }
  while (log.children.length > 400) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

function seatLabel(s) {
  if (!s) return "nobody";
  const info = game.seats.find((x) => x.seat === s);
  const who = s === game.seat ? " (you)" : info && info.kind !== "human" ? " (" + info.kind + ")" : "";
  return (info && info.name ? info.name : s) + who;
}
function seatTag(s) { return el("span", { class: "seat " + s, title: s }, seatLabel(s)); }

function render() {
  const v = game.view;
  const mySeat = game.seat;
  const myTurn = v.to_act && v.to_act === mySeat;
  $("status").replaceChildren(
    v.over ? "Game over" : el("span", {}, "Round " + v.round + " of 8 · ", v.to_act ? seatTag(v.to_act) : "", " to act"),
    el("span", { class: "modules", id: "modules" }, moduleLine(v)),
    mySeat ? el("span", { class: "you" }, " · you are ", el("span", { class: "seat " + mySeat }, mySeat)) : el("span", { class: "you" }, " · watching"));
  document.body.classList.toggle("my-turn", !!myTurn);
  document.title = (myTurn ? "▶ Your turn · " : v.over ? "Game over · " : "") + "Lords of Waterdeep";

  // What the current decision asks, and every legal action as a button.
  const d = v.decision || {};
  const purpose = d.purpose || d.kind || "";
  const src = d.source ? " (" + decisionSource(d, v) + ")" : "";
  const reassign = d.reassign && d.from && !/reassign/i.test(purpose) ? " — reassign your agent from " + spaceName(d.from) : "";
  let ask;
  if (v.over) ask = "The game is over.";
  else if (myTurn) ask = "Your turn: " + purpose + src + reassign + ".";
  else ask = "Waiting for " + seatLabel(v.to_act) + ": " + purpose + src + ".";
  $("ask").textContent = ask;
  $("actions").replaceChildren(...(v.legal || []).map((a) => el("button", { class: "act " + a.type, title: actionTitle(a), onclick: () => act(a) }, ...label(a))));
  $("actions-hint").hidden = !(v.legal || []).some((a) => actKey(a));
  $("action-error").textContent = "";
  renderSince(v);

  renderFinal(v);
  renderMe(v);
  renderSpaces(v);
  $("cliffwatch").replaceChildren(...(v.cliffwatch || []).map((q) => questCard(q)),
    ...(v.revealed || []).length ? [el("div", { class: "sub" }, "Revealed: ", ...v.revealed.map((q) => questCard(q)))] : []);
  $("forsale").replaceChildren(...(v.for_sale || []).map((t) => {
    const b = entry("building", t.building);
    return el("div", { class: "tile", title: text("building", t.building), tabindex: 0, dataset: { kind: "building", id: t.building, act: "building:" + t.building } },
      el("b", {}, name("building", t.building)), el("span", { class: "cost" }, "Costs " + (b ? b.cost : "?") + " gold"), el("span", { class: "vp" }, "+" + t.vp + " VP to its buyer"),
      el("small", {}, b ? b.description || b.text : ""));
  }), el("div", { class: "decks" }, `${plural(v.quest_deck, "quest")} in the deck · ${plural(v.intrigue_deck, "intrigue card")} in the deck · ${plural(v.building_stack, "building")} in the stack`,
    removedLine(v)));
  renderCorruption(v);
  renderOthers(v);
  renderExtra(v);
  renderLinks();
  markActable(v);
}

// ---------- acting on the board ----------

// actKey names the thing on the board a legal action is about: a space,
// a quest, a building tile or an intrigue card ("quest:crime-wave#2");
// null for an action with no such thing (a yes, a pick of resources).
function actKey(a) {
  switch (a.type) {
    case "place_agent": case "choose_space": return "space:" + a.space;
    case "take_quest": case "complete_quest": case "discard_quest": return "quest:" + a.quest;
    case "choose_building": return "building:" + a.building;
    case "play_intrigue": case "discard_intrigue": case "complete_mandatory": case "discard_mandatory": return "intrigue:" + a.card;
  }
  return null;
}

// markActable marks every element of the board that a legal action is
// about (data-act): a click on it takes the action, or offers the
// actions when there are several. The buttons above stay, for keyboards
// and screen readers.
function markActable(v) {
  const by = {};
  for (const a of v.legal || []) { const k = actKey(a); if (k) (by[k] = by[k] || []).push(a); }
  game.actsBy = by;
  for (const e of document.querySelectorAll("[data-act]")) {
    const acts = by[e.dataset.act];
    e.classList.toggle("can-act", !!acts);
    if (acts) e.setAttribute("aria-label", acts.map((a) => label(a).join("")).join(" or "));
    else e.removeAttribute("aria-label");
  }
}

// boardClick acts on a marked element: at once with a mouse when there
// is one action; otherwise (several actions, or a touch screen, where a
// tap may be meant to read the card) the card's text with the actions
// to choose from.
function boardClick(t) {
  const acts = (game.actsBy || {})[t.dataset.act];
  if (!acts) return false;
  if (acts.length === 1 && matchMedia("(pointer: fine)").matches) { act(acts[0]); return true; }
  showInfo(t.dataset.kind, t.dataset.id, acts);
  return true;
}

// renderSince lists what changed since your last turn, in words: every
// event after your last action (a spectator sees the latest ones).
function renderSince(v) {
  const log = game.log;
  let from = Math.max(0, log.length - 12);
  let title = "Latest";
  if (v.over) title = "How it ended";
  else if (game.seat) {
    let mine = -1;
    for (let i = log.length - 1; i >= 0; i--) if (log[i].kind === "action" && log[i].player === game.seat) { mine = i; break; }
    // Past your action's own consequences (what you gained and paid).
    let i = mine + 1;
    while (mine >= 0 && i < log.length && log[i].player === game.seat && log[i].kind !== "action") i++;
    if (mine >= 0) { from = i; title = "Since your last turn"; }
    else title = "So far";
  }
  const lines = shown(log.slice(from)).slice(-30);
  $("since-title").textContent = title;
  $("since").replaceChildren(...(lines.length ? lines.map((e) => el("li", { class: "ev " + (e.kind || "") }, words(e)))
    : [el("li", { class: "quiet" }, "Nothing yet.")]));
  $("since").scrollTop = $("since").scrollHeight;
}

// renderLinks shows your rejoin link (to play from another device) and
// the invite links you were given for the seats nobody holds yet.
function renderLinks() {
  const box = $("links");
  const t = tokens.get(game.id);
  const rows = [];
  if (game.token && !game.ended) rows.push(linkRow("Play from another device", "/#game=" + game.id + "&token=" + game.token, "rejoin"));
  if (t && t.invites && !game.ended) {
    for (const [seat, link] of Object.entries(t.invites)) {
      const info = game.seats.find((x) => x.seat === seat);
      if (info && !info.taken) rows.push(linkRow(["Invite to ", el("span", { class: "seat " + seat }, seat)], link, "invite-" + seat));
    }
  }
  box.hidden = !rows.length;
  $("link-rows").replaceChildren(...rows);
}
// linkRow is a button that copies a link: the link itself (it holds a
// token or an invite code) is never shown on the page.
function linkRow(title, link, id) {
  const done = el("span", { class: "quiet copied", "aria-live": "polite" });
  const button = el("button", { type: "button", id: "link-" + id, dataset: { link: absolute(link) }, onclick: () => {
    const ok = () => { done.textContent = "copied"; setTimeout(() => (done.textContent = ""), 2000); };
    if (navigator.clipboard) navigator.clipboard.writeText(button.dataset.link).then(ok, () => (done.textContent = "could not copy"));
  } }, "Copy link");
  return el("div", { class: "linkrow" }, el("span", { class: "k" }, title), button, done);
}

// removedLine tells how many base cards were removed before setup (a game
// with both modules): hidden cards, so only their counts.
function removedLine(v) {
  const r = v.removed;
  if (!r || !(r.quests || r.intrigue || r.buildings)) return null;
  return el("div", { class: "removed", id: "removed" }, `Removed before setup: ${r.quests} quests · ${r.intrigue} intrigue cards · ${r.buildings} buildings`);
}

// renderCorruption draws Skullport's corruption track: nine spaces
// labeled -1 to -9, each with the tokens on it. A token in a tavern
// costs the label of the empty space farthest from -1 (v.corruption.value),
// which is marked.
function renderCorruption(v) {
  const box = $("corruption-panel");
  const c = v.corruption;
  if (!c) { box.hidden = true; return; }
  box.hidden = false;
  $("track").replaceChildren(...c.track.map((n, i) => {
    const label = -(i + 1);
    const now = c.value === i + 1;
    return el("div", { class: "tspace" + (n ? "" : " empty") + (now ? " now" : ""), dataset: { label }, title: n ? `${n} token${n === 1 ? "" : "s"} on ${label}` : `${label}: empty` + (now ? ", the penalty now" : "") },
      el("span", { class: "tlabel" }, String(label)),
      el("span", { class: "tokens" }, ...Array.from({ length: Math.min(n, 6) }, () => el("span", { class: "token" })), n > 6 ? "+" + (n - 6) : null),
      el("span", { class: "tcount" }, n ? "×" + n : ""));
  }));
  const held = v.seats.reduce((a, s) => a + (s.corruption || 0), 0);
  const lying = v.spaces.reduce((a, sp) => a + (sp.placed ? sp.placed.corruption : 0), 0);
  $("corruption-facts").replaceChildren(...children(
    el("span", { class: "penalty", id: "corruption-value" }, c.value ? `Each token held costs ${c.value} VP now` : "Tokens cost nothing now (no space is empty)"),
    el("span", {}, `held by players ${held}`), lying ? el("span", {}, `lying on spaces ${lying}`) : null,
    el("span", { id: "corruption-removed" }, `removed from the game ${c.removed}`)));
}

// questCard draws a quest; with the seat holding it, it is marked when
// that seat has what it requires (ready to complete).
function questCard(q, holder) {
  const e = entry("quest", q);
  const ready = holder && e && canComplete(holder, e.requires);
  return el("div", { class: "quest " + (e ? e.type : "") + (ready ? " ready" : ""), title: text("quest", q), tabindex: 0, dataset: { kind: "quest", id: q, act: "quest:" + q } },
    el("b", {}, name("quest", q)), el("small", { class: "qtype" }, e ? cap(e.type) : "", ready ? el("span", { class: "readymark" }, " ✓ you can complete it") : null),
    el("small", {}, e ? e.text : ""));
}

// canComplete says whether a seat's tavern and gold cover a quest's
// requirements.
function canComplete(s, req) {
  if (!req) return false;
  for (const k of ["cleric", "fighter", "rogue", "wizard"]) if ((req[k] || 0) > ((s.tavern || {})[k] || 0)) return false;
  return (req.gold || 0) <= (s.gold || 0);
}

function tavern(t) {
  return el("span", { class: "tavern" }, ...["cleric", "fighter", "rogue", "wizard", "corruption"].filter((k) => t && t[k] !== undefined).map((k) => el("span", { class: "cube " + k, title: k }, t[k] + " " + (t[k] === 1 ? k : PLURAL[k] || k))));
}

function seatFacts(s) {
  const c = game.view && game.view.corruption;
  return el("div", { class: "facts" },
    el("span", { class: "vp" }, s.score + " VP"), el("span", { class: "gold" }, s.gold + " gold"), tavern(s.tavern),
    c ? el("span", { class: "cube corruption" + (s.corruption ? "" : " none"), dataset: { corruption: s.seat }, title: s.corruption ? `${s.corruption} corruption: −${s.corruption * c.value} VP if the game ended now` : "no corruption" }, plural(s.corruption, "corruption token")) : null,
    el("span", { title: "agents not yet assigned this round, of all this player has" }, `${s.pool} of ${plural(s.agents, "agent")} left`), el("span", {}, plural(s.hand_size, "intrigue card")));
}

function list(title, kind, ids) {
  if (!ids || !ids.length) return null;
  // Quests in play are shown whole; completed ones as names (text on
  // hover or tap).
  return row(title, ...ids.map((id) => kind === "quest" ? questCard(id) : card(kind === "done" ? "quest" : kind, id)));
}
function row(title, ...items) {
  return el("div", { class: "row" }, el("span", { class: "k" }, title), el("div", { class: "items" }, ...items));
}

function renderMe(v) {
  const me = game.seat && v.seats.find((s) => s.seat === game.seat);
  const box = $("me");
  if (!me) { box.hidden = true; return; }
  box.hidden = false;
  box.replaceChildren(...children(el("h2", {}, "You, ", seatTag(me.seat),
    v.first === me.seat ? el("small", {}, " first player") : null, v.ambassador && v.ambassador.holder === me.seat ? el("small", {}, " Ambassador") : null), seatFacts(me),
    me.lord ? row("Lord", card("lord", me.lord), el("small", {}, " " + (entry("lord", me.lord) || {}).text)) : null,
    list("Intrigue", "intrigue", me.hand) || row("Intrigue", "none"),
    me.active && me.active.length ? row("Quests", ...me.active.map((q) => questCard(q, me))) : row("Quests", "none"),
    list("Mandatory", "intrigue", me.mandatory),
    list("Completed", "done", me.completed),
    list("Buildings", "building", me.buildings),
    genericKeys(me, SEAT_KEYS)));
}

function renderOthers(v) {
  $("others").replaceChildren(...v.seats.filter((s) => s.seat !== game.seat).map((s) => el("div", { class: "other" },
    el("h3", {}, seatTag(s.seat), v.first === s.seat ? el("small", {}, " first player") : null, v.ambassador && v.ambassador.holder === s.seat ? el("small", {}, " Ambassador") : null),
    seatFacts(s),
    s.lord ? row("Lord", card("lord", s.lord)) : null,
    list("Quests", "quest", s.active), list("Mandatory", "intrigue", s.mandatory), list("Completed", "done", s.completed), list("Buildings", "building", s.buildings),
    genericKeys(s, SEAT_KEYS))));
}

const SPACE_KEYS = new Set(["space", "agents", "ambassador", "building", "owner", "stock", "placed"]);
// turn_used and visit_used are the engine's bookkeeping of once-a-turn
// effects: nothing a player reads.
const SEAT_KEYS = new Set(["seat", "score", "gold", "tavern", "corruption", "agents", "pool", "hand_size", "hand", "lord", "active", "completed", "mandatory", "buildings", "orb_used", "swap_used", "turn_used", "visit_used"]);
const VIEW_KEYS = new Set(["version", "viewer", "players", "modules", "long", "round", "over", "first", "to_act", "decision", "legal", "supply", "caravans", "spaces", "cliffwatch", "revealed", "for_sale", "gone", "ambassador", "quest_deck", "intrigue_deck", "building_stack", "quest_discard", "intrigue_discard", "removed", "corruption", "seats", "progress"]);

// genericKeys shows what a newer view carries that this page does not
// know by name yet, in plain words, rather than hiding it.
function genericKeys(obj, known) {
  const rows = Object.entries(obj).filter(([k, val]) => !known.has(k) && val !== null && val !== false && !(Array.isArray(val) && !val.length));
  if (!rows.length) return null;
  return el("div", { class: "generic" }, ...rows.map(([k, val]) => el("div", {}, el("span", { class: "k" }, k.replaceAll("_", " ")), " ", plain(val))));
}
function plain(val) {
  if (Array.isArray(val)) return val.map(plain).join("; ");
  if (val && typeof val === "object") {
    if (RES.some((r) => r in val)) return res(val);
    return Object.entries(val).map(([k, x]) => k.replaceAll("_", " ") + ": " + plain(x)).join(", ");
  }
  return String(val);
}

function renderSpaces(v) {
  // Only the kinds that caravan tokens stand for now.
  const caravans = v.caravans && Object.values(v.caravans).some((n) => n) ? Object.fromEntries(Object.entries(v.caravans).filter(([, n]) => n)) : null;
  $("supply").replaceChildren(...children(el("span", {}, "Supply: ", tavern(v.supply)),
    (v.modules || []).length ? el("span", { id: "caravans", title: "Caravan tokens: adventurers beyond the 25 cubes of each kind" }, "Caravans: ", caravans ? tavern(caravans) : "none") : null));
  $("spaces").replaceChildren(...v.spaces.map((sp) => {
    const tile = sp.building && entry("building", sp.building);
    const nm = tile ? tile.name : spaceName(sp.space);
    return el("div", { class: "space" + (sp.agents.length ? " taken" : "") + (tile && sp.owner === null ? " forsale" : ""), title: tile ? text("building", sp.building) : spaceText(sp.space), tabindex: 0, dataset: { kind: tile ? "building" : "space", id: tile ? sp.building : sp.space, act: "space:" + sp.space } },
      el("b", {}, nm),
      el("small", {}, tile ? tile.text : (entry("space", sp.space) || {}).text || ""),
      el("div", { class: "who" },
        ...sp.agents.map((p) => el("span", { class: "agent " + p, title: "agent of " + p }, p)),
        sp.ambassador ? el("span", { class: "agent amb", title: "the Ambassador" }, "Amb") : null),
      tile ? el("div", { class: "own" }, sp.owner ? ["owned by ", seatTag(sp.owner)] : "for sale", sp.stock ? " · " + stockLine(tile, sp.stock) : "") : null,
      placed(sp.placed),
      genericKeys(sp, SPACE_KEYS));
  }));
}

// stockLine says what has accumulated on a tile, with its unit ("4 gold
// waiting", "2 corruption tokens waiting").
function stockLine(tile, n) {
  let unit = "";
  if (tile.accumulate_corruption) unit = n === 1 ? "corruption token" : "corruption tokens";
  else {
    const k = Object.keys(tile.accumulate || {}).find((x) => tile.accumulate[x]);
    unit = k === "vp" ? "VP" : k ? (n === 1 ? k : PLURAL[k] || k) : "";
  }
  return n + (unit ? " " + unit : "") + " waiting for the next agent";
}

// placed shows the adventurers, gold and corruption tokens lying on a
// space (Skullport's spaces and cards put them there; the next agent
// there takes them all).
function placed(p) {
  if (!p) return null;
  const items = [];
  for (const k of ["cleric", "fighter", "rogue", "wizard"]) if (p[k]) items.push(el("span", { class: "cube " + k, title: k }, p[k] + " " + (p[k] === 1 ? k : PLURAL[k])));
  if (p.gold) items.push(el("span", { class: "coin", title: "gold" }, p.gold + " gold"));
  if (p.corruption) items.push(el("span", { class: "cube corruption", title: "corruption" }, p.corruption + " corruption"));
  if (!items.length) return null;
  return el("div", { class: "lying", title: "lying on this space: the next agent here takes it all" }, el("span", { class: "k" }, "on it"), ...items);
}

// renderFinal shows the final scoring line by line: a row for each part
// of the score (the corruption penalty is a line of its own in a game
// with Skullport), a column for each player, so that six players fit on a
// phone.
function renderFinal(v) {
  const box = $("final");
  if (!game.final) { box.hidden = true; return; }
  box.hidden = false;
  // Each line has a long and a short title; a phone shows the short one.
  const lines = [["play", "VP during play", "Play"], ["adventurers", "Adventurers (1 VP each)", "Advent."], ["gold", "Gold (1 VP per 2)", "Gold"], ["lord", "Lord", "Lord"]];
  if (v.corruption) lines.push(["corruption", "Corruption (" + v.corruption.value + " VP a token)", "Corrupt."]);
  lines.push(["total", "Total VP", "Total"]);
  const winners = game.final.filter((f) => f.winner);
  const top = winners.length ? winners[0].total : 0;
  const names = winners.map((f) => f.seat === game.seat ? "you" : seatLabel(f.seat));
  const mine = winners.some((f) => f.seat === game.seat);
  $("banner").replaceChildren(el("span", { class: "trophy", "aria-hidden": "true" }, "★ "),
    mine && winners.length === 1 ? "You win with " + top + " VP!" :
    winners.length === 1 ? names[0] + " wins with " + top + " VP" :
    names.join(" and ") + " share the win with " + top + " VP", el("span", { class: "trophy", "aria-hidden": "true" }, " ★"));
  $("final-table").replaceChildren(
    el("tr", {}, el("th", {}, el("span", { class: "short" }, "VP")), ...game.final.map((f) => el("th", { class: f.winner ? "winner" : "", title: seatLabel(f.seat) }, el("span", { class: "seat " + f.seat }, f.seat), f.winner ? el("span", { class: "star", title: "winner" }, "★") : null))),
    ...lines.map(([key, title, short]) => el("tr", { class: "line " + key },
      el("th", { scope: "row" }, el("span", { class: "long" }, title), el("span", { class: "short" }, short)),
      ...game.final.map((f) => el("td", { class: key + (f.winner ? " winner" : ""), dataset: { seat: f.seat, line: key } }, f[key])))));
}

function renderExtra(v) {
  const g = genericKeys(v, VIEW_KEYS);
  $("extra-panel").hidden = !g;
  $("extra").replaceChildren(...(g ? [g] : []));
}

async function act(a) {
  const body = Object.assign({}, a);
  delete body.text;
  for (const b of $("actions").querySelectorAll("button")) b.disabled = true;
  try {
    const p = await api("POST", `/api/games/${game.id}/actions?index=${game.index}`, body, game.token);
    update(p);
  } catch (e) {
    $("action-error").textContent = (e.reason ? e.reason + ": " : "") + e.message;
    for (const b of $("actions").querySelectorAll("button")) b.disabled = false;
  }
}

// ---------- wiring ----------

// route reads the fragment: "#game=ID" shows a game; a rejoin link
// adds "&token=…" (the seat's token, kept in this browser from now on)
// and an invite link "&seat=p2&code=…" (which takes that seat). Either is
// taken out of the address at once, so it is not left on screen.
function route() {
  const q = new URLSearchParams(location.hash.slice(1));
  const id = q.get("game");
  if (!id || !/^[0-9a-f]+$/.test(id)) { showLobby(); return; }
  if (q.get("token")) {
    tokens.set(id, null, q.get("token"));
    history.replaceState(null, "", "#game=" + id);
  } else if (q.get("code")) {
    history.replaceState(null, "", "#game=" + id);
    showInvite(id, q.get("seat") || "", q.get("code"));
    return;
  }
  showTable(id);
}

window.addEventListener("hashchange", route);
// A script error is kept on the body for the browser test to find.
window.addEventListener("error", (e) => { document.body.dataset.jsError = String(e.message); });
window.addEventListener("unhandledrejection", (e) => { document.body.dataset.jsError = String(e.reason && e.reason.stack || e.reason); });
document.addEventListener("DOMContentLoaded", () => {
  $("players").addEventListener("change", renderSeatKinds);
  $("create").addEventListener("submit", createGame);
  $("info-close").addEventListener("click", () => ($("info").hidden = true));
  // Card text on tap: a tap on any card, quest, tile or space shows it.
  // A click on a space, quest, tile or card that a legal action is
  // about acts (boardClick); on any other, its text shows.
  document.addEventListener("click", (ev) => {
    if (ev.target.closest("button, input")) return;
    const a = ev.target.closest(".can-act[data-act]");
    if (a && boardClick(a)) return;
    const t = ev.target.closest("[data-kind]");
    if (t) showInfo(t.dataset.kind, t.dataset.id);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const a = ev.target.closest && ev.target.closest(".can-act[data-act]");
    if (a && boardClick(a)) ev.preventDefault();
  });
  route();
});
