"""The sender's own labels over real HTTP (issue 37): `metadata`, `external_id` and `redirect_url` on a
request and its signers — created, bounded, returned on get, list and webhooks, through a template send
too; the list's `external_id=` and `metadata[key]=` filters with paging, each query served by a declared
index under the strict database; the signer API's `redirect`."""
from __future__ import annotations

import bson

from esign.db.index_rule import index_serves
from esign.domain.requests import links
from esign.store.signing_requests import SigningRequests
from tests.support import assert_error
from tests.support.templates import VARIABLES, make_template, signers
from tests.support.webhooks import create_hook

ANN = {"name": "Ann Signer", "email": "ann@example.test"}
BOB = {"name": "Bob Signer", "email": "bob@example.test"}
ORIGIN = "https://app.example.test"  # Org A's registered embed origin (tests/support/server.py)


async def create(client, document_id, signers_=(ANN, BOB), status=201, key="a", **extra):
    resp = await client.post("/v1/signing-requests", {"document_id": document_id, "signers": list(signers_), **extra},
                             key=key)
    assert resp.status == status, resp
    return resp


async def test_labels_are_stored_and_returned_on_create_get_and_list(client, document_id):
    made = (await create(
        client, document_id, [{**ANN, "metadata": {"employee": "E-17"}, "external_id": "ann-1",
                                "redirect_url": "https://ann.example.test/done"}, BOB],
        metadata={"deal": "D-42", "crm.stage": "won", "note": "Ünïcode ok"}, external_id="order-9001",
        redirect_url="https://shop.example.test/thanks?x=1")).json
    assert made["metadata"] == {"deal": "D-42", "crm.stage": "won", "note": "Ünïcode ok"}
    assert made["external_id"] == "order-9001" and made["redirect_url"] == "https://shop.example.test/thanks?x=1"
    ann, bob = made["signers"]
    assert ann["metadata"] == {"employee": "E-17"} and ann["external_id"] == "ann-1"
    assert ann["redirect_url"] == "https://ann.example.test/done"
    assert bob["metadata"] == {} and bob["external_id"] is None and bob["redirect_url"] is None
    assert (await client.get(f"/v1/signing-requests/{made['id']}")).json == made
    [item] = (await client.get("/v1/signing-requests")).json["items"]
    assert item["metadata"] == made["metadata"] and item["external_id"] == "order-9001"
    plain = (await create(client, document_id)).json
    assert plain["metadata"] == {} and plain["external_id"] is None and plain["redirect_url"] is None


async def test_each_bound_is_a_422_naming_the_field(client, document_id):
    cases = [
        ({"metadata": {f"k{i}": "v" for i in range(51)}}, "metadata"),
        ({"metadata": {"has space": "v"}}, "metadata"),
        ({"metadata": {"k" * 41: "v"}}, "metadata"),
        ({"metadata": {"": "v"}}, "metadata"),
        ({"metadata": {"a=b": "v"}}, "metadata"),
        ({"metadata": {"k": "v" * 501}}, "metadata"),
        ({"metadata": {"k": 5}}, "metadata"),
        ({"metadata": {"k": "right\u202eto left"}}, "metadata"),
        ({"metadata": "deal"}, "metadata"),
        ({"external_id": ""}, "external_id"),
        ({"external_id": "x" * 256}, "external_id"),
        ({"external_id": "two\nlines"}, "external_id"),
        ({"external_id": "id\u2066"}, "external_id"),
        ({"redirect_url": "ftp://shop.example.test/"}, "redirect_url"),
        ({"redirect_url": "http://shop.example.test/thanks"}, "redirect_url"),  # http: only embed origins
        ({"redirect_url": "javascript:alert(1)"}, "redirect_url"),
        ({"redirect_url": "https://shop.example.test/" + "x" * 2000}, "redirect_url"),
        ({"signers": [{**ANN, "external_id": "y" * 256}]}, "signers.0.external_id"),
        ({"signers": [{**ANN, "metadata": {"k": "v" * 501}}]}, "signers.0.metadata"),
        ({"signers": [ANN, {**BOB, "redirect_url": "http://evil.example.test/"}]}, "signers.1.redirect_url"),
    ]
    for extra, field in cases:
        body = {"document_id": document_id, "signers": [ANN], **extra}
        error = assert_error(await client.post("/v1/signing-requests", body), 422, "validation_error")
        assert any(d["field"].startswith(field) for d in error["details"]), (extra, error)
    assert (await client.get("/v1/signing-requests")).json["total"] == 0  # nothing was made


