/* The editor page (/author/{token}; docs/authoring.md): swaps the URL's token once for the session's
   secret (kept in memory only), shows the draft's documents and how many fields each holds, and tells
   the framing page (its registered origin only) with esign.authoring.* messages. A URL that no longer
   works (the server rendered it so) posts esign.authoring.expired or esign.authoring.error. */
(function () {
  "use strict";
  var app = document.getElementById("app");
  if (!app) return;
  var origin = app.dataset.origin;

  function post(type, extra) {
    if (!origin || window.parent === window) return;
    var message = {type: type, request_id: app.dataset.request || null, external_id: app.dataset.external || null};
    Object.keys(extra || {}).forEach(function (key) { message[key] = extra[key]; });
    window.parent.postMessage(message, origin);
  }

  if (app.dataset.state !== "ready") {
    post(app.dataset.state === "expired" ? "esign.authoring.expired" : "esign.authoring.error",
         {message: document.getElementById("error-message").textContent});
    return;
  }

  function call(path, options) {
    return fetch(path, options).then(function (resp) {
      return resp.json().then(function (body) {
        if (!resp.ok) throw body.error || {code: "error", message: resp.statusText};
        return body;
      });
    });
  }

  function text(template, count) {
    return template.replace("{count}", String(count));
  }

  function show(view) {
    var request = view.request;
    var list = document.getElementById("documents");
    (request ? request.documents : []).forEach(function (doc) {
      var fields = view.fields.filter(function (f) { return f.document_id === doc.id; }).length;
      var item = document.createElement("li");
      var name = document.createElement("strong");
      name.textContent = doc.name;
      item.appendChild(name);
      item.appendChild(document.createTextNode(" — " + text(app.dataset.pages, doc.page_count || 0) + ", " +
                                               text(app.dataset.fields, fields)));
      list.appendChild(item);
    });
    document.getElementById("status").textContent = "";
    post("esign.authoring.ready");
  }

  var token = window.location.pathname.split("/").pop();
  call("/author/api/open", {method: "POST", headers: {"Content-Type": "application/json"},
                            body: JSON.stringify({token: token})})
    .then(function (opened) {
      var secret = opened.secret;
      return call("/author/api/session", {headers: {"Authorization": "Bearer " + secret}});
    })
    .then(show)
    .catch(function (error) {
      document.getElementById("status").textContent = error.message || "";
      post(error.code === "session_expired" ? "esign.authoring.expired" : "esign.authoring.error",
           {code: error.code || null, message: error.message || null});
    });
})();
