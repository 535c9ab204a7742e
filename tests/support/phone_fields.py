"""The fields of a phone-layout check of the signing page (tests/signer/test_browser_phone_layout.py,
tests/a11y/test_axe_languages.py)."""
from __future__ import annotations

# small fields on adjacent lines (a 3 %-high field is about 15 px on a phone), a narrow date, fields in
# the right half, one at the page's foot
FIELDS = [
    {"field_type": "signature", "x_percent": 55, "y_percent": 80, "width_percent": 30, "height_percent": 6},
    {"field_type": "initials", "x_percent": 10, "y_percent": 80, "width_percent": 8, "height_percent": 4},
    {"field_type": "text", "x_percent": 10, "y_percent": 10, "width_percent": 40, "height_percent": 3,
     "placeholder": "Work email", "validation_type": "email"},
    {"field_type": "text", "x_percent": 10, "y_percent": 13.5, "width_percent": 40, "height_percent": 3,
     "placeholder": "Phone", "validation_type": "phone", "is_required": False},
    {"field_type": "checkbox", "x_percent": 10, "y_percent": 20, "width_percent": 3, "height_percent": 2},
    {"field_type": "checkbox", "x_percent": 14, "y_percent": 20, "width_percent": 3, "height_percent": 2,
     "is_required": False},
    {"field_type": "select", "x_percent": 60, "y_percent": 30, "width_percent": 30, "height_percent": 3,
     "options": ["Monthly", "Yearly"], "placeholder": "Billing", "is_required": False},
    {"field_type": "date", "x_percent": 75, "y_percent": 40, "width_percent": 12, "height_percent": 3},
    {"field_type": "text", "x_percent": 70, "y_percent": 50, "width_percent": 20, "height_percent": 3,
     "placeholder": "Amount", "validation_type": "number", "is_required": False},
    {"field_type": "text", "x_percent": 10, "y_percent": 95, "width_percent": 30, "height_percent": 3,
     "placeholder": "Notes", "is_required": False},
]