async def test_metadata_of_request_and_signers_together_is_bounded(client, document_id):
    big = {f"k{i}": "é" * 500 for i in range(50)}  # 50 kB each as UTF-8; six of them pass 256 KiB
    many = [{"name": f"S {i}", "email": f"s{i}@example.test", "metadata": big} for i in range(5)]
    error = assert_error(await client.post("/v1/signing-requests", {
        "document_id": document_id, "signers": many, "metadata": big}), 422, "validation_error")
    assert error["details"][0]["field"] == "metadata" and "262144" in error["details"][0]["message"]
    made = await create(client, document_id, many[:4], metadata=big)  # five of them fit
    assert made.json["signers"][3]["metadata"] == big


async def test_http_redirect_allowed_for_a_registered_embed_origin(server, client, document_id):
    org = await server.services.store.api_keys.by_key("esk_live_org_a_read_write_000000000000")
    await server.services.store.organizations.col.update_one(
        {"_id": org["org_id"]}, {"$push": {"embed_origins": "http://localhost:3000"}})
    made = (await create(client, document_id, redirect_url="http://localhost:3000/back")).json
    assert made["redirect_url"] == "http://localhost:3000/back"
    made = (await create(client, document_id, redirect_url=ORIGIN + "/x")).json  # https anyway
    assert_error(await create(client, document_id, status=422, redirect_url="http://localhost:3001/back"), 422)


async def test_filters_by_external_id_and_metadata_with_paging(server, client, document_id):
    ids = []
    for i in range(5):
        server.clock.advance(seconds=1)  # one after another, newest first
        made = await create(client, document_id, external_id="batch-7" if i % 2 == 0 else f"solo-{i}",
                            metadata={"team": "sales" if i < 4 else "legal", "n": str(i)})
        ids.append(made.json["id"])
    ids.reverse()  # newest first

    def listed(resp):
        assert resp.status == 200, resp
        return [item["id"] for item in resp.json["items"]]

    batch = [ids[0], ids[2], ids[4]]  # i = 4, 2, 0
    assert listed(await client.get("/v1/signing-requests?external_id=batch-7")) == batch
    assert listed(await client.get("/v1/signing-requests?external_id=solo-1")) == [ids[3]]
    assert listed(await client.get("/v1/signing-requests?external_id=none")) == []
    assert listed(await client.get("/v1/signing-requests?external_id=batch-7&status=draft&order=asc")) == batch[::-1]
    sales = ids[1:]
    assert listed(await client.get("/v1/signing-requests?metadata[team]=sales")) == sales
    assert listed(await client.get("/v1/signing-requests?metadata%5Bteam%5D=legal")) == [ids[0]]
    assert listed(await client.get("/v1/signing-requests?metadata[team]=sales&metadata[n]=2")) == [ids[2]]  # AND
    assert listed(await client.get("/v1/signing-requests?metadata[team]=legal&metadata[n]=2")) == []
    assert listed(await client.get("/v1/signing-requests?metadata[team]=Sales")) == []  # exact
    assert listed(await client.get("/v1/signing-requests?metadata[n]=")) == []  # an empty value matches ""

    # paging: offset, has_more, the after_id cursor, every sort
    first = await client.get("/v1/signing-requests?metadata[team]=sales&limit=2")
    assert listed(first) == sales[:2] and first.json["has_more"] is True and first.json["total"] == 4
    after = await client.get(f"/v1/signing-requests?metadata[team]=sales&limit=2&after_id={sales[1]}")
    assert listed(after) == sales[2:] and after.json["has_more"] is False
    page = await client.get("/v1/signing-requests?external_id=batch-7&limit=1&offset=1")
    assert listed(page) == [batch[1]] and page.json["has_more"] is True and page.json["total"] == 3
    for sort in ("updated_at", "expires_at"):
        assert set(listed(await client.get(f"/v1/signing-requests?metadata[team]=sales&sort={sort}"))) == set(sales)
        assert set(listed(await client.get(f"/v1/signing-requests?external_id=batch-7&sort={sort}"))) == set(batch)
    assert listed(await client.get("/v1/signing-requests?external_id=batch-7", key="b")) == []  # another org's


async def test_bad_filters_are_422_never_500(client, document_id):
    await create(client, document_id, external_id="x", metadata={"a": "1"})
    for query, field in [
        ("metadata[has%20space]=1", "metadata"), ("metadata[]=1", "metadata"), (f"metadata[{'k' * 41}]=1", "metadata"),
        ("metadata=1", "metadata"), ("metadata[a]=" + "v" * 501, "metadata"),
        ("&".join(f"metadata[k{i}]=1" for i in range(6)), "metadata"),
        ("metadata[a]=1&metadata[a]=2", "metadata[a]"),  # a parameter given twice
        ("external_id=", "external_id"), ("external_id=" + "x" * 256, "external_id"),
        ("metadata[a]=%E2%80%AE", "metadata"),
        ("external_id=x&metadata[a]=1", "metadata"), ("signer_email=ann@example.test&external_id=x", "external_id"),
        ("metadata[a=1", "metadata[a"),  # not a metadata pair: an unknown parameter
    ]:
        error = assert_error(await client.get(f"/v1/signing-requests?{query}"), 422, "validation_error")
        assert any(d["field"].startswith(field) for d in error["details"]), (query, error)


