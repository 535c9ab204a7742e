"""Template bodies and small helpers shared by the template and bulk tests."""
from tests.support.documents import SAMPLE_PDF


def field(**extra):
    return {"field_type": "signature", "page_number": 1, "x_percent": 10, "y_percent": 80, **extra}


def roles():
    return [
        {"name": "Buyer", "order": 1, "fields": [
            field(),
            field(field_type="text", page_number=3, x_percent=10, y_percent=10, value="Buyer: {{ buyer_company }}"),
        ]},
        {"name": "Seller", "order": 2, "fields": [field(page_number=4, x_percent=50)]},
    ]


def template_body(document_id, **extra):
    return {"name": "Sales contract", "description": "Standard terms", "document_id": document_id,
            "default_message": "Hello {{first_name}}, please sign.", "email_subject": "Contract for {{buyer_company}}",
            "default_expiry_days": 14, "reminder_days": 3, "cc_emails": ["legal@example.test",
                                                                         {"email": "boss@example.test", "name": "Boss"}],
            "roles": roles(), **extra}


async def make_template(client, document_id, key="a", **extra) -> dict:
    resp = await client.post("/v1/templates", template_body(document_id, **extra), key=key)
    assert resp.status == 201, resp
    return resp.json


def signers(buyer="buyer@example.test", seller="seller@example.test"):
    return [{"name": "Bea Buyer", "email": buyer, "role": "buyer"},
            {"name": "Sam Seller", "email": seller, "role": "SELLER", "phone": "+12025550100"}]


VARIABLES = {"first_name": "Bea", "buyer_company": "Acme Ltd"}


# --- bulk send: an offer letter to many recipients ---------------------------------------------------

TEMPLATE = {"name": "Offer letter", "email_subject": "Offer for {{name}}", "default_message": "Dear {{name}}",
            "roles": [{"name": "Candidate", "fields": [field(), field(field_type="text", y_percent=10, value="{{name}}")]}]}


async def offer_template(client, key="a", **extra) -> dict:
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), key=key)).json["id"]
    resp = await client.post("/v1/templates", {**TEMPLATE, "document_id": doc, **extra}, key=key)
    assert resp.status == 201, resp
    return resp.json


def recipient(i, **extra):
    return {"signers": [{"name": f"Person {i}", "email": f"person{i}@example.test", "role": "candidate"}],
            "variables": {"name": f"Person {i}"}, **extra}


async def bulk(client, template_id, recipients, key="a", headers=None, **extra):
    return await client.post("/v1/bulk-send", {"template_id": template_id, "recipients": recipients, **extra},
                             key=key, headers=headers)
