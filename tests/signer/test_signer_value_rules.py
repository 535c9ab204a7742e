"""Rules on what signers and senders may put in text fields, over real HTTP: `regex` patterns matched
with a time bound (a catastrophic pattern cannot stall the server), patterns the signing page's
JavaScript would read differently refused at creation, control and bidirectional formatting characters
refused in values."""
from __future__ import annotations

import logging
import urllib.request

import pytest

from esign.domain.pages import signer_values
from tests.support import KEYS, assert_error, raw_db
from tests.support.signing import ANN, make_request, spost, typed, upload

SIGN = {"signature": typed(), "consent": True}


def regex_field(pattern: str) -> dict:
    return {"field_type": "text", "validation_type": "regex", "validation_pattern": pattern}


def spy_on_checks(monkeypatch, during=None) -> list[tuple[str, str, float]]:
    """Record each `regex` check the server makes, as (pattern, value, time bound given); `during(pattern,
    value)` runs in the checking thread just before a check, while the sign call is under way."""
    calls = []
    real = signer_values.regex.fullmatch

    def fullmatch(pattern, value, *args, **kwargs):
        calls.append((pattern, value, kwargs["timeout"]))
        if during is not None:
            during(pattern, value)
        return real(pattern, value, *args, **kwargs)

    monkeypatch.setattr(signer_values.regex, "fullmatch", fullmatch)
    return calls


async def test_catastrophic_patterns_are_refused_in_time_and_never_stall_the_server(server, caplog, monkeypatch):
    # `regex` sees at once that (a+)+b cannot match; (a|a)+ backtracks in it too, until the time bound
    made = await make_request(server, [ANN], fields={"t": regex_field("(a+)+b"), "u": regex_field("(a|a)+")})
    token, f = await made.token(0), made.fields
    evil = "a" * 27 + "!"  # without a time bound: seconds of backtracking each, doubling with each "a"
    listed = []

    def list_documents_meanwhile(pattern, value):
        """An unrelated call, made from the checking thread while the sign call is being checked: the
        server answers it before the check goes on (the check does not hold the event loop)."""
        if pattern == "(a|a)+" and value == evil and not listed:
            request = urllib.request.Request(server.client.base_url + "/v1/documents",
                                             headers={"X-API-Key": KEYS["a"]})
            with urllib.request.urlopen(request, timeout=60) as answer:
                listed.append(answer.status)

    checks = spy_on_checks(monkeypatch, list_documents_meanwhile)
    with caplog.at_level(logging.WARNING, logger="esign.domain.pages.signer_values"):
        resp = await spost(server, token, "sign", {**SIGN, "values": {f["t"]: evil, f["u"]: evil}})
    assert listed == [200]
    err = assert_error(resp, 422, "validation_error")
    assert err["details"] == [{"field": f"values.{f['t']}", "message": signer_values.NO_MATCH},
                              {"field": f"values.{f['u']}", "message": signer_values.UNCHECKED}]
    # in time: every check had a time bound, one check's at most
    assert [c[:2] for c in checks] == [("(a+)+b", evil), ("(a|a)+", evil)]
    assert all(0 < bound <= signer_values.MATCH_SECONDS for _, _, bound in checks), checks
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any(made.id in m and f["u"] in m for m in warned) and not any(evil in m for m in warned)
    assert not any(f["t"] in m for m in warned)

    # the same fields still take what matches
    assert (await spost(server, token, "sign", {**SIGN, "values": {f["t"]: "aaab", f["u"]: "aaa"}})).status == 200


async def test_many_slow_fields_share_one_budget(server, monkeypatch):
    """A submission's pattern checks together take at most MATCH_BUDGET_SECONDS (plus one check): the
    time bounds given add up to no more than that, and the checks past the budget are not run."""
    fields = {f"t{i}": regex_field("(a|aa)+") for i in range(30)}
    made = await make_request(server, [ANN], fields=fields)
    token = await made.token(0)
    checks = spy_on_checks(monkeypatch)
    resp = await spost(server, token, "sign", {**SIGN, "values": {made.fields[k]: "a" * 60 + "!" for k in fields}})
    err = assert_error(resp, 422, "validation_error")
    assert {d["message"] for d in err["details"]} == {signer_values.UNCHECKED} and len(err["details"]) == 30
    given = sum(bound for _, _, bound in checks)  # each check alone: 30 x MATCH_SECONDS = 1.5 s
    assert given <= signer_values.MATCH_BUDGET_SECONDS + signer_values.MATCH_SECONDS, checks
    assert 0 < len(checks) < 30


async def test_stored_python_only_pattern_still_matches_as_before(server):
    """Patterns stored before creation refused JavaScript-incompatible syntax keep Python's meaning."""
    made = await make_request(server, [ANN], fields={"t": regex_field(r"\d{3}")})
    await raw_db(server.services)["signing_requests"].update_one(
        {"_id": made.id}, {"$set": {"fields.0.validation_pattern": r"\d{3}\Z"}})
    token, fid = await made.token(0), made.fields["t"]
    assert_error(await spost(server, token, "sign", {**SIGN, "values": {fid: "123Z"}}), 422, "validation_error")
    assert (await spost(server, token, "sign", {**SIGN, "values": {fid: "123"}})).status == 200