def test_each_filter_is_served_by_a_declared_index_in_every_sort():
    """The queries the list makes (esign.store.signing_requests.list), checked against the declared
    indexes by the strict database's rule; the HTTP tests above run the same queries under it."""
    declared = {i.name: i for i in SigningRequests.indexes}
    statuses = {"$in": ["draft", "pending"]}
    for sort in ("created_at", "updated_at", "expires_at"):
        order = [(sort, -1), ("_id", -1)]
        by_external = {"org_id": "o", "external_id": "x", "status": statuses, "created_at": {"$gt": 1}}
        by_metadata = {"org_id": "o", "$and": [{"metadata_terms": "a=1"}, {"metadata_terms": "b=2"}], "status": "draft"}
        external = declared[f"org_external_id_status_{sort}"]
        metadata = declared[f"org_metadata_status_{sort}"]
        assert index_serves(list(external.keys), external.partial, by_external, order)
        assert index_serves(list(metadata.keys), metadata.partial, by_metadata, order)
        # no other list index serves them: without these two they would be collection scans
        others = [i for name, i in declared.items() if name not in (external.name, metadata.name)]
        assert not any(index_serves(list(i.keys), i.partial, q, order) for i in others for q in (by_external, by_metadata))


async def test_webhooks_carry_the_request_and_signer_labels(server, client, document_id, receiver):
    await create_hook(client, receiver.url(), events=["signing_request.created", "signer.declined"])
    made = (await create(client, document_id, [{**ANN, "metadata": {"seat": "12A"}, "external_id": "ann-1"}],
                         metadata={"deal": "D-42"}, external_id="order-9001", auto_send=True,
                         fields=[{"signer_email": ANN["email"], "x_percent": 10, "y_percent": 10}])).json
    stored = await server.services.store.signing_requests.by_id(made["id"])
    token = links.signing_url(server.services, stored, stored["signers"][0]).rsplit("/", 1)[1]
    resp = await client.post(f"/sign/{token}/api/decline", {"reason": "Wrong seat"}, key=None)
    assert resp.status == 200, resp
    await server.run_jobs()
    got = {r.json["event"]: r.json["data"] for r in receiver.requests}
    assert got["signing_request.created"]["metadata"] == {"deal": "D-42"}
    assert got["signing_request.created"]["external_id"] == "order-9001"
    declined = got["signer.declined"]
    assert declined["metadata"] == {"deal": "D-42"} and declined["external_id"] == "order-9001"
    assert declined["signer"]["metadata"] == {"seat": "12A"} and declined["signer"]["external_id"] == "ann-1"


async def test_the_signer_api_shows_where_the_page_goes_and_not_the_metadata(server, client, document_id):
    made = (await create(
        client, document_id, [{**ANN, "redirect_url": "https://ann.example.test/done?step=3#top"}, BOB],
        metadata={"secret": "sender only"}, external_id="order-1", redirect_url="https://shop.example.test/thanks",
        auto_send=True)).json
    stored = await server.services.store.signing_requests.by_id(made["id"])
    views = []
    for signer in stored["signers"]:
        token = links.signing_url(server.services, stored, signer).rsplit("/", 1)[1]
        resp = await client.get(f"/sign/{token}/api", key=None)
        assert resp.status == 200, resp
        views.append(resp.json)
    assert views[0]["redirect"] == {"signed": "https://ann.example.test/done?step=3&event=signed#top",
                                    "declined": "https://ann.example.test/done?step=3&event=declined#top"}
    assert views[1]["redirect"] == {"signed": "https://shop.example.test/thanks?event=signed",
                                    "declined": "https://shop.example.test/thanks?event=declined"}
    assert "sender only" not in str(views) and "order-1" not in str(views)
    plain = (await create(client, document_id, [ANN], auto_send=True)).json
    stored = await server.services.store.signing_requests.by_id(plain["id"])
    token = links.signing_url(server.services, stored, stored["signers"][0]).rsplit("/", 1)[1]
    assert (await client.get(f"/sign/{token}/api", key=None)).json["redirect"] is None


