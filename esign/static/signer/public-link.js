// The public link's page (docs/public-links.md): ask for a code, then prove the address with it and go
// to the signing page of the request made (or resumed) for the visitor.
"use strict";
(function () {
  const app = document.getElementById("app");
  const base = app.dataset.base;
  const prefill = new URLSearchParams(window.location.search).get("prefill");
  const startForm = document.getElementById("start-form");
  const verifyForm = document.getElementById("verify-form");
  const status = document.getElementById("status");
  const name = document.getElementById("name");
  const email = document.getElementById("email");
  const phone = document.getElementById("phone");  // only on a link with phone codes

  function phoneGiven() {
    return phone && phone.value.trim() ? phone.value.trim() : null;
  }

  function say(code) {
    const item = document.querySelector(`#messages [data-code="${code}"]`)
      || document.querySelector('#messages [data-code="error"]');
    status.textContent = item.textContent;
  }

  async function post(path, body) {
    const response = await fetch(base + path, {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    const data = await response.json().catch(() => ({}));
    return {status: response.status, data};
  }

  function go(answer) {
    if (answer.status === 200 || answer.status === 201) {
      window.location.assign(answer.data.signing_url);
      return true;
    }
    say((answer.data.error || {}).code || "error");
    return false;
  }

  startForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    status.textContent = "";
    const body = {email: email.value.trim()};
    if (name) body.name = name.value.trim();
    if (phoneGiven()) body.phone = phoneGiven();
    const answer = await post("/start", body);
    if (answer.status === 202) {
      document.getElementById("sent-email").hidden = Boolean(body.phone);
      document.getElementById("sent-text").hidden = !body.phone;
      verifyForm.hidden = false;
      document.getElementById("code").focus();
    } else {
      go(answer);
    }
  });

  verifyForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    status.textContent = "";
    const body = {email: email.value.trim(), code: document.getElementById("code").value.trim()};
    if (name && name.value.trim()) body.name = name.value.trim();
    if (prefill) body.prefill = prefill;
    if (phoneGiven()) body.phone = phoneGiven();
    go(await post("/verify", body));
  });
})();