JS_DIFFERENT = [r"\d{3}\Z", r"\Aabc", r"a\z", r"\Gx", r"(?P<n>a)b", r"(?#note)a", r"(?i)abc", r"(?a:x)y",
                r"(?-i:x)", r"(?>a+)b", r"a*+b", r"a++", r"a?+", r"a{2}+", r"a{,3}", r"\N{DIGIT ONE}", "[[:alpha:]]+",
                "[]a]", "[^]a]", r"\a", r"(a)?(?(1)b|c)", r"\U0001F600", "x\U0001F600"]
JS_SAME = [r"[A-Z]{3}-\d{4}", r"(?<=a)b", r"(?<!a)b", r"(?=\d)\w+", r"(?!x)\w", r"(a)\1", r"\++", "[+*?]+",
           r"a{2,3}?", r"[\]]a", r"\[\]", r"E-[0-9]{4}", r"\p", r"[^\s]+\s?$"]


async def test_javascript_different_patterns_refused_at_creation(server):
    client = server.client
    made = await make_request(server, [ANN], send=False)
    signer_id = made.signer_ids[0]
    shapes = [{"signer_id": signer_id, "page_number": 1, "x_percent": 10, "y_percent": 10, "width_percent": 20,
               "height_percent": 3, **regex_field(p)} for p in JS_DIFFERENT]
    resp = await client.post(f"/v1/signing-requests/{made.id}/fields", {"fields": shapes})
    err = assert_error(resp, 422, "validation_error")
    by_field = {d["field"]: d["message"] for d in err["details"]}
    assert set(by_field) == {f"fields.{i}.validation_pattern" for i in range(len(JS_DIFFERENT))}, by_field
    assert "\\Z" in by_field["fields.0.validation_pattern"] and "JavaScript" in by_field["fields.0.validation_pattern"]
    assert "possessive" in by_field[f"fields.{JS_DIFFERENT.index('a*+b')}.validation_pattern"]

    same = [p for p in JS_SAME if p != r"\p"]  # \p is no valid Python pattern at all
    shapes = [{**s, **regex_field(p)} for s, p in zip(shapes, same)]
    assert (await client.post(f"/v1/signing-requests/{made.id}/fields", {"fields": shapes})).status == 201
    bad = assert_error(await client.post(f"/v1/signing-requests/{made.id}/fields",
                                         {"fields": [{**shapes[0], **regex_field(r"\p")}]}), 422, "validation_error")
    assert "not a valid regular expression" in bad["details"][0]["message"]

    # the create body's fields and templates' role fields follow the same rule
    unassigned = {k: v for k, v in shapes[0].items() if k != "signer_id"}
    doc = await upload(server)
    resp = await client.post("/v1/signing-requests", {"document_id": doc, "signers": [ANN], "fields": [
        {**unassigned, "signer_email": ANN["email"], **regex_field(r"\d{3}\Z")}]})
    err = assert_error(resp, 422, "validation_error")
    assert [d["field"] for d in err["details"]] == ["fields.0.validation_pattern"]
    resp = await client.post("/v1/templates", {"name": "T", "roles": [{"name": "R", "fields": [
        unassigned | regex_field("(?i)x")]}]})
    err = assert_error(resp, 422, "validation_error")
    assert [d["field"] for d in err["details"]] == ["roles.0.fields.0.validation_pattern"]


@pytest.mark.parametrize("char", ["\x00", "\x07", "\r", "\x1b", "\x7f", "\x85", "\x9b", "\u202a", "\u202e",
                                  "\u2066", "\u2069"])
async def test_control_and_bidi_characters_refused_in_values(server, char):
    made = await make_request(server, [ANN], fields={"t": {"field_type": "text"},
                                                     "s": {"field_type": "select", "options": ["A", "B"]}})
    token, f = await made.token(0), made.fields
    resp = await spost(server, token, "sign", {**SIGN, "values": {f["t"]: f"Pay 100{char}0 EUR", f["s"]: "A"}})
    err = assert_error(resp, 422, "validation_error")
    assert err["details"] == [{"field": f"values.{f['t']}", "message": signer_values.unsafe_character(char)}]
    assert f"U+{ord(char):04X}" in err["details"][0]["message"]


async def test_tab_and_line_feed_and_other_scripts_are_kept(server):
    made = await make_request(server, [ANN], fields={"t": {"field_type": "text"}})
    token, fid = await made.token(0), made.fields["t"]
    value = "line one\nline\ttwo – עברית ‏ 漢字"
    assert (await spost(server, token, "sign", {**SIGN, "values": {fid: value}})).status == 200
    assert [v["value"] for v in (await made.get())["field_values"] if v["field_id"] == fid] == [value]


async def test_control_and_bidi_characters_refused_in_prefilled_values_and_options(server):
    made = await make_request(server, [ANN], send=False)
    shape = {"signer_id": made.signer_ids[0], "page_number": 1, "x_percent": 10, "y_percent": 10,
             "width_percent": 20, "height_percent": 3}
    resp = await server.client.post(f"/v1/signing-requests/{made.id}/fields", {"fields": [
        {**shape, "field_type": "text", "value": "abc\u202edef"},
        {**shape, "field_type": "select", "options": ["ok", "n\x00"], "value": "ok"},
        {**shape, "field_type": "text", "value": "two\nlines"}]})
    err = assert_error(resp, 422, "validation_error")
    assert [d["field"] for d in err["details"]] == ["fields.0.value", "fields.1.options.1"]
    assert "U+202E" in err["details"][0]["message"]