async def test_a_template_send_takes_the_labels(client, document_id):
    template = await make_template(client, document_id)
    who = signers()
    who[0] = {**who[0], "metadata": {"role": "buyer"}, "external_id": "buyer-1"}
    resp = await client.post(f"/v1/templates/{template['id']}/send", {
        "signers": who, "variables": VARIABLES, "metadata": {"deal": "T-1"}, "external_id": "tmpl-1", "auto_send": False,
        "redirect_url": "https://shop.example.test/t"})
    assert resp.status == 201, resp
    assert resp.json["metadata"] == {"deal": "T-1"} and resp.json["external_id"] == "tmpl-1"
    assert resp.json["redirect_url"] == "https://shop.example.test/t"
    buyer = next(s for s in resp.json["signers"] if s["email"] == who[0]["email"])
    assert buyer["metadata"] == {"role": "buyer"} and buyer["external_id"] == "buyer-1"
    listed = (await client.get("/v1/signing-requests?metadata[deal]=T-1")).json["items"]
    assert [i["id"] for i in listed] == [resp.json["id"]]
    error = assert_error(await client.post(f"/v1/templates/{template['id']}/send", {
        "signers": signers(), "variables": VARIABLES, "redirect_url": "http://shop.example.test/t"}), 422)
    assert error["details"][0]["field"] == "redirect_url"


async def test_the_labels_at_their_largest_keep_the_request_document_bounded(server, client, document_id):
    """100 signers and the request, each with the longest external_id (4-byte characters) and redirect_url,
    and metadata up to the 256 KiB they may take together: stored in well under the 1.3 MiB the size
    bound allows them (docs/operations.md, "Document size bounds")."""
    url = "https://shop.example.test/" + "u" * (2000 - len("https://shop.example.test/"))
    share = {f"k{i:02d}": "m" * 500 for i in range(5)}  # 101 x 5 x 503 bytes: just under 256 KiB
    people = [{"name": f"S {i}", "email": f"s{i}@example.test", "external_id": "😀" * 255, "redirect_url": url,
               "metadata": share} for i in range(100)]
    made = (await create(client, document_id, people, external_id="😀" * 255, redirect_url=url, metadata=share)).json
    assert made["signers"][99]["external_id"] == "😀" * 255 and made["signers"][99]["metadata"] == share
    plain = (await create(client, document_id, [{k: p[k] for k in ("name", "email")} for p in people])).json
    largest = await server.services.store.signing_requests.by_id(made["id"])
    smallest = await server.services.store.signing_requests.by_id(plain["id"])
    size = len(bson.encode({**largest, "_id": largest["id"]})) - len(bson.encode({**smallest, "_id": smallest["id"]}))
    assert 0.5 * 2**20 < size < 1.3 * 2**20


async def test_a_replaced_signer_keeps_the_labels_of_the_place(client, document_id):
    made = (await create(client, document_id, [{**ANN, "metadata": {"seat": "12A"}, "external_id": "ann-1",
                                                 "redirect_url": "https://ann.example.test/done"}])).json
    resp = await client.post(f"/v1/signing-requests/{made['id']}/signers/{made['signers'][0]['id']}/replace",
                             {"name": "Cy Other", "email": "cy@example.test"})
    assert resp.status == 200, resp
    [cy] = resp.json["signers"]
    assert cy["email"] == "cy@example.test" and cy["metadata"] == {"seat": "12A"} and cy["external_id"] == "ann-1"
    assert cy["redirect_url"] == "https://ann.example.test/done"


async def test_completion_webhooks_carry_the_request_labels(server, client, document_id, receiver):
    await create_hook(client, receiver.url(), events=["signer.signed", "signing_request.completed", "document.signed"])
    made = (await create(client, document_id, [{**ANN, "external_id": "ann-1"}], metadata={"deal": "D-42"},
                         external_id="order-9001", auto_send=True,
                         fields=[{"signer_email": ANN["email"], "x_percent": 10, "y_percent": 10}])).json
    stored = await server.services.store.signing_requests.by_id(made["id"])
    token = links.signing_url(server.services, stored, stored["signers"][0]).rsplit("/", 1)[1]
    resp = await client.post(f"/sign/{token}/api/sign", {"signature": {"kind": "typed", "text": "Ann Signer"},
                                                         "consent": True}, key=None)
    assert resp.status == 200, resp
    await server.run_jobs()
    got = {r.json["event"]: r.json["data"] for r in receiver.requests}
    assert set(got) == {"signer.signed", "signing_request.completed", "document.signed"}
    for data in got.values():
        assert data["metadata"] == {"deal": "D-42"} and data["external_id"] == "order-9001", data
    assert got["signer.signed"]["signer"]["external_id"] == "ann-1"
