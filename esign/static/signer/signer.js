/* The signing page. Plain JavaScript, no build step. Everything it checks, the server checks again
   (esign/domain/pages/signer_values.py); the link token stays in the URL path and is never put anywhere else. */
(function () {
  "use strict";

  var base = location.pathname.replace(/\/+$/, "");
  var api = base + "/api";
  var state = null;        // the last answer of GET /api (or of an action)
  var signature = null;    // adopted {kind: "typed", text} or {kind: "drawn", image}
  var initials = null;     // optional, same shape
  var adopting = "signature";
  var finishAfterAdopt = false;
  var inputs = {};         // field id -> element
  var outcome = null;      // "signed" | "declined" once done here

  // the page's language: its messages come from the server's catalog for <html lang> (esign/i18n)
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
  /* A message t() has translated, as page text with each inserted value (a name, an email address, a date, a number; or a
     node made so) isolated in a <bdi>: an Arabic name in a German sentence, or a date beside it, keeps its
     own direction and leaves the sentence's order alone (issue 39 item 7). */
  function tb(message, values) {
    var out = document.createDocumentFragment();
    message.split(/\{(\w+)\}/).forEach(function (part, i) {
      var value = i % 2 ? values && values[part] : undefined;
      if (value === undefined) { if (part) out.appendChild(document.createTextNode(i % 2 ? "{" + part + "}" : part)); return; }
      var bdi = document.createElement("bdi");
      if (value instanceof Node) bdi.appendChild(value); else bdi.textContent = String(value);
      out.appendChild(bdi);
    });
    return out;
  }
  /* A message t() has translated, for an attribute (alt, aria-label, a label shown from data-label) where no
     <bdi> can go: each inserted value between FSI and PDI (U+2068, U+2069), which isolate it as <bdi> does
     (issue 39 item 7). */
  function ta(message, values) {
    return message.replace(/\{(\w+)\}/g, function (all, name) {
      return values[name] !== undefined ? "\u2068" + values[name] + "\u2069" : all;
    });
  }
  var numbers = window.Intl ? new Intl.NumberFormat(lang) : null;
  function num(n) { return numbers ? numbers.format(n) : String(n); }

  function $(id) { return document.getElementById(id); }
  function show(id, on) { $(id).hidden = !on; }
  function text(id, value) {  // a string, or nodes (tb)
    var el = $(id);
    el.textContent = value instanceof Node ? "" : value || "";
    if (value instanceof Node) el.appendChild(value);
  }

  function call(method, path, body) {
    var options = { method: method, headers: { "Accept": "application/json" }, credentials: "same-origin", cache: "no-store" };
    if (body instanceof FormData) {
      options.body = body;  // multipart: the browser writes the boundary
    } else if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    return fetch(api + path, options).then(function (res) {
      return res.text().then(function (raw) {
        var data = null;
        try { data = raw ? JSON.parse(raw) : null; } catch (e) { data = null; }
        if (!res.ok) {
          var e = (data && data.error) || {};
          var err = new Error(e.message || t("The server answered with status {status}.", { status: res.status }));
          err.status = res.status;
          err.code = e.code;
          err.details = e.details || [];
          err.retryAfter = Number(res.headers.get("Retry-After")) || null;
          throw err;
        }
        return data;
      });
    });
  }

  // --- messages to the embedding page (embedded links only, to the registered origin only) ---------
  function notifyParent(type, extra) {
    if (!state || !state.embed || window.parent === window) return;
    var message = { type: type, signing_request_id: state.request.id, signer_id: state.signer.id };
    for (var k in extra || {}) message[k] = extra[k];
    window.parent.postMessage(message, state.embed.origin);
  }

  // --- after signing or declining: on to the sender's redirect_url (state.redirect), if they gave one ----
  var REDIRECT_MS = 2000;  // long enough to read that it is done; the link goes at once
  function leave(event) {
    var target = state && state.redirect && state.redirect[event];
    if (!target || state.witness_handover) return;  // the device goes to the witness in person first
    $("redirect-link").href = target;
    show("redirect-note", true);
    setTimeout(function () { location.assign(target); }, REDIRECT_MS);
  }

  function fail(err) {
    var box = $("error");
    box.textContent = err.message || String(err);
    box.hidden = false;
    $("loading").hidden = true;
    notifyParent("esign.error", { message: err.message || String(err), code: err.code || null });
  }

  function clearError() { $("error").hidden = true; }

  // --- rendering -------------------------------------------------------------------------------------
  function render() {
    var r = state.request, s = state.signer, req = state.requirements;
    $("loading").hidden = true;
    text("subtitle", r.sender_name ? tb(t("From {sender} to {signer} ({email})"), { sender: r.sender_name, signer: s.name, email: s.email })
      : tb(t("To {signer} ({email})"), { signer: s.name, email: s.email }));
    if (r.message) {
      text("message-title", r.sender_name ? tb(t("Message from {sender}"), { sender: r.sender_name }) : t("Message from the sender"));
      text("message", r.message);
    }
    show("message-box", !!r.message);

    var signed = s.status === "signed";
    var envelope = (state.documents || []).length > 1;  // several documents, signed together
    var done = !!(state.progress && state.progress.done);  // signed: the stored values and marks, read only
    var phone = req.phone_verification, identity = req.identity_verification;
    var needPhone = phone.required && !phone.verified && !signed;
    var vendor = identity.flow === "redirect";  // the check happens on the vendor's page
    var idDone = identity.status === "approved" || (identity.status === "review" && !vendor);
    var needIdentity = identity.required && !idDone && !signed && !needPhone;
    var ready = state.can_sign && !needPhone && !needIdentity;
    var needConsent = ready && !state.consent.given;
    var interactive = (ready && state.consent.given && !done) || roleFills();

    show("phone-step", needPhone);
    if (needPhone) {
      text("phone-note", phone.phone_hint ? tb(t("We text a code to {phone}."), { phone: phone.phone_hint }) : t("We text a code to your phone."));
      $("otp-send").textContent = phone.code_sent ? t("Text me a new code") : t("Text me a code");
      $("otp-code").disabled = !phone.code_sent || !!phone.locked_until;
      if (phone.locked_until) text("otp-error", tb(t("Too many wrong codes. Try again after {time}."), { time: new Date(phone.locked_until).toLocaleTimeString(lang, { timeZoneName: "short" }) }));
    }
    show("identity-step", needIdentity && !vendor);
    show("identity-vendor-step", needIdentity && vendor);
    if (needIdentity) (vendor ? renderIdentityVendor : renderIdentity)(identity);
    show("consent-step", needConsent);
    if (needConsent) text("consent-text", t(state.consent.text));

    var status = "";
    if (outcome === "signed" || signed) {
      var notes = $("app").dataset;  // what the link offers after completion: [signing] completed_link_days
      status = (envelope ? t("You have signed these documents.") : t("You have signed this document."))
        + (r.status === "pending" ? " " + notes.pendingNote : r.status === "completed" ? " " + notes.completedNote : "");
    } else if (!state.can_sign && !needPhone && !needIdentity && state.reason) {
      status = r.status !== "pending" ? t("This document can no longer be signed.")
        : t("You cannot sign yet: the signers before you sign first. We email you when it is your turn.");
    } else if (identity.status === "review" && !vendor) {
      status = t("Your identity check needs a review by the sender; you can sign now.");
    }
    var box = $("status");
    box.textContent = status;
    box.className = "notice" + (signed ? " done" : "");
    box.hidden = !status;

    renderSignedBefore();
    renderPages(interactive, done);
    fitFields();
    show("delegate-step", !!state.can_delegate && !needPhone && !needIdentity);
    show("actions", interactive || done || state.can_decline || state.can_withdraw);
    $("actions").classList.toggle("settled", !interactive);  // sticky only while there is something to sign
    show("finish", interactive);
    text("finish", envelope ? t("Sign the documents") : t("Sign the document"));
    show("own-signature", interactive && !hasSignatureField());
    paintMark($("own-mark"), "signature");
    show("decline-open", state.can_decline);
    show("withdraw", state.can_withdraw);
    updateProgress();
    renderRole();
    renderHandover();
  }

  // a witness in person (witness_mode in_person): right after signing, the signer hands this device over
  function renderHandover() {
    var h = state.witness_handover;
    show("handover", !!h);
    if (h) text("handover-note", tb(t("Hand the device to {name} to witness your signature."), { name: h.name }));
  }

  var dates = window.Intl ? new Intl.DateTimeFormat(lang, { dateStyle: "medium" }) : null;
  function day(iso) { var d = new Date(iso); return dates && !isNaN(d) ? dates.format(d) : String(iso).slice(0, 10); }

  // a later signer (or one reopening their link) sees who signed before them
  function renderSignedBefore() {
    var before = state.signed_before || [];
    var names = document.createDocumentFragment();
    before.forEach(function (b, i) {
      if (i) names.appendChild(document.createTextNode(", "));
      names.appendChild(tb(t("{name} ({date})"), { name: b.name, date: day(b.signed_at) }));
    });
    text("signed-before", before.length ? tb(t("Signed before you: {names}."), { names: names }) : "");
    show("signed-before", before.length > 0);
  }

  function renderIdentity(identity) {
    var select = $("id-document_type");
    if (!select.options.length) {
      identity.document_types.forEach(function (type) {
        var o = document.createElement("option");
        o.value = type;
        o.textContent = documentTypes()[type] || type.replace(/_/g, " ");
        select.appendChild(o);
      });
      $("id-full_name").value = state.signer.name;
    }
    if (identity.status === "rejected") {
      text("identity-error", tb(t("We could not verify your identity with these details. Attempts left: {count}."), { count: num(identity.attempts_left) }));
    }
  }

  function documentTypes() {
    return { passport: t("Passport"), id_card: t("Identity card"), driving_licence: t("Driving licence"),
      residence_permit: t("Residence permit") };
  }

  // --- identity on a vendor's page (redirect-flow providers): opened in a new tab, result polled -----
  var identityPoll = null;
  function identityWaiting() {
    var status = state && state.requirements.identity_verification.status;
    return status === "pending" || status === "review";
  }

  function renderIdentityVendor(identity) {
    var waiting = identityWaiting(), left = { count: num(identity.attempts_left) };
    var notes = {
      pending: t("Finish the check on the identity page we opened in a new tab. This page updates by itself when the result arrives."),
      review: t("Your identity check is being reviewed. You can sign once it is approved; this page updates by itself."),
      rejected: t("We could not verify your identity. Attempts left: {count}.", left),
      abandoned: t("The identity check was not finished. You can start again.")
    };
    var note = notes[identity.status] || t("We check your identity document with our identity partner on their page.");
    text("vendor-note", identity.message && notes[identity.status] ? note + " (" + identity.message + ")" : note);
    $("vendor-start").textContent = identity.redirect_url ? t("Open the identity page again") : t("Verify my identity");
    show("vendor-start", identity.status !== "review" && (!!identity.redirect_url || identity.attempts_left > 0));
    show("vendor-check", waiting);
    if (waiting && !identityPoll) identityPoll = setInterval(pollIdentity, 4000);
  }

  function pollIdentity() {
    if (!identityWaiting()) { clearInterval(identityPoll); identityPoll = null; return; }
    var before = state.requirements.identity_verification.status;
    call("GET", "").then(function (data) {
      var changed = data.requirements.identity_verification.status !== before;
      state = data;
      if (changed) render();  // re-rendering only on a change keeps the document pages still
    }).catch(function () {});
  }

  function identityVendorStart() {
    var tab = window.open("", "_blank");  // opened within the click, so popup blockers let it through
    text("vendor-error", "");
    call("POST", "/identity/start").then(function (data) {
      state = data;
      render();
      var url = state.requirements.identity_verification.redirect_url;
      if (tab && url) { tab.opener = null; tab.location = url; } else if (url) { location.assign(url); } else if (tab) { tab.close(); }
    }).catch(function (err) {
      if (tab) tab.close();
      text("vendor-error", err.message);
    });
  }

  function renderPages(interactive, done) {
    var holder = $("document");
    // what the signer typed but has not sent survives a re-render (after an upload, a phone code ...)
    var draft = {};
    Object.keys(inputs).forEach(function (id) {
      var el = inputs[id];
      if (el.tagName === "SELECT" || (el.tagName === "INPUT" && el.type === "text")) draft[id] = el.value;
      else if (el.tagName === "INPUT" && el.type === "checkbox") draft[id] = el.checked;
    });
    // once the request is over, its page images are no longer served: the ones shown stay, each pinned to
    // the image it loaded (moved into the new page, its srcset would be chosen from again)
    var shown = {};
    if (state.request.status !== "pending") holder.querySelectorAll(".page img").forEach(function (img) {
      if (img.currentSrc) { img.srcset = ""; img.src = img.currentSrc; }
      shown[img.parentNode.id] = img;
    });
    holder.textContent = "";
    $("sheet-list").textContent = "";
    inputs = {};
    holder.hidden = false;
    // an envelope: every document in order, each under its heading, with a table of contents first
    var docs = state.documents || [], several = docs.length > 1, sections = {};
    renderContents(several);
    docs.forEach(function (d) {
      var section = holder;
      if (several) {
        section = document.createElement("section");
        section.className = "doc";
        section.id = "doc-" + d.order;
        section.setAttribute("aria-labelledby", "doc-title-" + d.order);
        section.tabIndex = -1;
        var heading = document.createElement("h2");
        heading.id = "doc-title-" + d.order;
        heading.className = "doc-title";
        heading.textContent = d.name;
        section.appendChild(heading);
        holder.appendChild(section);
      }
      sections[d.id] = section;
    });
    var byPage = {};  // a page of a document: "document id/page number"
    var documentOf = function (x) { return x.document_id || (docs[0] && docs[0].id); };
    state.fields.forEach(function (f) { var k = documentOf(f) + "/" + f.page_number; (byPage[k] = byPage[k] || []).push(f); });
    var counts = {};
    docs.forEach(function (d) { counts[d.id] = d.page_count; });
    var first = null, later = [], index = 0;
    state.pages.forEach(function (p) {
      var doc = documentOf(p), order = p.document_order || 1, total = counts[doc] || state.pages.length;
      var page = document.createElement("div");
      page.className = "page";
      // the first document's pages keep the ids they had before envelopes
      page.id = order === 1 ? "page-" + p.number : "doc" + order + "-page-" + p.number;
      page.style.aspectRatio = p.width + " / " + p.height;
      var img = shown[page.id] || document.createElement("img");
      // `loading` before `src`: an image whose src is set first starts loading at once, lazy or not
      img.loading = ++index > 2 ? "lazy" : "eager";
      img.width = Math.round(p.width);
      img.height = Math.round(p.height);
      img.alt = several ? ta(t("{document}, page {number} of {total}"), { document: documentName(doc), number: num(p.number), total: num(total) })
        : t("Page {number} of {total}", { number: num(p.number), total: num(total) });
      // the page as it stands (every value given so far), at the width the screen needs; the first page
      // alone at first: on a slow connection the others would share its bandwidth (they are further down)
      if (!shown[page.id]) {
        img.sizes = $("app").dataset.imageSizes;  // the main column's width (esign.domain.signer.page_images.IMAGE_SIZES)
        if (first) later.push([img, p]);
        else { first = img; img.fetchPriority = "high"; source(img, p); }
      }
      page.appendChild(img);
      (byPage[doc + "/" + p.number] || []).sort(function (a, b) { return a.y_percent - b.y_percent || a.x_percent - b.x_percent; })
        .forEach(function (f) { page.appendChild(fieldElement(f, interactive, done, done ? undefined : draft[f.id])); });
      var section = sections[doc] || holder;
      section.appendChild(page);
      var label = document.createElement("p");
      label.className = "page-label";
      label.appendChild(tb(t("Page {number} of {total}"), { number: num(p.number), total: num(total) }));
      label.setAttribute("aria-hidden", "true");  // the image's alternative text says the same
      section.appendChild(label);
    });
    if (!later.length) return;
    // the others once the first is on the screen (decoded, then past the next frame), not just loaded:
    // a first page the preload has already brought would otherwise be painted while they download
    // (not for a page list a later render has replaced; at most a second later when no frame comes)
    var rest = function () { if (first.isConnected) later.forEach(function (pair) { source(pair[0], pair[1]); }); later = []; };
    var painted = function () {
      setTimeout(rest, 1000);
      first.decode().catch(function () {}).then(function () { requestAnimationFrame(function () { setTimeout(rest, 0); }); });
    };
    if (first.complete) painted();
    else { first.addEventListener("load", painted); first.addEventListener("error", rest); }
  }

  function documentName(id) {
    var d = (state.documents || []).filter(function (x) { return x.id === id; })[0];
    return d ? d.name : "";
  }

  // the table of contents of an envelope: a link to each document and how many of the signer's fields
  // on it are done (updated as they fill them in: updateProgress)
  function renderContents(several) {
    var list = $("contents-list");
    list.textContent = "";
    show("contents", several);
    if (!several) return;
    state.documents.forEach(function (d) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = "#doc-" + d.order;
      link.textContent = d.name;
      link.addEventListener("click", function (e) {
        e.preventDefault();  // the link token stays the page's only URL (no #fragment in history)
        var target = $("doc-" + d.order);
        target.scrollIntoView({ block: "start" });
        target.focus({ preventScroll: true });
      });
      var count = document.createElement("span");
      count.className = "doc-progress muted";
      count.id = "doc-progress-" + d.order;
      item.appendChild(link);
      item.appendChild(document.createTextNode(" "));
      item.appendChild(count);
      list.appendChild(item);
    });
  }

  // "2 of 3 fields done" per document: the server's count once signed or while the fields cannot be
  // filled in, else the page's own count (`todo`: field id -> true for those that still need something)
  function documentProgress(todo) {
    (state.documents || []).forEach(function (d) {
      var box = $("doc-progress-" + d.order);
      if (!box) return;
      var p = d.progress || { total: 0, remaining: 0 };
      var remaining = todo ? state.fields.filter(function (f) { return f.document_id === d.id && todo[f.id]; }).length : p.remaining;
      box.textContent = "";
      box.appendChild(!p.total ? tb(t("Nothing to fill in"))
        : tb(t("{done} of {total} fields done"), { done: num(p.total - remaining), total: num(p.total) }));
    });
  }

  function source(img, p) {
    img.srcset = p.image_srcset;
    img.src = p.image_url;
  }

  function fieldLabel(f) {
    var names = { signature: t("Signature"), initials: t("Initials"), date: t("Date"), text: t("Text"), checkbox: t("Checkbox"),
      select: t("Choice"), attachment: t("Attachment") };
    var name = f.placeholder || names[f.field_type] || t("Field");
    if (f.field_type === "date") return name;
    return ta(f.is_required ? t("{name} (required)") : t("{name} (optional)"), { name: name });
  }

  // a field's box over its page, at its place (percent of the page)
  function fieldBox(f, className) {
    var box = document.createElement("div");
    box.className = className;
    box.id = "field-" + f.id;
    box.dataset.fieldId = f.id;
    box.style.left = f.x_percent + "%";
    box.style.top = f.y_percent + "%";
    box.style.width = f.width_percent + "%";
    box.style.height = f.height_percent + "%";
    box.style.setProperty("--x", f.x_percent + "%");  // for a focused field kept inside its page (signer.css)
    box.style.setProperty("--w", f.width_percent + "%");
    return box;
  }

  function fieldElement(f, interactive, done, draft) {
    if (done) return doneElement(f);
    var box = fieldBox(f, "field " + f.field_type);
    var el;
    if (f.field_type === "text") {
      el = document.createElement("input");
      el.type = "text";
      el.value = draft !== undefined ? draft : f.value || "";
      el.placeholder = f.placeholder || "";
      el.dir = "auto";
      el.maxLength = 1000;
      if (f.validation_type === "email") el.inputMode = "email";
      if (f.validation_type === "number") el.inputMode = "decimal";
      if (f.validation_type === "phone") el.inputMode = "tel";
    } else if (f.field_type === "checkbox") {
      el = document.createElement("input");
      el.type = "checkbox";
      el.checked = draft !== undefined ? draft : f.value === "true";
    } else if (f.field_type === "select") {
      el = document.createElement("select");
      var empty = document.createElement("option");
      empty.value = "";
      empty.textContent = f.placeholder || t("Choose\u2026");
      el.appendChild(empty);
      (f.options || []).forEach(function (opt) {
        var o = document.createElement("option");
        o.value = opt;
        o.textContent = opt;
        el.appendChild(o);
      });
      el.value = draft !== undefined ? draft : f.value || "";
    } else if (f.field_type === "date") {
      el = document.createElement("div");
      el.className = "date";
      el.textContent = f.value;
      el.setAttribute("role", "note");
    } else if (f.field_type === "attachment") {
      el = attachmentButton(f, box);
    } else {
      // a button is named by what it shows ("Sign here", the adopted name), then the field's label
      // for screen readers (no aria-label that differs from the visible text, no aria-required)
      el = document.createElement("button");
      el.type = "button";
      el.className = "mark";
      el.dataset.label = fieldLabel(f);
      paintMark(el, f.field_type);
      el.addEventListener("click", function () { openAdopt(f.field_type); });
    }
    if (el.tagName !== "BUTTON") el.setAttribute("aria-label", fieldLabel(f));
    el.id = "input-" + f.id;
    box.dataset.label = fieldLabel(f);
    if (f.is_required && el.tagName !== "DIV" && el.tagName !== "BUTTON") el.setAttribute("aria-required", "true");
    if (f.x_percent > 50) box.classList.add("tip-end");
    if (!interactive && el.tagName !== "DIV") el.disabled = true;
    if (!interactive && box.querySelector("input[type=file]")) box.querySelector("input[type=file]").disabled = true;
    el.addEventListener("input", function () { markInvalid(f.id, null); text("finish-error", ""); mirror(box); updateProgress(); });
    el.addEventListener("change", function () { markInvalid(f.id, null); mirror(box); updateProgress(); });
    box.addEventListener("click", function () { if (box.classList.contains("in-sheet")) openSheet(el); });
    inputs[f.id] = el;
    box.appendChild(el);
    return box;
  }

  // --- attachments: a PDF, PNG or JPEG, uploaded at once; the answer is the whole view ----------------
  var ACCEPT = "application/pdf,image/png,image/jpeg";

  function sizeText(bytes) {
    return bytes >= 1048576 ? t("{size} MB", { size: num(Math.round(bytes / 104857.6) / 10) })
      : t("{size} KB", { size: num(Math.max(1, Math.round(bytes / 1024))) });
  }

  function attachmentButton(f, box) {
    var file = document.createElement("input");
    file.type = "file";
    file.accept = ACCEPT;
    file.hidden = true;
    file.tabIndex = -1;
    file.id = "file-" + f.id;
    var el = document.createElement("button");
    el.type = "button";
    el.className = "mark attach" + (f.attachment ? " adopted" : "");
    el.dataset.label = fieldLabel(f);
    el.appendChild(f.attachment ? tb(t("{name} ({size}) – replace"), { name: f.attachment.name, size: sizeText(f.attachment.size) })
      : tb(t("Attach a file")));
    var more = document.createElement("span");
    more.className = "visually-hidden";
    more.textContent = " – " + el.dataset.label + ", " + t("PDF, PNG or JPEG");
    el.appendChild(more);
    el.addEventListener("click", function () { file.click(); });
    file.addEventListener("change", function () { if (file.files.length) upload(f, file.files[0], el); });
    box.appendChild(file);
    return el;
  }

  function upload(f, file, button) {
    var form = new FormData();
    form.append("file", file, file.name);
    button.disabled = true;
    markInvalid(f.id, null);
    text("finish-error", "");
    text("progress", tb(t("Uploading {name}…"), { name: file.name }));
    call("POST", "/attachments/" + encodeURIComponent(f.id), form).then(function (data) {
      state = data;
      render();
      var again = inputs[f.id];
      if (again) again.focus();
      var rest = $("progress").textContent;
      text("progress", tb(t("{name} is attached."), { name: file.name }));
      $("progress").appendChild(document.createTextNode(" " + rest));
    }).catch(function (err) {
      button.disabled = false;
      var message = err.status === 413 ? t("This file is too large.")
        : err.status === 422 ? t("This file cannot be attached: choose a PDF, PNG or JPEG.") : err.message;
      markInvalid(f.id, message);
      text("finish-error", message);
      updateProgress();
    });
  }

  // --- a signed signer's fields: what they gave, read only ---------------------------------------------
  function doneElement(f) {
    var box = fieldBox(f, "field done " + f.field_type);
    var names = { signature: t("Signature"), initials: t("Initials"), date: t("Date"), text: t("Text"), checkbox: t("Checkbox"),
      select: t("Choice"), attachment: t("Attachment") };
    var name = f.placeholder || names[f.field_type] || t("Field");
    var el;
    if (f.field_type === "checkbox") {
      el = document.createElement("input");
      el.type = "checkbox";
      el.checked = f.value === "true";
      el.disabled = true;
      el.setAttribute("aria-label", name);
    } else if (f.field_type === "text" || f.field_type === "select" || f.field_type === "date") {
      el = document.createElement("input");
      el.type = "text";
      el.readOnly = true;
      el.dir = "auto";
      el.value = f.value || "";
      el.setAttribute("aria-label", name);
    } else {
      el = document.createElement("div");
      el.className = "mark";
      var shown = document.createElement("span");
      if (f.field_type === "attachment") {
        if (f.attachment) shown.appendChild(tb(t("{name} ({size})"), { name: f.attachment.name, size: sizeText(f.attachment.size) }));
      } else if (f.mark && f.mark.kind === "typed") {
        shown.className = "hand";
        shown.textContent = f.mark.text;
      } else if (f.mark) {  // a drawing: drawn on the page image underneath
        el.classList.add("drawn");
        shown.className = "visually-hidden";
        shown.textContent = f.field_type === "initials" ? t("Your drawn initials") : t("Your drawn signature");
      }
      el.appendChild(shown);
      var more = document.createElement("span");
      more.className = "visually-hidden";
      more.textContent = " – " + name;
      el.appendChild(more);
    }
    inputs[f.id] = el;
    box.appendChild(el);
    return box;
  }

  function initialsOf(name) {
    return name.split(/\s+/).filter(Boolean).map(function (w) { return w[0].toUpperCase(); }).join("").slice(0, 4);
  }

  // initials fields show the initials the signer adopted, never the signature standing in for them
  function markFor(kind) { return kind === "initials" ? initials : signature; }

  function paintMark(button, kind) {
    var mark = markFor(kind);
    button.textContent = "";
    button.classList.toggle("adopted", !!mark);
    button.classList.remove("short");
    if (!mark) {  // in a span of its own: shortened where the box is too small for it (fitFields)
      var label = document.createElement("span");
      label.className = "label";
      label.textContent = kind === "initials" ? t("Initial here") : button.id === "own-mark" ? t("Adopt your signature") : t("Sign here");
      button.appendChild(label);
    } else if (mark.kind === "drawn") {
      var img = document.createElement("img");
      img.src = mark.image;
      img.alt = kind === "initials" ? t("Your drawn initials") : t("Your drawn signature");
      button.appendChild(img);
    } else {
      var span = document.createElement("span");
      span.className = "hand";
      span.textContent = mark.text;
      button.appendChild(span);
    }
    if (button.dataset.label) {  // what the field is, after what it shows: read by screen readers only
      var more = document.createElement("span");
      more.className = "visually-hidden";
      more.textContent = " \u2013 " + button.dataset.label;
      button.appendChild(more);
    }
  }

  function needsInitials() {
    return !initials && state.fields.some(function (f) { return f.field_type === "initials" && f.is_required; });
  }

  function hasSignatureField() {
    return state.fields.some(function (f) { return f.field_type === "signature"; });
  }

  function repaintMarks() {
    state.fields.forEach(function (f) {
      if ((f.field_type === "signature" || f.field_type === "initials") && inputs[f.id]) paintMark(inputs[f.id], f.field_type);
    });
    paintMark($("own-mark"), "signature");
    fitFields();
    updateProgress();
  }

  // --- fields at their placed size (signer.css) ------------------------------------------------------
  var TARGET = 24;  // CSS px: WCAG 2.2 SC 2.5.8's smallest target

  // the area a field's control takes: its box, grown to TARGET x TARGET about its centre where smaller
  function targetRect(box) {
    var r = box.getBoundingClientRect(), w = Math.max(r.width, TARGET), h = Math.max(r.height, TARGET);
    var x = r.left + r.width / 2, y = r.top + r.height / 2;
    return { left: x - w / 2, right: x + w / 2, top: y - h / 2, bottom: y + h / 2 };
  }

  function overlap(a, b) { return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom; }

  // A field too small to tap whose neighbours leave it no room (.tight) is filled in on the input sheet
  // (#sheet): its control moves there, under its label, and the box on the page shows its value and opens
  // the sheet when tapped; "Fill in the small fields" opens it from the keyboard.
  function toSheet(box, tight) {
    var el = inputs[box.dataset.fieldId];
    // a signed value too small to tap is shown, not focusable: no target among its neighbours
    if (el && box.classList.contains("done") && el.readOnly) el.disabled = tight;
    // a signature, initials or attachment button goes too: on the sheet it opens its dialog or file chooser
    var on = tight && !!el && !el.disabled && /^(SELECT|INPUT|BUTTON)$/.test(el.tagName) && !box.classList.contains("done");
    if (!el) return;
    if (on === box.classList.contains("in-sheet")) { mirror(box); return; }  // a mark adopted since: shown
    box.classList.toggle("in-sheet", on);
    if (on) {
      var row = document.createElement("div");
      row.className = "sheet-row";
      row.id = "sheet-" + box.dataset.fieldId;
      var label = document.createElement("label");
      label.htmlFor = el.id;
      label.textContent = box.dataset.label;
      row.appendChild(label);
      row.appendChild(el);
      $("sheet-list").appendChild(row);
    } else {
      box.insertBefore(el, box.firstChild);
      $("sheet-" + box.dataset.fieldId).remove();
    }
    mirror(box);
  }

  // what a field on the sheet holds, shown in its box on the page (signer.css: .in-sheet::before)
  function mirror(box) {
    var el = inputs[box.dataset.fieldId];
    if (!el || !box.classList.contains("in-sheet")) { delete box.dataset.value; return; }
    box.dataset.value = el.type === "checkbox" || el.tagName === "BUTTON" ? (el.checked || el.classList.contains("adopted") ? "\u2713" : "")
      : el.tagName === "SELECT" ? (el.value ? el.selectedOptions[0].text : "") : el.value;
  }

  function openSheet(el) {
    if (!$("sheet").open) $("sheet").showModal();
    if (el) el.focus();
  }

  // A small field's control grows invisibly only where that reaches no other field (else .tight: the
  // control goes to the input sheet); a mark's label too long for its box is shortened to a pen (.short;
  // the whole label stays for screen readers). Again on each change of the page's width.
  function fitFields() {
    if ($("document").hidden) return;  // declined or passed on: nothing to measure
    document.querySelectorAll("#document .page").forEach(function (page) {
      var boxes = Array.prototype.slice.call(page.querySelectorAll(".field"));
      var areas = boxes.map(function (box) { box.classList.remove("tight"); return targetRect(box); });
      boxes.forEach(function (box, i) {
        var r = box.getBoundingClientRect();
        if (r.width >= TARGET && r.height >= TARGET) return;
        var near = boxes.some(function (other, j) { return j !== i && overlap(areas[i], other.getBoundingClientRect()); });
        box.classList.toggle("tight", near);
      });
      boxes.forEach(function (box) { toSheet(box, box.classList.contains("tight")); });
    });
    show("sheet-note", $("sheet-list").children.length > 0);
    document.querySelectorAll("#document .field button.mark").forEach(function (button) {
      button.classList.remove("short");
      var label = button.querySelector(".label");
      if (label && label.offsetWidth > button.clientWidth - 4) button.classList.add("short");
    });
  }

  // --- checking and collecting values (the server checks all of this again) --------------------------
  // Patterns are checked in a Web Worker (pattern-worker.js), one value at a time. A check that takes
  // longer than PATTERN_MS (catastrophic backtracking) ends the worker, and that field's pattern is left
  // to the server from then on, whose answer is authoritative anyway: no value can freeze the page.
  // Until its check has answered, a value counts as fine; the answer updates the progress line, and
  // "Sign the document" waits for the checks under way.
  var PATTERN_MS = 250;
  var verdicts = {};       // field id -> {value, ok} of its last finished check
  var slowPatterns = {};   // field id -> true once a check of its pattern took too long
  var checker = null, queue = [], checking = null, checkTimer = null, afterChecks = null;

  function patternOk(f, value) {
    if (!f.client_pattern || slowPatterns[f.id]) return true;
    var verdict = verdicts[f.id];
    if (verdict && verdict.value === value) return verdict.ok;
    if (!(checking && checking.id === f.id && checking.value === value)) {
      queue = queue.filter(function (q) { return q.id !== f.id; });
      queue.push({ id: f.id, pattern: f.client_pattern, value: value });
      nextCheck();
    }
    return true;
  }

  function checksPending() { return !!checking || queue.length > 0; }

  function nextCheck() {
    if (checking) return;
    if (!queue.length) {
      var then = afterChecks;
      afterChecks = null;
      if (then) then();
      return;
    }
    checking = queue.shift();
    if (!checker) {
      try {
        checker = new Worker("/static/signer/pattern-worker.js");
      } catch (e) {  // no workers here: the server checks the patterns
        slowPatterns[checking.id] = true;
        checking = null;
        queue.forEach(function (q) { slowPatterns[q.id] = true; });
        queue = [];
        return nextCheck();
      }
      checker.onmessage = checkDone;
    }
    checker.postMessage(checking);
    checkTimer = setTimeout(checkTooSlow, PATTERN_MS);
  }

  function checkDone(e) {
    clearTimeout(checkTimer);
    verdicts[e.data.id] = { value: e.data.value, ok: e.data.ok };
    checking = null;
    updateProgress();
    nextCheck();
  }

  function checkTooSlow() {
    checker.terminate();
    checker = null;
    slowPatterns[checking.id] = true;
    checking = null;
    updateProgress();
    nextCheck();
  }

  function collect() {
    var values = {}, problems = [];
    state.fields.forEach(function (f) {
      var el = inputs[f.id];
      if (f.field_type === "text" || f.field_type === "select") {
        var v = el.value.trim();
        if (f.field_type === "text" && DIGIT_KINDS.indexOf(f.validation_type) >= 0) v = asciiDigits(v);
        if (f.validation_type === "phone") v = v.replace(/\uFF0B/g, "+");  // a full-width plus (esign/i18n/digits.py ascii_phone)
        // an emptied field is sent empty: else the server would fill in the value it started with
        if (!v) {
          if (f.is_required) problems.push([f.id, f.field_type === "select" ? t("Choose an option.") : t("Fill in this field.")]);
          else values[f.id] = "";
          return;
        }
        if (f.field_type === "text" && !patternOk(f, v)) { problems.push([f.id, patternMessage(f)]); return; }
        values[f.id] = v;
      } else if (f.field_type === "checkbox") {
        if (f.is_required && !el.checked) { problems.push([f.id, t("Tick this box.")]); return; }
        values[f.id] = el.checked ? "true" : "false";
      } else if (f.field_type === "signature" && !signature) {
        problems.push([f.id, t("Adopt your signature.")]);
      } else if (f.field_type === "initials" && f.is_required && !initials) {
        problems.push([f.id, t("Adopt your initials.")]);
      } else if (f.field_type === "attachment" && f.is_required && !f.attachment) {
        problems.push([f.id, t("Attach a file.")]);
      }
    });
    return { values: values, problems: problems };
  }

  // Digits of any script (Arabic-Indic, Eastern Arabic-Indic, full-width, Devanagari ...) read as the ASCII
  // digits they are where a number, phone or date is typed, as the server does (esign/i18n/digits.py)
  var DIGIT_KINDS = ["number", "phone", "date"];
  function asciiDigits(value) {
    return value.replace(/\p{Nd}/gu, function (d) {
      var folded = d.normalize("NFKC");  // full-width and mathematical digits
      if (/^[0-9]$/.test(folded)) return folded;
      var code = d.codePointAt(0), zero = code;  // a script's digits are ten in a row, 0 first
      while (zero > code - 9 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
      return String(code - zero);
    });
  }

  // one voice: "Enter an email address." (the server's messages are English API text)
  function patternMessage(f) {
    var byType = { email: t("Enter an email address."), number: t("Enter a number."), phone: t("Enter a phone number."),
      date: t("Enter a date as YYYY-MM-DD."), regex: t("Enter the value in the expected format.") };
    return byType[f.validation_type] || t("Enter the value in the expected format.");
  }

  function serverMessage(fieldId, message) {
    var f = state.fields.filter(function (x) { return x.id === fieldId; })[0];
    var known = { "this field is required": t("Fill in this field."), "this box must be ticked": t("Tick this box."),
      "choose one of the options": t("Choose an option.") };
    if (known[message]) return known[message];
    if (f && f.field_type === "text" && (message === f.pattern_message || message === "the value does not have the expected format")) {
      return patternMessage(f);
    }
    return message.charAt(0).toUpperCase() + message.slice(1) + (/[.!?]$/.test(message) ? "" : ".");
  }

  function updateProgress() {
    // the server's count (progress: total, remaining, done); while the signer fills the fields in, the
    // page's own count of what still needs them (an adopted signature does not count as initials)
    var p = state && state.progress;
    var problems = !p || p.done || $("finish").hidden ? null : collect().problems;
    var needing = null;
    if (problems) { needing = {}; problems.forEach(function (x) { needing[x[0]] = true; }); }
    documentProgress(needing);
    if (!p || !p.total) { text("progress", ""); return; }
    if (p.done) {
      text("progress", tb(t("All done: {count} of {total} fields complete."), { count: num(p.total - p.remaining), total: num(p.total) }));
      return;
    }
    var todo = problems ? problems.length : p.remaining;
    text("progress", todo ? tb(t("Fields still to complete: {count} of {total}."), { count: num(todo), total: num(p.total) })
      : t("All fields are complete."));
  }

  function markInvalid(fieldId, message) {
    var box = $("field-" + fieldId);
    if (!box) return;
    var tip = box.querySelector(".field-tip");
    if (tip) tip.remove();
    box.classList.toggle("invalid", !!message);
    var el = inputs[fieldId];
    if (message) {
      tip = document.createElement("span");
      tip.className = "field-tip";
      tip.id = "tip-" + fieldId;
      tip.textContent = message;
      box.appendChild(tip);
      if (el) { el.setAttribute("aria-invalid", "true"); el.setAttribute("aria-describedby", tip.id); }
    } else if (el) {
      el.removeAttribute("aria-invalid");
      el.removeAttribute("aria-describedby");
    }
  }

  function showProblems(problems) {
    problems.forEach(function (p) { markInvalid(p[0], p[1]); });
    text("finish-error", problems.length === 1 ? problems[0][1] : tb(t("Fields that need your attention: {count}."), { count: num(problems.length) }));
    var first = inputs[problems[0][0]];
    if (first && $("sheet").contains(first)) openSheet(first);
    else if (first) { first.scrollIntoView({ block: "center" }); first.focus(); }
  }

  function finish() {
    text("finish-error", "");
    state.fields.forEach(function (f) { markInvalid(f.id, null); });
    var c = collect();
    if (checksPending()) { afterChecks = finish; return; }  // at most PATTERN_MS per value
    // every signer adopts a signature, with or without a signature field (the server refuses otherwise)
    if (!signature) { finishAfterAdopt = true; openAdopt("signature"); return; }
    if (needsInitials()) { finishAfterAdopt = true; openAdopt("initials"); return; }
    if (c.problems.length) { showProblems(c.problems); return; }
    $("finish").disabled = true;
    var body = { values: c.values, consent: true };
    if (signature) body.signature = signature;
    if (initials) body.initials = initials;
    call("POST", "/sign", body).then(function (data) {
      outcome = "signed";
      state = data;
      render();
      $("status").focus();
      notifyParent("esign.signed");
      leave("signed");
    }).catch(function (err) {
      if (err.status === 422 && err.details.length) {
        var mapped = err.details.filter(function (d) { return d.field.indexOf("values.") === 0; })
          .map(function (d) { return [d.field.slice(7), serverMessage(d.field.slice(7), d.message)]; });
        if (mapped.length) showProblems(mapped);
        else text("finish-error", err.message);
      } else {
        text("finish-error", err.message);
        notifyParent("esign.error", { message: err.message, code: err.code || null });
        // the request moved on meanwhile (signed in another tab, withdrawn, cancelled): show where it stands
        if (err.status === 409) refresh(function () { text("finish-error", err.message); });
      }
    }).then(function () { $("finish").disabled = false; });
  }

  // a focused field (by Tab, or a tap) is scrolled clear of the sticky action bar at the foot of the screen
  function clearOfBar(e) {
    var bar = $("actions");
    if (bar.hidden || !$("document").contains(e.target) || getComputedStyle(bar).position !== "sticky") return;
    var field = e.target.getBoundingClientRect(), top = bar.getBoundingClientRect().top;
    if (field.bottom > top - 8) window.scrollBy(0, field.bottom - top + 8);
  }

  function refresh(after) {
    call("GET", "").then(function (data) { state = data; render(); after(); }).catch(function () {});
  }

  // --- adopting a signature ------------------------------------------------------------------------
  var pad, ctx, drawing = false, drawn = false;

  function selectTab(which) {
    $("tab-type").setAttribute("aria-selected", String(which === "type"));
    $("tab-draw").setAttribute("aria-selected", String(which === "draw"));
    show("pane-type", which === "type");
    show("pane-draw", which === "draw");
    (which === "type" ? $("typed-name") : $("pad-clear")).focus();
  }

  function openAdopt(kind) {
    adopting = kind;
    text("adopt-title", kind === "initials" ? t("Adopt your initials") : t("Adopt your signature"));
    text("typed-label", kind === "initials" ? t("Your initials") : t("Your name"));
    text("pad-hint", kind === "initials" ? t("Draw your initials with your mouse, finger or pen.") : t("Draw with your mouse, finger or pen."));
    text("adopt-error", "");
    text("adopt-ok", finishAfterAdopt ? t("Adopt and sign") : t("Adopt"));
    var current = kind === "initials" ? initials : signature;
    var name = state.signer.name;
    $("typed-name").value = current && current.kind === "typed" ? current.text : (kind === "initials" ? initialsOf(name) : name);
    $("typed-name").maxLength = kind === "initials" ? 10 : 255;
    text("typed-preview", $("typed-name").value);
    clearPad();
    $("adopt").returnValue = "";
    $("adopt").showModal();
    selectTab(current && current.kind === "drawn" ? "draw" : "type");
  }

  function clearPad() {
    ctx.clearRect(0, 0, pad.width, pad.height);
    drawn = false;
  }

  function padPoint(e) {
    var rect = pad.getBoundingClientRect();
    return [(e.clientX - rect.left) * pad.width / rect.width, (e.clientY - rect.top) * pad.height / rect.height];
  }

  function setupPad() {
    pad = $("pad");
    ctx = pad.getContext("2d");
    ctx.lineWidth = 3.2;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#0b2c6b";
    pad.addEventListener("pointerdown", function (e) {
      e.preventDefault();
      pad.setPointerCapture(e.pointerId);
      drawing = true;
      var p = padPoint(e);
      ctx.beginPath();
      ctx.moveTo(p[0], p[1]);
      ctx.lineTo(p[0] + 0.1, p[1] + 0.1);
      ctx.stroke();
      drawn = true;
    });
    pad.addEventListener("pointermove", function (e) {
      if (!drawing) return;
      var p = padPoint(e);
      ctx.lineTo(p[0], p[1]);
      ctx.stroke();
    });
    ["pointerup", "pointercancel", "pointerleave"].forEach(function (t) {
      pad.addEventListener(t, function () { drawing = false; });
    });
    $("pad-clear").addEventListener("click", clearPad);
  }

  function adoptSubmit(e) {
    var choice = e.submitter ? e.submitter.value : "ok";
    if (choice !== "ok") { finishAfterAdopt = false; return; }
    e.preventDefault();
    var mark;
    if (!$("pane-draw").hidden) {
      if (!drawn) { text("adopt-error", adopting === "initials" ? t("Draw your initials, or type them instead.") : t("Draw your signature, or type it instead.")); return; }
      mark = { kind: "drawn", image: pad.toDataURL("image/png") };
    } else {
      var typed = $("typed-name").value.trim().replace(/\s+/g, " ");
      if (!typed) { text("adopt-error", adopting === "initials" ? t("Type your initials.") : t("Type your name.")); $("typed-name").focus(); return; }
      mark = { kind: "typed", text: typed };
    }
    if (adopting === "initials") initials = mark; else signature = mark;
    $("adopt").close("ok");
    repaintMarks();
    if (finishAfterAdopt) { finishAfterAdopt = false; finish(); }
  }

  // --- the other steps -----------------------------------------------------------------------------
  // One call at a time per button: a double click, or Enter pressed twice, on a slow network must not
  // spend two tries of a phone code or two identity checks.
  function act(button, method, path, body, errorBox, after, explain) {
    if (button.disabled) return;
    button.disabled = true;
    text(errorBox, "");
    call(method, path, body).then(function (data) {
      state = data;
      render();
      if (after) after();
    }).catch(function (err) { text(errorBox, explain ? explain(err) : err.message); }).then(function () { button.disabled = false; });
  }

  // a code refused by the resend gap or a cap on codes (429 with Retry-After), in the page's language
  function tooManyCodes(err) {
    if (err.status !== 429 || !err.retryAfter) return err.message;
    var at = new Date(Date.now() + err.retryAfter * 1000);
    return tb(t("No more codes can be sent now. Try again after {time}."), { time: at.toLocaleTimeString(lang, { timeZoneName: "short" }) });
  }

  function submitButton(formId) { return $(formId).querySelector("button[type=submit]"); }

  // the bidirectional controls and marks (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C): invisible
  // formatting some keyboards type, which the server refuses in names and reasons (esign.schema.BIDI)
  function withoutBidi(value) { return value.replace(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g, ""); }

  function declineSubmit(e) {
    var choice = e.submitter ? e.submitter.value : "ok";
    if (choice !== "ok") return;
    e.preventDefault();
    var reason = withoutBidi($("decline-reason").value).trim();
    if (!reason) { text("decline-error", t("Say why you decline.")); $("decline-reason").focus(); return; }
    $("decline-ok").disabled = true;
    call("POST", "/decline", { reason: reason }).then(function () {
      outcome = "declined";
      $("decline").close("ok");
      ["phone-step", "identity-step", "identity-vendor-step", "consent-step", "document", "sheet-note", "actions", "message-box"].forEach(function (id) { show(id, false); });
      var box = $("status");
      box.textContent = t("You declined to sign. The signing request is cancelled; the sender can see your reason.");
      box.className = "notice done";
      box.hidden = false;
      box.focus();
      notifyParent("esign.declined", { reason: reason });
      leave("declined");
    }).catch(function (err) {
      text("decline-error", err.message);
    }).then(function () { $("decline-ok").disabled = false; });
  }

  // --- passing one's place to someone else (requests that allow delegation) ----------------------------
  function delegateSubmit(e) {
    e.preventDefault();
    var body = { name: withoutBidi($("delegate-name").value).trim(), email: $("delegate-email").value.trim(),
      reason: withoutBidi($("delegate-reason").value).trim() };
    var missing = !body.name ? ["delegate-name", t("Enter their name.")]
      : !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.email) ? ["delegate-email", t("Enter an email address.")]
      : !body.reason ? ["delegate-reason", t("Say why you pass it on.")] : null;
    ["delegate-name", "delegate-email", "delegate-reason"].forEach(function (id) { $(id).removeAttribute("aria-invalid"); });
    if (missing) {
      text("delegate-error", missing[1]);
      $(missing[0]).setAttribute("aria-invalid", "true");
      $(missing[0]).focus();
      return;
    }
    var button = $("delegate-ok");
    if (button.disabled) return;
    button.disabled = true;
    text("delegate-error", "");
    call("POST", "/delegate", body).then(function (data) {
      outcome = "delegated";
      ["phone-step", "identity-step", "identity-vendor-step", "consent-step", "document", "sheet-note", "actions", "delegate-step",
        "signed-before"].forEach(function (id) { show(id, false); });
      $("delegate-form").querySelectorAll("input, textarea, button").forEach(function (el) { el.disabled = true; });
      var box = $("status");
      box.textContent = "";
      box.appendChild(tb(t("You handed this document to {name} ({email}). They get their own invitation; this link no longer works."),
        { name: data.delegate.name, email: data.delegate.email }));
      box.className = "notice done";
      box.hidden = false;
      box.focus();
    }).catch(function (err) {
      button.disabled = false;
      var email = err.status === 422 && err.details.filter(function (d) { return d.field === "email"; })[0];
      text("delegate-error", !email ? err.message
        : /already part of/.test(email.message) ? t("This person is already part of this request: choose someone else.")
        : /delegated/.test(email.message) ? t("This place has been passed on too many times; it cannot be passed on again.")
        : t("Enter an email address."));
    });
  }

  function identitySubmit(e) {
    e.preventDefault();
    var form = $("identity-form"), body = {};
    ["full_name", "date_of_birth", "document_type", "document_number", "document_expiry", "issued_country", "address"].forEach(function (k) {
      var v = form.elements[k].value.trim();
      body[k] = v || (k === "address" ? null : "");
    });
    if (body.issued_country) body.issued_country = body.issued_country.toUpperCase();
    act(submitButton("identity-form"), "POST", "/identity", body, "identity-error");
  }

  // --- participants who do not sign (docs/roles.md): an approver approves or rejects, a viewer confirms
  // having reviewed the document. Their own block (#role-actions) and dialog (#reject) replace the signer's steps.
  // An approver fills its own text, checkbox and select fields on the page and sends them with "Approve";
  // an approver who signs (approver_signs) takes the signer's steps and may reject instead.
  function roleOpen() {
    var s = state.signer;
    return state.request.status === "pending" && (s.status === "sent" || s.status === "viewed");
  }

  function roleFills() {
    var s = state.signer;
    return (s.type === "assistant" || (s.type === "approver" && !s.approver_signs)) && roleOpen() && state.fields.length > 0;
  }

  // a signer's fields an assistant prefilled say so (their name), and a locked one cannot be changed
  function renderPrefilled() {
    var by = {};
    state.fields.forEach(function (f) {
      var el = inputs[f.id];
      if (!el || state.signer.type === "assistant") return;
      if (f.prefilled_by) { by[f.prefilled_by] = true; el.title = t("Prefilled by {name}").replace("{name}", f.prefilled_by); }
      if (f.locked && !f.done) { if (el.tagName === "INPUT" && el.type === "text") el.readOnly = true; else el.disabled = true; }
    });
    var names = Object.keys(by);
    text("prefilled-note", names.length ? tb(t("{names} prefilled some of your fields. Check them: you can change them, except those locked."),
      { names: names.join(", ") }) : "");
    show("prefilled-note", names.length > 0 && roleOpen());
  }

  function renderRole() {
    renderPrefilled();
    var s = state.signer, kind = s.type || "signer", open = roleOpen();
    var signing = kind === "approver" && s.approver_signs;
    // a cc only reads (its link: notify_on sent)
    var acting = (kind === "approver" && !signing) || kind === "viewer" || kind === "assistant" || kind === "cc";
    show("role-actions", acting || (signing && open));
    if (signing) {
      text("role-note", t("You approve this document by signing it, or you reject it with a reason."));
      $("role-note").className = "notice";
      ["approve", "acknowledge", "prepare"].forEach(function (id) { show(id, false); });
      show("reject-open", open);
      return;
    }
    if (!acting) return;
    ["phone-step", "identity-step", "identity-vendor-step", "consent-step", "delegate-step", "actions"].forEach(function (id) { show(id, false); });
    if (!roleFills()) show("sheet-note", false);
    var note = kind === "cc" ? t("This document is sent to you for your information: there is nothing for you to do.")
      : s.status === "approved" ? t("You approved this document.")
      : s.status === "acknowledged" ? t("You confirmed that you have reviewed this document.")
      : s.status === "prepared" ? t("You have filled in the fields. The people who sign it see what you entered.")
      : !open ? t("This document can no longer be signed.")
      : kind === "approver" ? t("You are asked to approve this document before it goes on: approve it, or reject it with a reason.")
      : kind === "assistant" ? t("Fill in what you know of the fields of the people who sign this document, then choose Done.")
      : t("You are asked to review this document, then confirm that you have.");
    text("role-note", note);
    $("role-note").className = "notice" + (open ? "" : " done");
    show("approve", kind === "approver" && open);
    show("reject-open", kind === "approver" && open);
    show("acknowledge", kind === "viewer" && open);
    show("prepare", kind === "assistant" && open);
    show("status", false);
  }

  function roleDone() { var box = $("role-note"); box.tabIndex = -1; box.focus(); }

  // the approver's own fields' problems, found on the page or by the server, shown at each field
  function roleProblems(problems) {
    problems.forEach(function (p) { markInvalid(p[0], p[1]); });
    var first = inputs[problems[0][0]];
    if (first && $("sheet").contains(first)) openSheet(first);
    else if (first) { first.scrollIntoView({ block: "center" }); first.focus(); }
    return problems.length === 1 ? problems[0][1] : tb(t("Fields that need your attention: {count}."), { count: num(problems.length) });
  }

  // a refusal of the values (422), shown at each field; else what the server said
  function roleRefusal(err) {
    var mapped = err.status === 422 ? (err.details || []).filter(function (d) { return d.field.indexOf("values.") === 0; })
      .map(function (d) { return [d.field.slice(7), serverMessage(d.field.slice(7), d.message)]; }) : [];
    return mapped.length ? roleProblems(mapped) : err.message;
  }

  function approve() {
    state.fields.forEach(function (f) { markInvalid(f.id, null); });
    var c = collect();
    if (checksPending()) { afterChecks = approve; return; }  // the values' patterns, as when signing
    if (c.problems.length) { text("role-error", roleProblems(c.problems)); return; }
    act($("approve"), "POST", "/approve", { values: c.values }, "role-error", roleDone, roleRefusal);
  }

  // the assistant sends what it filled in (a field left empty, or a box left unticked, is left to the signer)
  function prepare() {
    state.fields.forEach(function (f) { markInvalid(f.id, null); });
    var c = collect();
    if (checksPending()) { afterChecks = prepare; return; }
    var values = {};
    Object.keys(c.values).forEach(function (id) { if (c.values[id] !== "" && c.values[id] !== "false") values[id] = c.values[id]; });
    var problems = c.problems.filter(function (p) { var el = inputs[p[0]]; return el.type !== "checkbox" && el.value.trim(); });
    if (problems.length) { text("role-error", roleProblems(problems)); return; }
    act($("prepare"), "POST", "/prepare", { values: values }, "role-error", roleDone, roleRefusal);
  }

  function rejectSubmit(e) {
    var choice = e.submitter ? e.submitter.value : "ok";
    if (choice !== "ok") return;
    e.preventDefault();
    var reason = withoutBidi($("reject-reason").value).trim();
    if (!reason) { text("reject-error", t("Say why you reject it.")); $("reject-reason").focus(); return; }
    $("reject-ok").disabled = true;
    call("POST", "/reject", { reason: reason }).then(function () {
      $("reject").close("ok");
      ["document", "message-box", "approve", "reject-open", "sheet-note", "consent-step", "actions"].forEach(function (id) { show(id, false); });
      text("role-note", t("You rejected this document. The signing request is cancelled; the sender can see your reason."));
      $("role-note").className = "notice done";
      roleDone();
    }).catch(function (err) {
      text("reject-error", err.message);
    }).then(function () { $("reject-ok").disabled = false; });
  }

  function startRole() {
    $("approve").addEventListener("click", approve);
    $("prepare").addEventListener("click", prepare);
    $("acknowledge").addEventListener("click", function () { act($("acknowledge"), "POST", "/acknowledge", undefined, "role-error", roleDone); });
    $("reject-open").addEventListener("click", function () { text("reject-error", ""); $("reject").showModal(); $("reject-reason").focus(); });
    $("reject-form").addEventListener("submit", rejectSubmit);
    $("handover-open").addEventListener("click", function () { location.assign(state.witness_handover.url); });
  }

  function start() {
    setupPad();
    startRole();
    $("status").tabIndex = -1;
    document.addEventListener("focusin", clearOfBar);
    $("sheet-open").addEventListener("click", function () { openSheet($("sheet-list").querySelector("input, select")); });
    var width = window.innerWidth;
    window.addEventListener("resize", function () { if (window.innerWidth !== width) { width = window.innerWidth; fitFields(); } });
    $("finish").addEventListener("click", finish);
    $("own-mark").addEventListener("click", function () { openAdopt("signature"); });
    $("decline-open").addEventListener("click", function () { text("decline-error", ""); $("decline").showModal(); $("decline-reason").focus(); });
    $("withdraw").addEventListener("click", function () {
      act($("withdraw"), "POST", "/withdraw", undefined, "finish-error", function () { outcome = null; render(); });
    });
    $("adopt-form").addEventListener("submit", adoptSubmit);
    // closed without adopting (Cancel, Escape): a later adoption from a field does not sign at once
    // (the close event comes after the call: the dialog may already be open again for the initials)
    $("adopt").addEventListener("close", function () {
      if (!$("adopt").open && $("adopt").returnValue !== "ok") finishAfterAdopt = false;
    });
    $("decline-form").addEventListener("submit", declineSubmit);
    $("tab-type").addEventListener("click", function () { selectTab("type"); });
    $("tab-draw").addEventListener("click", function () { selectTab("draw"); });
    $("typed-name").addEventListener("input", function () { text("typed-preview", $("typed-name").value); });
    $("consent-box").addEventListener("change", function () { $("consent-continue").disabled = !$("consent-box").checked; });
    $("consent-continue").addEventListener("click", function () {
      act($("consent-continue"), "POST", "/consent", undefined, "finish-error", function () { var d = $("document"); d.focus(); });
    });
    $("otp-send").addEventListener("click", function () {
      act($("otp-send"), "POST", "/otp", undefined, "otp-error", function () { $("otp-code").focus(); }, tooManyCodes);
    });
    $("otp-form").addEventListener("submit", function (e) {
      e.preventDefault();
      act(submitButton("otp-form"), "POST", "/otp/verify", { code: $("otp-code").value.trim() }, "otp-error");
    });
    $("identity-form").addEventListener("submit", identitySubmit);
    $("delegate-form").addEventListener("submit", delegateSubmit);
    $("vendor-start").addEventListener("click", identityVendorStart);
    $("vendor-check").addEventListener("click", function () { act($("vendor-check"), "POST", "/identity/check", undefined, "vendor-error"); });
    call("GET", "").then(function (data) { state = data; render(); }).catch(fail);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

/* "Viewed" is what a person saw, not a fetch of the link: once the document's pages are shown in a
   visible tab, the page reports it once (POST /sign/{token}/api/viewed, esign/domain/signer/signing.py)
   as a beacon: the browser sends it, drops the answer (the signer's view, which the page does not need)
   and keeps nothing open; a fetch with keepalive where a browser has no sendBeacon. */
(function reportViewed() {
  "use strict";
  var api = location.pathname.replace(/\/+$/, "") + "/api/viewed";
  var timer = setInterval(function () {
    var pages = document.getElementById("document");
    var image = pages && !pages.hidden && pages.querySelector("img");
    if (!image || !image.complete || document.visibilityState !== "visible") return;
    clearInterval(timer);
    if (navigator.sendBeacon && navigator.sendBeacon(api)) return;
    fetch(api, { method: "POST", credentials: "same-origin", cache: "no-store", keepalive: true })
      .then(function (response) { return response.body && response.body.cancel(); }).catch(function () {});
  }, 300);
})();

/* The document for a signer who cannot see the page images (issue 39 item 4). The links to the "read as
   text" view and to the original PDF get their addresses here (the page's HTML never repeats the link's
   token). Each page shown gets its text from that view (GET /sign/{token}/text: the text layer in reading
   order, the signer's fields where they stand; esign/domain/signer/page_text.py), visually hidden but in
   the accessibility tree; a scanned page without text gets the view's sentence saying so, visible to all. */
(function offerText() {
  "use strict";
  var base = location.pathname.replace(/\/+$/, "");
  var holder = document.getElementById("document"), links = document.getElementById("text-access");
  if (!holder || !links) return;
  var lang = new URLSearchParams(location.search).get("lang");
  var view = base + "/text" + (lang ? "?lang=" + encodeURIComponent(lang) : "");
  document.getElementById("read-as-text").href = view;
  document.getElementById("original-pdf").href = base + "/documents/1/original.pdf";
  var texts = null, asked = false;

  function place() {
    holder.querySelectorAll(".page:not([data-text])").forEach(function (page) {
      var m = /^(?:doc(\d+)-)?page-(\d+)$/.exec(page.id);
      var section = m && texts[(m[1] || "1") + "-" + m[2]];
      if (!section) return;
      page.dataset.text = "1";
      var scanned = section.querySelector(".scanned");
      if (scanned) {
        var note = document.createElement("p");
        note.className = "page-note";
        note.appendChild(importContent(scanned));
        page.after(note);
        return;
      }
      var text = document.createElement("div");
      text.className = "page-text visually-hidden";
      section.querySelectorAll("p").forEach(function (p) { text.appendChild(document.importNode(p, true)); });
      var img = page.querySelector("img");
      if (img) img.after(text); else page.prepend(text);
    });
  }
  function importContent(el) {
    var out = document.createDocumentFragment();
    el.childNodes.forEach(function (n) { out.appendChild(document.importNode(n, true)); });
    return out;
  }
  function fetched(html) {
    texts = {};
    new DOMParser().parseFromString(html, "text/html").querySelectorAll("section.page-text").forEach(function (s) {
      texts[s.id.replace(/^text-/, "")] = s;
    });
    place();
  }
  function ask() {
    if (asked) return;
    asked = true;
    fetch(view, { credentials: "same-origin", cache: "no-store", headers: { "Accept": "text/html" } })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
      .then(fetched).catch(function () {});  // the page images and their labels stay as they are
  }
  new MutationObserver(function () {
    if (holder.hidden || !holder.querySelector(".page")) return;
    links.hidden = false;
    document.getElementById("original-pdf").hidden = !!document.querySelector("#contents:not([hidden])");
    if (texts) { place(); return; }
    // asked once the first page image is there: its drawing does not wait behind the text's reading
    var first = holder.querySelector(".page img");
    if (first && !first.complete) { first.addEventListener("load", ask, { once: true }); first.addEventListener("error", ask, { once: true }); }
    else ask();
  }).observe(holder, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden"] });
})();
