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

// Tokens are kept per game in localStorage, so a reload keeps the seat.
const tokens = {
  get: (id) => { try { return JSON.parse(localStorage.getItem("wd-token-" + id)); } catch { return null; } },
  set: (id, seat, token) => localStorage.setItem("wd-token-" + id, JSON.stringify({ seat, token })),
};

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
  if (!$("seat-kinds").children.length) renderSeatKinds();
  let games = [];
  try { games = await api("GET", "/api/games"); } catch (e) { $("create-error").textContent = e.message; }
  if (!games.length) { $("games").replaceChildren(el("li", { class: "quiet" }, "No games yet: create one above.")); return; }
  $("games").replaceChildren(...games.map((g) => {
    const mine = tokens.get(g.id);
    const free = g.seats.filter((s) => s.kind === "human" && !s.taken);
    return el("li", {},
      el("span", { class: "gid" }, g.id.slice(0, 6)), " ",
      g.seats.map((s) => el("span", { class: "seat " + s.seat, title: s.kind }, s.seat + (s.kind === "human" ? "" : " " + s.kind))),
      " ", g.over ? "over" : "round " + g.round, g.modules ? " · " + g.modules : "", " ",
      mine ? el("button", { onclick: () => (location.hash = "game=" + g.id) }, "Continue as " + mine.seat) : null,
      free.map((s) => el("button", { onclick: () => joinGame(g.id, s.seat) }, "Join as " + s.seat)),
      el("button", { class: "quiet", onclick: () => (location.hash = "game=" + g.id) }, "Watch"));
  }));
}

async function joinGame(id, seat) {
  try {
    const j = await api("POST", `/api/games/${id}/join`, seat ? { seat } : {});
    tokens.set(id, j.seat, j.token);
    location.hash = "game=" + id;
  } catch (e) { $("create-error").textContent = e.message; }
}

async function createGame(ev) {
  ev.preventDefault();
  const f = ev.target;
  const n = +f.players.value;
  const seats = Array.from({ length: n }, (_, i) => f["seat" + i].value);
  const modules = ["undermountain", "skullport"].filter((m) => f[m].checked).join(",");
  $("create-error").textContent = "";
  try {
    const g = await api("POST", "/api/games", { players: n, seed: f.seed.value.trim(), modules, long: f.long.checked, seats });
    if (seats.includes("human")) await joinGame(g.id);
    else location.hash = "game=" + g.id;
  } catch (e) { $("create-error").textContent = e.message; }
}

// ---------- the table ----------

const game = { id: null, seat: null, token: null, catalog: null, view: null, index: -1, log: [], logEnd: 0, final: null, seats: [] };
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

function spaceName(id) {
  if (!id) return "";
  const b = entry("building", id);
  if (b) return b.name;
  const s = entry("space", id);
  if (!s) return id;
  const slot = id.match(/\/(\d+)$/);
  return s.building + (slot ? " " + slot[1] : "");
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
  return el("span", { class: "card " + kind, title: t, tabindex: 0, dataset: { kind, id } }, name(kind, id), extra ? el("small", {}, " " + extra) : null);
}

function showInfo(kind, id) {
  $("info-title").textContent = name(kind, id);
  $("info-text").textContent = text(kind, id);
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
  Object.assign(game, { id, seat: t ? t.seat : null, token: t ? t.token : null, view: null, index: -1, log: [], logEnd: 0, final: null });
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
    if (stream === ctrl) setTimeout(() => { if (stream === ctrl) openStream(); }, 1000);
  });
}

// update takes a payload (from the stream or an action's answer).
function update(p) {
  if (p.events_from <= game.logEnd) {
    const fresh = p.events.slice(game.logEnd - p.events_from);
    game.log.push(...fresh);
    game.logEnd += fresh.length;
    appendLog(fresh);
  } else {
    appendLog([{ text: "…" }, ...p.events]);
    game.logEnd = p.events_from + p.events.length;
  }
  if (p.index < game.index) return;
  game.index = p.index;
  game.view = p.view;
  game.seats = p.seats;
  game.final = p.final || null;
  render();
}

// pretty writes the names of the cards, tiles and spaces an event's text
// gives by id ("p2 place builders-hall" -> "p2 place Builder's Hall").
function pretty(t) {
  return String(t || "").replace(/[a-z0-9][a-z0-9'-]*[a-z0-9](?:#\d+|\/\d+)?/g, (w) => {
    for (const kind of ["quest", "intrigue", "building", "lord"]) if (entry(kind, w)) return name(kind, w);
    if (entry("space", w)) return spaceName(w);
    return w;
  });
}

