/* Checks a text field's value against its pattern off the signing page's main thread: the page ends
   this worker when a check takes too long (a pattern with catastrophic backtracking), so the signer's
   tab never freezes. Message in: {id, pattern, value}; out: {id, value, ok}. */
self.onmessage = function (e) {
  var d = e.data, ok = true;
  try { ok = new RegExp("^(?:" + d.pattern + ")$").test(d.value); } catch (err) { ok = true; }
  self.postMessage({ id: d.id, value: d.value, ok: ok });
};
