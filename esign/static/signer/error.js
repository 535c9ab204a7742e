/* The error page of an embedded link that no longer works: tell the embedding page (its registered
   origin only) with an esign.error message. */
(function () {
  "use strict";
  var app = document.getElementById("app");
  if (!app || !app.dataset.origin || window.parent === window) return;
  window.parent.postMessage({
    type: "esign.error",
    signing_request_id: app.dataset.request,
    signer_id: app.dataset.signer,
    code: app.dataset.code || null,
    message: app.dataset.message || document.getElementById("error-message").textContent
  }, app.dataset.origin);
})();