function appendLog(events) {
  const log = $("log");
  for (const e of events) {
    log.append(el("li", { class: "ev " + (e.kind || "") }, pretty(e.text)));
  }
  while (log.children.length > 400) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

function seatLabel(s) {
  if (!s) return "nobody";
  const info = game.seats.find((x) => x.seat === s);
  const who = s === game.seat ? " (you)" : info && info.kind !== "human" ? " (" + info.kind + ")" : "";
  return s + who;
}
function seatTag(s) { return el("span", { class: "seat " + s }, seatLabel(s)); }

function render() {
  const v = game.view;
  const mySeat = game.seat;
  const myTurn = v.to_act && v.to_act === mySeat;
  $("status").replaceChildren(
    v.over ? "Game over" : el("span", {}, "Round " + v.round + " of 8 · ", v.to_act ? seatTag(v.to_act) : "", " to act"),
    el("span", { class: "modules", id: "modules" }, moduleLine(v)),
    mySeat ? el("span", { class: "you" }, " · you are ", el("span", { class: "seat " + mySeat }, mySeat)) : el("span", { class: "you" }, " · watching"));
  document.body.classList.toggle("my-turn", !!myTurn);

  // What the current decision asks, and every legal action as a button.
  const d = v.decision || {};
  const src = d.source ? " (" + sourceName(d.source) + ")" : "";
  let ask;
  if (v.over) ask = "The game is over.";
  else if (myTurn) ask = "Your turn: " + (d.purpose || d.kind) + src + (d.reassign ? " — reassign your agent from " + spaceName(d.from) : "") + ".";
  else ask = "Waiting for " + seatLabel(v.to_act) + ": " + (d.purpose || d.kind) + src + ".";
  $("ask").textContent = ask;
  $("actions").replaceChildren(...(v.legal || []).map((a) => el("button", { class: "act " + a.type, title: actionTitle(a), onclick: () => act(a) }, ...label(a))));
  $("action-error").textContent = "";

  renderFinal(v);
  renderMe(v);
  renderSpaces(v);
  $("cliffwatch").replaceChildren(...(v.cliffwatch || []).map((q) => questCard(q)),
    ...(v.revealed || []).length ? [el("div", { class: "sub" }, "Revealed: ", ...v.revealed.map((q) => questCard(q)))] : []);
  $("forsale").replaceChildren(...(v.for_sale || []).map((t) => {
    const b = entry("building", t.building);
    return el("div", { class: "tile", title: text("building", t.building), tabindex: 0, dataset: { kind: "building", id: t.building } },
      el("b", {}, name("building", t.building)), el("span", { class: "cost" }, (b ? b.cost : "?") + " gold"), el("span", { class: "vp" }, "+" + t.vp + " VP"),
      el("small", {}, b ? b.description || b.text : ""));
  }), el("div", { class: "decks" }, `Quest deck ${v.quest_deck} · intrigue deck ${v.intrigue_deck} · buildings ${v.building_stack}`,
    removedLine(v)));
  renderCorruption(v);
  renderOthers(v);
  renderExtra(v);
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

function questCard(q) {
  const e = entry("quest", q);
  return el("div", { class: "quest " + (e ? e.type : ""), title: text("quest", q), tabindex: 0, dataset: { kind: "quest", id: q } },
    el("b", {}, name("quest", q)), el("small", { class: "qtype" }, e ? cap(e.type) : ""), el("small", {}, e ? e.text : ""));
}

function tavern(t) {
  return el("span", { class: "tavern" }, ...["cleric", "fighter", "rogue", "wizard", "corruption"].filter((k) => t && t[k] !== undefined).map((k) => el("span", { class: "cube " + k, title: k }, t[k] + " " + (t[k] === 1 ? k : PLURAL[k] || k))));
}

function seatFacts(s) {
  const c = game.view && game.view.corruption;
  return el("div", { class: "facts" },
    el("span", { class: "vp" }, s.score + " VP"), el("span", { class: "gold" }, s.gold + " gold"), tavern(s.tavern),
    c ? el("span", { class: "cube corruption" + (s.corruption ? "" : " none"), dataset: { corruption: s.seat }, title: s.corruption ? `${s.corruption} corruption: −${s.corruption * c.value} VP if the game ended now` : "no corruption" }, s.corruption + " corruption") : null,
    el("span", {}, `agents ${s.pool}/${s.agents}`), el("span", {}, `intrigue ${s.hand_size}`));
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
    list("Quests", "quest", me.active) || row("Quests", "none"),
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
const SEAT_KEYS = new Set(["seat", "score", "gold", "tavern", "corruption", "agents", "pool", "hand_size", "hand", "lord", "active", "completed", "mandatory", "buildings", "orb_used", "swap_used"]);
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
    return el("div", { class: "space" + (sp.agents.length ? " taken" : "") + (tile && sp.owner === null ? " forsale" : ""), title: tile ? text("building", sp.building) : spaceText(sp.space), tabindex: 0, dataset: { kind: tile ? "building" : "space", id: tile ? sp.building : sp.space } },
      el("b", {}, nm),
      el("small", {}, tile ? tile.text : (entry("space", sp.space) || {}).text || ""),
      el("div", { class: "who" },
        ...sp.agents.map((p) => el("span", { class: "agent " + p, title: "agent of " + p }, p)),
        sp.ambassador ? el("span", { class: "agent amb", title: "the Ambassador" }, "Amb") : null),
      tile ? el("div", { class: "own" }, sp.owner ? ["owned by ", seatTag(sp.owner)] : "for sale", sp.stock ? " · " + sp.stock + " accumulated" : "") : null,
      placed(sp.placed),
      genericKeys(sp, SPACE_KEYS));
  }));
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
  const lines = [["play", "VP during play"], ["adventurers", "Adventurers (1 VP each)"], ["gold", "Gold (1 VP per 2)"], ["lord", "Lord"]];
  if (v.corruption) lines.push(["corruption", "Corruption (" + v.corruption.value + " VP a token)"]);
  lines.push(["total", "Total"]);
  $("final-table").replaceChildren(
    el("tr", {}, el("th", {}, ""), ...game.final.map((f) => el("th", { class: f.winner ? "winner" : "", title: seatLabel(f.seat) }, seatTag(f.seat), f.winner ? el("span", { class: "star", title: "winner" }, "★") : null))),
    ...lines.map(([key, title]) => el("tr", { class: "line " + key },
      el("th", { scope: "row" }, title),
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

function route() {
  const m = location.hash.match(/game=([0-9a-f]+)/);
  if (m) showTable(m[1]); else showLobby();
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
  document.addEventListener("click", (ev) => {
    const t = ev.target.closest("[data-kind]");
    if (t && !ev.target.closest("button")) showInfo(t.dataset.kind, t.dataset.id);
  });
  route();
});
