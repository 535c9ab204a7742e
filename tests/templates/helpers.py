"""Template bodies and small helpers shared by the template and bulk tests."""
from tests.conftest import CORPUS

ONE_PAGE_PDF = CORPUS / "minimal-document.pdf"


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
            {"name": "Sam Seller", "email": seller, "role": "SELLER", "phone": "+15550100"}]


VARIABLES = {"first_name": "Bea", "buyer_company": "Acme Ltd"}
