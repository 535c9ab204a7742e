// The public verification page (esign.api.verification): "Check your copy" hashes the chosen file in the
// browser (WebCrypto) and sends only its SHA-256; "Check a PDF's signatures" uploads the PDF to /verify.
"use strict";
(function () {
  const copy = document.getElementById("copy");
  const verify = document.getElementById("verify");
  if (!copy || !verify) return;

  function hex(buffer) {
    return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  document.getElementById("copy-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const out = document.getElementById("copy-result");
    const file = document.getElementById("copy-file").files[0];
    if (!file) return;
    if (!(window.crypto && crypto.subtle)) { out.textContent = copy.dataset.nocrypto; return; }
    out.textContent = copy.dataset.working;
    try {
      const sha256 = hex(await crypto.subtle.digest("SHA-256", await file.arrayBuffer()));
      const answer = await fetch(copy.dataset.check, {
        method: "POST", headers: {"Content-Type": "application/json", "Accept": "application/json"},
        body: JSON.stringify({sha256}), credentials: "omit", referrerPolicy: "no-referrer"});
      if (!answer.ok) throw new Error(String(answer.status));
      const body = await answer.json();
      out.textContent = body.match ? copy.dataset.match : copy.dataset.mismatch;
      out.dataset.match = String(body.match);
    } catch (error) {
      out.textContent = copy.dataset.failed;
    }
  });

  document.getElementById("verify-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const verdict = document.getElementById("verdict");
    const checks = document.getElementById("checks");
    const file = document.getElementById("verify-file").files[0];
    if (!file) return;
    verdict.textContent = verify.dataset.working;
    checks.replaceChildren();
    const form = new FormData();
    form.append("file", file, file.name);
    try {
      const answer = await fetch("/verify", {method: "POST", body: form, credentials: "omit",
                                             referrerPolicy: "no-referrer"});
      if (!answer.ok) throw new Error(String(answer.status));
      const body = await answer.json();
      verdict.textContent = verify.dataset[body.verdict.toLowerCase()] || body.verdict;
      verdict.dataset.verdict = body.verdict;
      for (const check of body.checks) {
        const item = document.createElement("li");
        item.textContent = check.text;
        if (check.ok === false) item.className = "fail";
        checks.append(item);
      }
    } catch (error) {
      verdict.textContent = verify.dataset.failed;
    }
  });
})();
