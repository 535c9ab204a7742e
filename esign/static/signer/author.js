/* The editor page (/author/{token}; docs/authoring.md). Swaps the URL's token once for the session's
   secret (kept in memory only), shows every page of the draft's documents (the signing page's images,
   read with the secret) with the fields over them, and lets a person place, move, resize, duplicate and
   delete fields (mouse, touch or keyboard), change each field's settings, the participants and send, as
   far as the session's capabilities allow (the server checks each of them again). Changes are saved
   through the editor's API as they are made. The framing page (its registered origin only) is told with
   esign.authoring.* messages. A URL that no longer works (the server rendered it so) posts
   esign.authoring.expired or esign.authoring.error. A template's session (mode template) edits the template
   the same way: its roles (a colour each) instead of signers, their fields and its settings, saved by
   PATCH /author/api/templates/{id}; "Save" instead of "Send". */
(function () {
  "use strict";
  var app = document.getElementById("app");
  if (!app) return;
  var origin = app.dataset.origin;
  var lang = document.documentElement.lang || "en";
  var messages = {};
  try { messages = JSON.parse(document.getElementById("messages").textContent) || {}; } catch (e) { messages = {}; }

  /* A message in the page's language, with its {placeholders} filled (extracted by pybabel). */
  function t(message, values) {
    var out = messages[message] || message;
    return out.replace(/\{(\w+)\}/g, function (all, name) {
      return values && values[name] !== undefined ? String(values[name]) : all;
    });
  }
  var numbers = window.Intl ? new Intl.NumberFormat(lang, {maximumFractionDigits: 1}) : null;
  function num(n) { return numbers ? numbers.format(n) : String(Math.round(n * 10) / 10); }
  function $(id) { return document.getElementById(id); }
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "className") node.className = attrs[k]; else node.setAttribute(k, attrs[k]);
    });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function post(type, extra) {
    if (!origin || window.parent === window) return;
    var message = {type: type, request_id: app.dataset.request || null, external_id: app.dataset.external || null};
    if (app.dataset.template) message.template_id = app.dataset.template;
    Object.keys(extra || {}).forEach(function (key) { message[key] = extra[key]; });
    window.parent.postMessage(message, origin);
  }

  if (app.dataset.state !== "ready") {
    post(app.dataset.state === "expired" ? "esign.authoring.expired" : "esign.authoring.error",
         {message: $("error-message").textContent});
    return;
  }

  var TYPES = {
    signature: {name: t("Signature"), w: 25, h: 6}, initials: {name: t("Initials"), w: 10, h: 5},
    date: {name: t("Date"), w: 18, h: 4}, text: {name: t("Text"), w: 30, h: 4},
    checkbox: {name: t("Checkbox"), w: 4, h: 3}, select: {name: t("Select"), w: 25, h: 4},
    attachment: {name: t("Attachment"), w: 25, h: 5}
  };
  var VALIDATIONS = {"": t("None"), email: t("Email"), number: t("Number"), phone: t("Phone"), date: t("Date")};
  var DELIVERY = {email: t("Email"), link: t("Link only"), sms: t("Text message"), both: t("Email and text message")};
  var KEPT = ["document_id", "signer_id", "field_type", "page_number", "x_percent", "y_percent", "width_percent",
              "height_percent", "placeholder", "is_required", "options", "validation_type", "validation_pattern",
              "auto_source", "value", "every_page", "text_tag"];
  var ROLE_KEPT = KEPT.filter(function (k) { return k !== "signer_id"; });  // a template role's field
  var ZOOMS = [50, 75, 100, 125, 150, 200, 300, 400];
  var STEP = 0.5;
  var GONE = ["session_expired", "opened_elsewhere", "session_revoked", "unauthorized"];

  var secret = null, view = null, fields = [], selected = null, zoom = 100, sent = false;
  var saving = false, dirty = false, timer = null, savedFields = null, adding = false;
  var sheets = {};  // document id + page -> {sheet, img, page, doc}
  var caps = {};
  var roles = null, roleSeq = 0;  // a template's session: its roles, each {id (the page's own), name, order, ...}

  function call(method, path, body, keepalive) {
    var options = {method: method, headers: {"Authorization": "Bearer " + secret}, keepalive: !!keepalive};
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    return fetch(path, options).then(function (resp) {
      return resp.json().then(function (data) {
        if (!resp.ok) throw data.error || {code: "error", message: resp.statusText};
        return data;
      });
    });
  }

  function failed(error) {
    $("status").textContent = error.message || "";
    post(error.code === "session_expired" ? "esign.authoring.expired" : "esign.authoring.error",
         {code: error.code || null, message: error.message || null});
  }

  function announce(message) {
    var live = $("announce");
    live.textContent = "";
    window.setTimeout(function () { live.textContent = message; }, 30);
  }

  // --- signers and their colours -------------------------------------------------------------------
  function signers() { return roles || (view.request && view.request.signers) || []; }
  function signerIndex(id) {
    for (var i = 0; i < signers().length; i++) if (signers()[i].id === id) return i;
    return -1;
  }
  function signerName(id) {
    var i = signerIndex(id);
    return i < 0 ? "" : signers()[i].name;
  }
  function colour(id) { return "signer-" + (Math.max(0, signerIndex(id)) % 6); }

  // --- where a field is, in words ------------------------------------------------------------------
  function describe(f) {
    var values = {type: TYPES[f.field_type] ? TYPES[f.field_type].name : f.field_type, signer: signerName(f.signer_id),
                  page: f.page_number, x: num(f.x_percent), y: num(f.y_percent), width: num(f.width_percent),
                  height: num(f.height_percent)};
    if (f.every_page) {
      return t("{type} for {signer}, on every page: {x} % from the left, {y} % from the top, {width} % wide, {height} % high", values);
    }
    return t("{type} for {signer}, page {page}: {x} % from the left, {y} % from the top, {width} % wide, {height} % high", values);
  }

  function clamp(f) {
    f.width_percent = Math.min(80, Math.max(1, f.width_percent));
    f.height_percent = Math.min(40, Math.max(1, f.height_percent));
    f.x_percent = Math.min(100 - f.width_percent, Math.max(0, f.x_percent));
    f.y_percent = Math.min(100 - f.height_percent, Math.max(0, f.y_percent));
    ["x_percent", "y_percent", "width_percent", "height_percent"].forEach(function (k) {
      f[k] = Math.round(f[k] * 100) / 100;
    });
  }

  // --- the fields over the pages -------------------------------------------------------------------
  function place(f) {
    var node = f.node;
    node.style.left = f.x_percent + "%";
    node.style.top = f.y_percent + "%";
    node.style.width = f.width_percent + "%";
    node.style.height = f.height_percent + "%";
    node.className = "efield " + colour(f.signer_id) + (f === selected ? " selected" : "") + (f.error ? " invalid" : "");
    node.setAttribute("aria-label", describe(f));
    node.setAttribute("aria-pressed", f === selected ? "true" : "false");
    node.querySelector(".name").textContent = (TYPES[f.field_type] || {name: f.field_type}).name;
    var tip = node.querySelector(".field-tip");
    tip.textContent = f.error || "";
    tip.hidden = !f.error;
    copies(f);
  }

  /* A field on every page shows on each other page of its document too: a copy that follows it. */
  function copies(f) {
    var want = !f.every_page || !f.node ? [] : Object.keys(sheets).filter(function (k) {
      return sheets[k].doc.id === f.document_id && sheets[k].page.number !== f.page_number;
    });
    f.copies = f.copies || [];
    if (f.copies.length !== want.length) {
      f.copies.forEach(function (node) { node.remove(); });
      f.copies = want.map(function (k) {
        var node = el("div", {"aria-hidden": "true"});
        node.appendChild(el("span", {className: "name"}));
        sheets[k].layer.appendChild(node);
        return node;
      });
    }
    f.copies.forEach(function (node) {
      ["left", "top", "width", "height"].forEach(function (side, i) {
        node.style[side] = f[["x_percent", "y_percent", "width_percent", "height_percent"][i]] + "%";
      });
      node.className = "efield copy " + colour(f.signer_id);
      node.firstChild.textContent = (TYPES[f.field_type] || {name: f.field_type}).name;
    });
  }

  function unplace(f) {
    if (f.node) f.node.remove();
    (f.copies || []).forEach(function (node) { node.remove(); });
    f.copies = [];
  }

  function draw(f) {
    var at = sheets[f.document_id + ":" + f.page_number];
    if (!at) return;
    if (!f.node) {
      f.node = el("div", {tabindex: "0", role: "button", "aria-describedby": "keys-help"});
      f.node.appendChild(el("span", {className: "name", "aria-hidden": "true"}));
      f.node.appendChild(el("span", {className: "handle", "aria-hidden": "true"}));
      var tip = el("span", {className: "field-tip", role: "alert"});
      tip.hidden = true;
      f.node.appendChild(tip);
      f.node.addEventListener("pointerdown", function (e) { grab(e, f); });
      f.node.addEventListener("keydown", function (e) { keys(e, f); });
      f.node.addEventListener("focus", function () { if (selected !== f) select(f); });
    }
    if (f.node.parentNode !== at.layer) at.layer.appendChild(f.node);
    place(f);
  }

  function select(f) {
    var before = selected;
    selected = f;
    if (before && before.node) place(before);
    if (f && f.node) place(f);
    settings();
  }

  function changed(f, words) {
    clamp(f);
    f.error = null;
    place(f);
    if (words) announce(words);
    if (f === selected) settings();
    schedule();
  }

  function add(type, doc, page, x, y) {
    if (previewing) return;
    var kind = TYPES[type];
    var signer = $("new-signer").value || (signers()[0] || {}).id;
    var f = {document_id: doc, signer_id: signer, field_type: type, page_number: page, width_percent: kind.w,
             height_percent: kind.h, placeholder: null, is_required: true,
             options: type === "select" ? [t("Option 1"), t("Option 2")] : null, validation_type: null,
             validation_pattern: null, auto_source: null, value: null};
    f.x_percent = x === undefined ? (100 - kind.w) / 2 : x - kind.w / 2;
    f.y_percent = y === undefined ? (100 - kind.h) / 2 : y - kind.h / 2;
    clamp(f);
    fields.push(f);
    draw(f);
    select(f);
    f.node.focus();
    changed(f, t("Added: {field}", {field: describe(f)}));
  }

  function remove(f) {
    var words = t("Deleted: {field}", {field: describe(f)});
    fields.splice(fields.indexOf(f), 1);
    unplace(f);
    if (selected === f) select(null);
    announce(words);
    schedule();
  }

  function duplicate(f) {
    var copy = {};
    KEPT.forEach(function (k) { copy[k] = f[k]; });
    copy.options = f.options ? f.options.slice() : null;
    copy.text_tag = null;  // (its tag is covered once, by the field made from it)
    copy.x_percent += 2;
    copy.y_percent += 2;
    clamp(copy);
    fields.push(copy);
    draw(copy);
    select(copy);
    copy.node.focus();
    changed(copy, t("Added: {field}", {field: describe(copy)}));
  }

  /* Arrow keys move the field by 0.5 % of the page, Shift with them resizes it; Delete removes it. */
  function keys(e, f) {
    var moves = {ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP]};
    if (previewing) return;
    if (moves[e.key] && !sent) {
      e.preventDefault();
      var d = moves[e.key];
      if (e.shiftKey) { f.width_percent += d[0]; f.height_percent += d[1]; }
      else { f.x_percent += d[0]; f.y_percent += d[1]; }
      changed(f, describe(f));
    } else if ((e.key === "Delete" || e.key === "Backspace") && !sent) {
      e.preventDefault();
      remove(f);
      var next = fields[fields.length - 1];
      if (next && next.node) next.node.focus(); else $("palette").querySelector("button").focus();
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      select(f);
      $("field-signer").focus();
    }
  }

  /* Dragging a field moves it; dragging its corner handle resizes it (mouse, pen or touch). */
  function grab(e, f) {
    if (sent || previewing || e.button > 0) return;
    e.preventDefault();
    select(f);
    f.node.focus({preventScroll: true});
    var sheet = f.node.parentNode.getBoundingClientRect();
    var resizing = e.target.classList.contains("handle");
    var start = {x: e.clientX, y: e.clientY, fx: f.x_percent, fy: f.y_percent, fw: f.width_percent, fh: f.height_percent};
    var moved = false;
    f.node.setPointerCapture(e.pointerId);
    function move(ev) {
      var dx = (ev.clientX - start.x) / sheet.width * 100, dy = (ev.clientY - start.y) / sheet.height * 100;
      if (!moved && Math.abs(ev.clientX - start.x) + Math.abs(ev.clientY - start.y) < 3) return;
      moved = true;
      if (resizing) { f.width_percent = start.fw + dx; f.height_percent = start.fh + dy; }
      else { f.x_percent = start.fx + dx; f.y_percent = start.fy + dy; }
      clamp(f);
      place(f);
    }
    function up() {
      f.node.removeEventListener("pointermove", move);
      f.node.removeEventListener("pointerup", up);
      f.node.removeEventListener("pointercancel", up);
      if (moved) changed(f, describe(f));
    }
    f.node.addEventListener("pointermove", move);
    f.node.addEventListener("pointerup", up);
    f.node.addEventListener("pointercancel", up);
  }

  /* A palette button: a click (or Enter) adds its field in the middle of the current page; dragged onto a
     page it adds the field where it is dropped. */
  function palette() {
    var box = $("palette");
    (view.session.capabilities.field_types || []).forEach(function (type) {
      if (!TYPES[type]) return;
      var button = el("button", {type: "button", className: "tool secondary", "data-type": type}, TYPES[type].name);
      var dropped = false;
      button.addEventListener("click", function () {
        if (dropped) { dropped = false; return; }
        var at = current();
        if (at) add(type, at.doc, at.page);
      });
      button.addEventListener("pointerdown", function (e) {
        if (e.button > 0 || e.pointerType === "touch") return;  // a finger taps (a swipe scrolls)
        var start = {x: e.clientX, y: e.clientY};
        function done() {
          document.removeEventListener("pointerup", up);
          document.removeEventListener("pointercancel", done);
        }
        function up(ev) {
          done();
          if (Math.abs(ev.clientX - start.x) + Math.abs(ev.clientY - start.y) < 8) return;
          var target = document.elementFromPoint(ev.clientX, ev.clientY);
          var layer = target && target.closest(".sheet");
          if (!layer) return;
          dropped = target.closest(".tool") === button;
          var r = layer.getBoundingClientRect();
          add(type, layer.dataset.document, Number(layer.dataset.page),
              (ev.clientX - r.left) / r.width * 100, (ev.clientY - r.top) / r.height * 100);
        }
        document.addEventListener("pointerup", up);
        document.addEventListener("pointercancel", done);
      });
      box.appendChild(button);
    });
  }

  /* How much of a page shows (px²): the part of it inside both #pages (which scrolls) and the window. */
  function shownArea(at) {
    var r = at.sheet.getBoundingClientRect(), box = $("pages").getBoundingClientRect();
    var width = Math.min(r.right, box.right, window.innerWidth) - Math.max(r.left, box.left, 0);
    var height = Math.min(r.bottom, box.bottom, window.innerHeight) - Math.max(r.top, box.top, 0);
    return Math.max(0, width) * Math.max(0, height);
  }

  /* The page a new field goes on: the selected field's; else the page last clicked (which unselects the
     field), while it still shows at least half as much as the page showing most; else the page that fills
     most of the view (a page barely showing at the top is not it). */
  var clicked = null;
  function current() {
    if (selected) return {doc: selected.document_id, page: selected.page_number};
    var keys = Object.keys(sheets), best = null, most = 0;
    keys.forEach(function (k) {
      var area = shownArea(sheets[k]);
      if (area > most) { most = area; best = sheets[k]; }
    });
    if (clicked && shownArea(clicked) > 0 && shownArea(clicked) * 2 >= most) best = clicked;
    best = best || sheets[keys[0]];
    return best ? {doc: best.doc.id, page: best.page.number} : null;
  }

  // --- the settings of the selected field ----------------------------------------------------------
  function settings() {
    var f = selected, panel = $("field-settings");
    $("no-field").hidden = !!f;
    panel.hidden = !f;
    if (!f) return;
    $("field-what").textContent = describe(f);
    var choose = $("field-signer");
    choose.textContent = "";
    signers().forEach(function (s) { choose.appendChild(el("option", {value: s.id}, s.name)); });
    choose.value = f.signer_id;
    $("field-required").checked = f.is_required !== false;
    $("field-every-page").checked = !!f.every_page;
    $("field-placeholder").value = f.placeholder || "";
    $("options-row").hidden = f.field_type !== "select";
    if (document.activeElement !== $("field-options")) $("field-options").value = (f.options || []).join("\n");
    $("validation-row").hidden = f.field_type !== "text";
    $("field-validation").value = f.validation_type || "";
    $("field-error").textContent = f.error || "";
  }

  function wireSettings() {
    var validation = $("field-validation");
    Object.keys(VALIDATIONS).forEach(function (k) { validation.appendChild(el("option", {value: k}, VALIDATIONS[k])); });
    $("field-signer").addEventListener("change", function (e) { selected.signer_id = e.target.value; changed(selected); });
    $("field-required").addEventListener("change", function (e) { selected.is_required = e.target.checked; changed(selected); });
    $("field-every-page").addEventListener("change", function (e) { selected.every_page = e.target.checked || null; changed(selected); });
    $("field-placeholder").addEventListener("input", function (e) { selected.placeholder = e.target.value || null; changed(selected); });
    $("field-options").addEventListener("input", function (e) {
      selected.options = e.target.value.split("\n").map(function (s) { return s.trim(); }).filter(Boolean);
      changed(selected);
    });
    validation.addEventListener("change", function (e) { selected.validation_type = e.target.value || null; changed(selected); });
    $("field-duplicate").addEventListener("click", function () { duplicate(selected); });
    $("field-delete").addEventListener("click", function () { remove(selected); $("palette").querySelector("button").focus(); });
  }

  // --- autosave -----------------------------------------------------------------------------------
  function shape(f, keys) {
    var out = {};
    keys.forEach(function (k) { if (f[k] !== null && f[k] !== undefined) out[k] = f[k]; });
    return out;
  }

  /* What a save sends, and the fields in the order it sends them (a 422 names them by place): the
     draft's fields, or a template's roles with each role's fields. */
  function body() {
    if (!roles) return {body: {fields: fields.map(function (f) { return shape(f, KEPT); })}, order: fields.slice()};
    var order = [];
    var list = roles.filter(function (r) { return r.name; }).map(function (r) {
      var mine = fields.filter(function (f) { return f.signer_id === r.id; });
      order = order.concat(mine);
      var role = shape(r, ["name", "order", "locale", "delivery"]);
      role.fields = mine.map(function (f) { return f.raw || shape(f, ROLE_KEPT); });
      return role;
    });
    return {body: {roles: list}, order: order, counts: list.map(function (r) { return r.fields.length; })};
  }

  function saveCall(sending, keepalive) {
    if (roles) return call("PATCH", "/author/api/templates/" + view.template.id, sending.body, keepalive);
    return call("POST", "/author/api/requests/" + view.request.id + "/fields", sending.body, keepalive);
  }

  /* The field a 422's detail names: `fields.3.options`, or a template's `roles.1.fields.0.options`. */
  function named(sending, field) {
    var m = /^fields\.(\d+)/.exec(field || ""), r = /^roles\.(\d+)\.fields\.(\d+)/.exec(field || "");
    if (m && !roles) return sending.order[Number(m[1])];
    if (!r) return null;
    var at = Number(r[2]);
    for (var i = 0; i < Number(r[1]); i++) at += sending.counts[i];
    return sending.order[at];
  }

  function schedule() {
    dirty = true;
    $("save-state").textContent = t("Saving…");
    window.clearTimeout(timer);
    timer = window.setTimeout(save, 700);
  }

  function save() {
    if (saving || !dirty || sent) return Promise.resolve();
    if (!fields.length && !roles) {
      dirty = false;
      $("save-state").textContent = t("Place at least one field: a draft keeps its last field until then.");
      return Promise.resolve();
    }
    saving = true;
    dirty = false;
    var sending = body();
    savedFields = sending.order;
    return saveCall(sending)
      .then(function (answer) {
        if (roles) view.template = answer;
        savedFields.forEach(function (f) { if (f.error) { f.error = null; if (f.node) place(f); } });
        $("save-state").textContent = dirty ? t("Saving…") : t("All changes saved");
        if (selected) settings();
        post("esign.authoring.saved");
      }, function (error) {
        (error.details || []).forEach(function (d) {
          var f = named(sending, d.field);
          if (f) { f.error = d.message; if (f.node) place(f); }
        });
        $("save-state").textContent = t("Not saved: {message}", {message: error.message || error.code});
        if (selected) settings();
        if (GONE.indexOf(error.code) >= 0) failed(error);
      })
      .then(function () {
        saving = false;
        if (dirty) schedule();
      });
  }

  // --- text tags and anchors the server found -------------------------------------------------------
  /* "Find text tags": the server's own detection (the tags read from the documents at upload) proposes a
     field for each tag not made into one yet; "Find the text" proposes a field of the chosen type at every
     place the text is (the server's anchor matching, as /v1 places fields at an `anchor`). Each is accepted
     (it becomes a field, saved as any other, the server covering a tag) or dismissed. Tags that make no
     field say why. A template's session finds them in the template's documents, for its roles. */
  var proposals = [], problems = [];

  /* Where the editor's API has the session's draft or template. */
  function record() {
    return roles ? "/author/api/templates/" + view.template.id : "/author/api/requests/" + view.request.id;
  }

  function proposed(read) {
    var f = {};
    KEPT.forEach(function (k) { f[k] = read[k] === undefined ? null : read[k]; });
    if (roles) {
      f.signer_id = null;
      roles.forEach(function (r) {
        if (read.role && r.name.toLowerCase() === read.role.toLowerCase()) f.signer_id = r.id;
      });
    }
    f.signer_id = f.signer_id || $("new-signer").value || (signers()[0] || {}).id;
    if (f.is_required === null) f.is_required = true;
    return f;
  }

  function propose(request, words) {
    $("find-tags").disabled = $("find-anchor").disabled = true;
    return request.then(function (found) {
      proposals.forEach(unplace);
      proposals = found.proposals.map(proposed);
      problems = found.problems;
      showProposals();
      $("tags-state").textContent = words(proposals.length);
    }, function (error) {
      var detail = (error.details || []).map(function (d) { return d.message; }).join("; ");
      $("tags-state").textContent = detail || error.message || error.code;
      if (GONE.indexOf(error.code) >= 0) failed(error);
    }).then(function () { $("find-tags").disabled = $("find-anchor").disabled = false; });
  }

  function findTags() {
    return propose(call("GET", record() + "/text-tags"), function (n) {
      return n ? t("Text tags found: {count}", {count: num(n)}) : t("No new text tags were found.");
    });
  }

  function findAnchor(e) {
    e.preventDefault();
    var type = $("anchor-type").value, kind = TYPES[type];
    var field = {field_type: type, width_percent: kind.w, height_percent: kind.h,
                 anchor: {text: $("anchor-text").value, occurrence: "all", if_missing: "skip"}};
    if (type === "select") field.options = [t("Option 1"), t("Option 2")];
    return propose(call("POST", record() + "/anchors", {fields: [field]}), function (n) {
      return n ? t("Places found for the text: {count}", {count: num(n)}) : t("The text is not in the documents.");
    });
  }

  function wireFind() {
    (caps.field_types || []).forEach(function (type) {
      if (TYPES[type]) $("anchor-type").appendChild(el("option", {value: type}, TYPES[type].name));
    });
    $("find-tags").addEventListener("click", findTags);
    $("anchor-form").addEventListener("submit", findAnchor);
  }

  function showProposals() {
    var list = $("proposal-list"), notes = $("tag-problems");
    list.textContent = "";
    notes.textContent = "";
    proposals.forEach(function (f) {
      var at = sheets[f.document_id + ":" + f.page_number];
      if (!f.node && at) {
        f.node = el("div", {className: "efield proposed " + colour(f.signer_id), "aria-hidden": "true"});
        f.node.appendChild(el("span", {className: "name"}, (TYPES[f.field_type] || {name: f.field_type}).name));
        ["left", "top", "width", "height"].forEach(function (side, i) {
          f.node.style[side] = f[["x_percent", "y_percent", "width_percent", "height_percent"][i]] + "%";
        });
        at.layer.appendChild(f.node);
      }
      var item = el("li", {className: "proposal"});
      item.appendChild(el("span", {}, describe(f)));
      var row = el("div", {className: "row"});
      var yes = el("button", {type: "button", className: "secondary", "aria-label": t("Accept: {field}", {field: describe(f)})}, t("Accept"));
      var no = el("button", {type: "button", className: "secondary", "aria-label": t("Dismiss: {field}", {field: describe(f)})}, t("Dismiss"));
      yes.addEventListener("click", function () { settle(f, true); });
      no.addEventListener("click", function () { settle(f, false); });
      row.appendChild(yes);
      row.appendChild(no);
      item.appendChild(row);
      list.appendChild(item);
    });
    problems.forEach(function (p) {
      notes.appendChild(el("li", {}, p.page ? t("Page {page}: {message}", {page: p.page, message: p.message}) : p.message));
    });
    list.hidden = !proposals.length;
    notes.hidden = !problems.length;
  }

  /* An accepted proposal becomes a field (saved by the autosave); a dismissed one goes. */
  function settle(f, accepted) {
    proposals.splice(proposals.indexOf(f), 1);
    unplace(f);
    f.node = null;
    showProposals();
    if (accepted) {
      fields.push(f);
      draw(f);
      changed(f, t("Added: {field}", {field: describe(f)}));
    }
    var next = $("proposal-list").querySelector("button");
    (next || $("find-tags")).focus();
  }

  // --- participants ------------------------------------------------------------------------------
  /* One fieldset a participant (name, email, order, delivery, language), and an empty one after "Add a
     participant"; a change saves the whole list (PATCH signers: an entry with its id keeps that signer and
     their fields), a new participant once their name and email are given. */
  function participants() {
    var box = $("participants");
    var editable = caps.edit_signers && (view.session.locked || []).indexOf("signers") < 0 && !sent;
    var people = signers().concat(adding && editable ? [{id: "", name: "", email: ""}] : []);
    box.textContent = "";
    people.forEach(function (s, i) {
      var row = el("fieldset", {className: "person " + (s.id ? colour(s.id) : "new"), "data-id": s.id});
      row.appendChild(el("legend", {}, roles ? t("Role {number}", {number: i + 1}) : t("Participant {number}", {number: i + 1})));
      function input(key, label, type, value) {
        var id = "p" + i + "-" + key, wrap = el("div", {className: "prow"});
        wrap.appendChild(el("label", {"for": id}, label));
        var node = el(type === "select" ? "select" : "input", {id: id, "data-key": key});
        if (type !== "select") node.setAttribute("type", type);
        wrap.appendChild(node);
        row.appendChild(wrap);
        return node;
      }
      var name = input("name", t("Name"), "text"), email = roles ? null : input("email", t("Email"), "email");
      name.value = s.name;
      name.autocomplete = "off";
      if (email) {
        email.value = s.email || "";
        email.autocomplete = "off";
      }
      var order = input("order", t("Order"), "number");
      order.min = "1";
      order.value = s.order || i + 1;
      var delivery = input("delivery", t("Delivery"), "select");
      Object.keys(DELIVERY).forEach(function (k) { delivery.appendChild(el("option", {value: k}, DELIVERY[k])); });
      delivery.value = s.delivery || "email";
      var locale = input("locale", t("Language"), "select");
      locale.appendChild(el("option", {value: ""}, t("The organisation's")));
      JSON.parse(app.dataset.languages).forEach(function (l) { locale.appendChild(el("option", {value: l[0], lang: l[0]}, l[1])); });
      locale.value = s.locale || "";
      [name, email, order, delivery, locale].forEach(function (node) {
        if (!node) return;
        node.disabled = !editable;
        node.addEventListener("change", function () { if (roles) saveRoles(null); else saveSigners(null); });
      });
      if (editable && s.id && signers().length > 1) {
        var drop = el("button", {type: "button", className: "secondary"}, t("Remove {name}", {name: s.name}));
        drop.addEventListener("click", function () { if (roles) saveRoles(s.id); else saveSigners(s.id); });
        row.appendChild(drop);
      }
      box.appendChild(row);
    });
    $("add-person").hidden = !editable || adding;
    choices();
  }

  /* The signers a new field may be for (beside the palette). */
  function choices() {
    var choose = $("new-signer"), was = choose.value;
    choose.textContent = "";
    signers().forEach(function (s) { choose.appendChild(el("option", {value: s.id}, s.name)); });
    if (signerIndex(was) >= 0) choose.value = was;
    var as = $("preview-as"), seen = as.value;
    as.textContent = "";
    as.appendChild(el("option", {value: ""}, t("Nobody: editing")));
    signers().forEach(function (s) { as.appendChild(el("option", {value: s.id}, s.name)); });
    as.value = signerIndex(seen) >= 0 ? seen : "";
    if (as.value !== seen) preview("");
  }

  // --- preview as a signer ---------------------------------------------------------------------------
  /* The document as one signer (or role) will see it, read-only: their fields as fields to fill, the
     others' not shown (the signing page shows a signer only their own; a value given by another shows in
     the page once they have signed). */
  var previewing = null;

  function preview(id) {
    previewing = id || null;
    app.classList.toggle("previewing", !!previewing);
    if (previewing && selected) select(null);
    fields.forEach(function (f) {
      if (!f.node) return;
      var own = f.signer_id === previewing;
      f.node.classList.toggle("preview-own", !!previewing && own);
      f.node.hidden = !!previewing && !own;
      (f.copies || []).forEach(function (node) { node.hidden = !!previewing && !own; });
      f.node.querySelector(".name").textContent = previewing && own && f.placeholder ? f.placeholder
        : (TYPES[f.field_type] || {name: f.field_type}).name;
    });
    $("preview-note").hidden = !previewing;
    $("preview-note").textContent = previewing ? t("Preview as {name}: their fields as they will see them; the others' fields are not shown to them. Nothing can be changed here.", {name: signerName(previewing)}) : "";
    if (previewing) announce($("preview-note").textContent);
  }

  function saveSigners(without) {
    var list = [], added = false;
    Array.prototype.forEach.call($("participants").querySelectorAll("fieldset"), function (row) {
      var s = {};
      Array.prototype.forEach.call(row.querySelectorAll("[data-key]"), function (node) { s[node.dataset.key] = node.value.trim(); });
      var id = row.dataset.id;
      if (id === without || (!id && !(s.name && s.email))) return;  // removed, or a new one not filled in yet
      added = added || !id;
      var out = {name: s.name, email: s.email, order: Number(s.order) || list.length + 1, delivery: s.delivery};
      if (id) out.id = id;
      if (s.locale) out.locale = s.locale;
      list.push(out);
    });
    if (!list.length) return Promise.resolve();
    return patch({signers: list}).then(function (ok) {
      if (!ok) return;
      if (added || without) {  // the list changed: drawn again (else the inputs stay, and the focus in them)
        adding = adding && !added;
        participants();
      } else {
        choices();
      }
      var kept = signers().map(function (s) { return s.id; });  // the server removed a removed signer's fields
      fields.slice().forEach(function (f) {
        if (kept.indexOf(f.signer_id) < 0) { fields.splice(fields.indexOf(f), 1); unplace(f); }
      });
      if (selected && fields.indexOf(selected) < 0) select(null);
      fields.forEach(place);
      if (selected) settings();
    });
  }

  /* A template's roles as the list shows them: a changed role keeps its fields (a name emptied keeps the
     old one), a removed one takes its fields with it, a new one counts once named; then they are saved
     with their fields (the autosave). */
  function saveRoles(without) {
    var list = [], added = false;
    Array.prototype.forEach.call($("participants").querySelectorAll("fieldset"), function (row) {
      var s = {};
      Array.prototype.forEach.call(row.querySelectorAll("[data-key]"), function (node) { s[node.dataset.key] = node.value.trim(); });
      var id = row.dataset.id;
      if (id === without || (!id && !s.name)) return;
      var role = id ? roles[signerIndex(id)] : {id: "role-" + (++roleSeq)};
      added = added || !id;
      role.name = s.name || role.name;
      role.order = Number(s.order) || list.length + 1;
      role.delivery = s.delivery;
      role.locale = s.locale || null;
      list.push(role);
    });
    if (!list.length) return;
    roles = list;
    fields.slice().forEach(function (f) {
      if (signerIndex(f.signer_id) < 0) { fields.splice(fields.indexOf(f), 1); unplace(f); }
    });
    if (selected && fields.indexOf(selected) < 0) select(null);
    if (added || without) {
      adding = adding && !added;
      participants();
    } else {
      choices();
    }
    fields.forEach(place);
    if (selected) settings();
    schedule();
  }

  function patch(changes) {
    $("people-error").textContent = "";
    return call("PATCH", "/author/api/requests/" + view.request.id, changes).then(function (request) {
      view.request = request;
      post("esign.authoring.saved");
      return true;
    }, function (error) {
      var words = (error.details || []).map(function (d) { return d.field + ": " + d.message; }).join("; ");
      $("people-error").textContent = t("Not saved: {message}", {message: words || error.message || error.code});
      if (GONE.indexOf(error.code) >= 0) failed(error);
      return false;
    });
  }

  // --- the send dialog ---------------------------------------------------------------------------
  /* The dialog's inputs, each with the key of the draft (or the template) it shows and the name `locked`
     gives it. */
  var DIALOG = {message: ["message", "default_message", "message"],
                expiry: ["expires_in_days", "default_expiry_days", "expires_in_days"],
                order: ["signing_order", "signing_order", "signing_order"],
                reminder: ["reminder_days", "reminder_days", "reminder_days"]};

  function wireSend() {
    var dialog = $("send-dialog"), r = view.request || {status: "draft"};
    function record() { return roles ? view.template : view.request; }
    function key(k) { return DIALOG[k][roles ? 1 : 0]; }
    $("send-open").hidden = !roles && !view.session.capabilities.send;
    $("send-open").addEventListener("click", function () {
      $("send-message").value = record()[key("message")] || "";
      $("send-expiry").value = record()[key("expiry")] || 7;
      $("send-order").value = record().signing_order || "parallel";
      $("send-reminder").value = record().reminder_days || "";
      Object.keys(DIALOG).forEach(function (k) {
        $("send-" + k).disabled = !caps.edit_settings || (view.session.locked || []).indexOf(DIALOG[k][2]) >= 0;
      });
      $("send-error").textContent = "";
      dialog.showModal();
    });
    $("send-cancel").addEventListener("click", function () { dialog.close(); });
    $("send-form").addEventListener("submit", function (e) {
      e.preventDefault();
      var changes = {}, was = record();
      if (!$("send-message").disabled && $("send-message").value !== (was[key("message")] || "")) changes[key("message")] = $("send-message").value;
      if (!$("send-order").disabled && $("send-order").value !== was.signing_order) changes.signing_order = $("send-order").value;
      if (!$("send-expiry").disabled && (!roles || Number($("send-expiry").value) !== was[key("expiry")])) changes[key("expiry")] = Number($("send-expiry").value);
      if (!$("send-reminder").disabled && $("send-reminder").value) changes.reminder_days = Number($("send-reminder").value);
      $("send-go").disabled = true;
      window.clearTimeout(timer);
      var path = roles ? "/author/api/templates/" + view.template.id : "/author/api/requests/" + view.request.id;
      return (dirty ? save() : Promise.resolve())
        .then(function () { return Object.keys(changes).length ? call("PATCH", path, changes) : null; })
        .then(function (answer) {
          if (!roles) return call("POST", path + "/send");
          if (answer) view.template = answer;
          return null;
        })
        .then(function (request) {
          dialog.close();
          if (roles) {  // a template is saved, never sent
            $("status").textContent = t("The template was saved.");
            post("esign.authoring.saved");
            return;
          }
          view.request = request;
          sent = true;
          $("send-open").hidden = true;
          $("status").textContent = t("The request was sent.");
          app.classList.add("sent");
          participants();
          post("esign.authoring.sent");
        }, function (error) {
          var words = (error.details || []).map(function (d) { return d.field + ": " + d.message; }).join("; ");
          var said = {message: words || error.message || error.code};
          $("send-error").textContent = roles ? t("Not saved: {message}", said) : t("Not sent: {message}", said);
          if (GONE.indexOf(error.code) >= 0) failed(error);
        })
        .then(function () { $("send-go").disabled = false; });
    });
    if (r.status !== "draft") {
      sent = true;
      $("send-open").hidden = true;
    }
  }

  // --- the pages ---------------------------------------------------------------------------------
  function fitWidth() { return Math.min(Math.max($("pages").clientWidth - 2, 200), 900); }

  function best(srcset, width) {
    var options = srcset.split(",").map(function (s) {
      var p = s.trim().split(" ");
      return {url: p[0], w: parseInt(p[1], 10)};
    }).sort(function (a, b) { return a.w - b.w; });
    for (var i = 0; i < options.length; i++) if (options[i].w >= width) return options[i];
    return options[options.length - 1];
  }

  function loadImage(at) {
    if (!at.near) return;  // drawn once it comes near the view
    var want = best(at.page.image_srcset, fitWidth() * zoom / 100 * (window.devicePixelRatio || 1));
    if (at.shown && at.shown.w >= want.w) return;
    at.shown = want;
    fetch(want.url, {headers: {"Authorization": "Bearer " + secret}})
      .then(function (resp) { if (!resp.ok) throw new Error(resp.statusText); return resp.blob(); })
      .then(function (blob) {
        if (at.img.src) URL.revokeObjectURL(at.img.src);
        at.img.src = URL.createObjectURL(blob);
      })
      .catch(function () { at.shown = null; at.sheet.classList.add("no-image"); });
  }

  function layout() {
    var width = fitWidth() * zoom / 100;
    Object.keys(sheets).forEach(function (k) {
      var at = sheets[k];
      at.sheet.style.width = width + "px";
      at.sheet.style.height = (width * at.page.height / at.page.width) + "px";
      loadImage(at);
    });
    $("zoom-level").textContent = num(zoom) + " %";
    $("zoom-out").disabled = zoom <= ZOOMS[0];
    $("zoom-in").disabled = zoom >= ZOOMS[ZOOMS.length - 1];
  }

  /* The sections of the documents not shown yet (all of them at first; an uploaded one later), each page
     an empty sheet whose image is fetched when it comes near the view of #pages. */
  var seen = null;

  function pages() {
    var box = $("pages");
    if (!seen && window.IntersectionObserver) {
      seen = new IntersectionObserver(function (entries) {
        entries.forEach(function (entry) {
          if (!entry.isIntersecting) return;
          var at = sheets[entry.target.dataset.document + ":" + entry.target.dataset.page];
          at.near = true;
          seen.unobserve(entry.target);
          loadImage(at);
        });
      }, {root: $("pages"), rootMargin: "100% 0px"});
    }
    view.documents.forEach(function (doc) {
      if (box.querySelector("section[data-document='" + doc.id + "']")) return;
      var section = el("section", {className: "document", "aria-label": doc.name, "data-document": doc.id});
      section.appendChild(el("h2", {}, doc.name));
      doc.pages.forEach(function (page) {
        var label = t("Page {number} of {document}", {number: page.number, document: doc.name});
        var sheet = el("div", {className: "sheet", dir: "ltr", "data-document": doc.id, "data-page": String(page.number),
                               role: "group", "aria-label": label});
        var img = el("img", {alt: label, draggable: "false"});
        sheet.appendChild(img);
        section.appendChild(sheet);
        sheets[doc.id + ":" + page.number] = {sheet: sheet, layer: sheet, img: img, page: page, doc: doc, near: !seen};
        sheet.addEventListener("pointerdown", function (e) {  // a page clicked (not a field): new fields go there
          if (e.target.closest(".efield")) return;
          clicked = sheets[doc.id + ":" + page.number];
          if (selected) select(null);
        });
        if (seen) seen.observe(sheet);
      });
      box.appendChild(section);
    });
    layout();
    fields.forEach(draw);
    drawAnchored();
  }

  /* A template's role fields at an `anchor` stay anchors: drawn read-only where /v1 places them when a
     request is made (the server's own matching), and each that has no place listed with why. */
  function drawAnchored() {
    if (!view.anchored) return;
    function roleOf(a) {
      return roles.filter(function (r) { return r.name === a.role; })[0] || {id: null, name: a.role};
    }
    view.anchored.boxes.forEach(function (a, i) {
      var at = sheets[a.document_id + ":" + a.page_number];
      if (!at || at.layer.querySelector("[data-anchored='" + i + "']")) return;
      var words = t("{type} for {role}, placed where the text “{text}” is found, when a request is made",
                    {type: (TYPES[a.field_type] || {name: a.field_type}).name, role: roleOf(a).name, text: a.text});
      var node = el("div", {className: "efield anchored " + colour(roleOf(a).id), role: "img", "aria-label": words,
                            title: words, "data-anchored": String(i)});
      node.appendChild(el("span", {className: "name", "aria-hidden": "true"}, (TYPES[a.field_type] || {name: a.field_type}).name));
      ["left", "top", "width", "height"].forEach(function (side, i) {
        node.style[side] = a[["x_percent", "y_percent", "width_percent", "height_percent"][i]] + "%";
      });
      at.layer.appendChild(node);
    });
    if (!view.anchored.missing.length || $("anchor-notes")) return;
    var notes = el("ul", {id: "anchor-notes", className: "muted small"});
    view.anchored.missing.forEach(function (a) {
      var values = {role: roleOf(a).name, text: a.text, message: a.message};
      notes.appendChild(el("li", {}, a.refused
        ? t("{role}: the text “{text}” gives this field no place: a request made from this template is refused ({message})", values)
        : t("{role}: the text “{text}” is not in the documents: this field is left out when a request is made", values)));
    });
    $("pages").parentNode.insertBefore(notes, $("pages"));
  }

  // --- adding a document (both modes), saving as a template (mode request), as the capabilities allow ---
  function wireUpload() {
    var input = $("upload-file");
    function shown() {
      $("upload-open").hidden = sent || !caps.upload || view.documents.length >= caps.max_documents;
    }
    shown();
    $("upload-open").addEventListener("click", function () { input.click(); });
    input.addEventListener("change", function () {
      var file = input.files[0];
      if (!file) return;
      var form = new FormData();
      form.append("file", file, file.name);
      $("upload-open").disabled = true;
      $("upload-state").textContent = t("Adding the document…");
      fetch(record() + "/documents",
            {method: "POST", headers: {"Authorization": "Bearer " + secret}, body: form})
        .then(function (resp) {
          return resp.json().then(function (data) {
            if (!resp.ok) throw data.error || {code: "error", message: resp.statusText};
            return data;
          });
        })
        .then(function (answer) {
          if (roles) view.template = answer; else view.request = answer;
          return call("GET", "/author/api/session");
        })
        .then(function (fresh) {
          view.documents = fresh.documents;
          pages();
          $("upload-state").textContent = t("The document was added.");
          post("esign.authoring.saved");
        }, function (error) {
          $("upload-state").textContent = t("Not added: {message}", {message: error.message || error.code});
          if (GONE.indexOf(error.code) >= 0) failed(error);
        })
        .then(function () {
          input.value = "";
          $("upload-open").disabled = false;
          shown();
        });
    });
  }

  function wireTemplate() {
    var dialog = $("template-dialog");
    $("template-open").hidden = !caps.save_as_template;
    $("template-open").addEventListener("click", function () {
      $("template-error").textContent = "";
      dialog.showModal();
    });
    $("template-cancel").addEventListener("click", function () { dialog.close(); });
    $("template-form").addEventListener("submit", function (e) {
      e.preventDefault();
      var name = $("template-name").value.trim();
      $("template-go").disabled = true;
      window.clearTimeout(timer);
      return (dirty ? save() : Promise.resolve())
        .then(function () { return call("POST", "/author/api/requests/" + view.request.id + "/template", {name: name}); })
        .then(function (template) {
          dialog.close();
          $("status").textContent = t("Saved as the template {name}.", {name: template.name});
        }, function (error) {
          var words = (error.details || []).map(function (d) { return d.field + ": " + d.message; }).join("; ");
          $("template-error").textContent = t("Not saved: {message}", {message: words || error.message || error.code});
          if (GONE.indexOf(error.code) >= 0) failed(error);
        })
        .then(function () { $("template-go").disabled = false; });
    });
  }

  function zoomBy(step) {
    var i = ZOOMS.indexOf(zoom) + step;
    if (i < 0 || i >= ZOOMS.length) return;
    zoom = ZOOMS[i];
    layout();
    announce(t("Zoom {level} %", {level: num(zoom)}));
  }

  function show(data) {
    view = data;
    caps = view.session.capabilities;
    function kept(read, signer) {
      var f = {};
      KEPT.forEach(function (k) { f[k] = read[k] === undefined ? null : read[k]; });
      if (signer) f.signer_id = signer;
      return f;
    }
    var placedOnce = {};  // a field on every page is stored once a page: the page keeps the first
    fields = view.fields.map(function (read) { return kept(read); }).filter(function (f) {
      if (!f.every_page) return true;
      var key = JSON.stringify(KEPT.map(function (k) { return k === "page_number" ? null : f[k]; }));
      if (placedOnce[key]) return false;
      placedOnce[key] = true;
      return true;
    });
    if (view.template) {  // a template's session: its roles stand for the signers, their fields with them
      var first = view.documents.length ? view.documents[0].id : null;
      roles = view.template.roles.map(function (r) {
        return {id: "role-" + (++roleSeq), name: r.name, order: r.order, locale: r.locale || null, delivery: r.delivery || "email"};
      });
      fields = [];
      view.template.roles.forEach(function (r, i) {
        r.fields.forEach(function (read) {
          var f = kept(read, roles[i].id);
          f.document_id = f.document_id || first;
          if (read.anchor || read.x_percent === undefined) f.raw = shape(read, ROLE_KEPT.concat(["anchor"]));  // placed when sent: kept as it is
          fields.push(f);
        });
      });
    }
    $("editor").hidden = false;
    wireSettings();
    palette();
    participants();
    wireSend();
    wireUpload();
    wireFind();
    if (!roles) wireTemplate();
    pages();
    settings();
    $("add-person").addEventListener("click", function () {
      adding = true;
      participants();
      $("p" + signers().length + "-name").focus();
    });
    $("preview-as").addEventListener("change", function (e) { preview(e.target.value); });
    $("zoom-out").addEventListener("click", function () { zoomBy(-1); });
    $("zoom-in").addEventListener("click", function () { zoomBy(1); });
    window.addEventListener("resize", function () { layout(); });
    $("status").textContent = "";
    app.dataset.loaded = "true";
    post("esign.authoring.ready");
  }

  /* Closing the tab: a change not saved yet is sent (keepalive), and the framing page is told. */
  window.addEventListener("pagehide", function () {
    if (!secret) return;
    if (dirty && (fields.length || roles) && !sent) {  // (after a save still under way: it holds the older list)
      saveCall(body(), true).catch(function () {});
    }
    post("esign.authoring.closed");
  });

  var token = window.location.pathname.split("/").pop();
  fetch("/author/api/open", {method: "POST", headers: {"Content-Type": "application/json"},
                             body: JSON.stringify({token: token})})
    .then(function (resp) {
      return resp.json().then(function (data) {
        if (!resp.ok) throw data.error || {code: "error", message: resp.statusText};
        return data;
      });
    })
    .then(function (opened) {
      secret = opened.secret;
      return call("GET", "/author/api/session");
    })
    .then(show)
    .catch(failed);
})();
