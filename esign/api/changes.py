"""What a PATCH body is made of: the create shape's own field declarations, none required and none
defaulted (a field left out is left as it is), and a refusal of a body that changes nothing. Used by
the draft edits (esign.api.draft_schemas) and the template update (esign.api.templates)."""
from __future__ import annotations

import copy

from marshmallow import ValidationError, fields, missing, validates_schema

from esign.schema import StrictSchema


def optional(field: fields.Field, description: str | None = None) -> fields.Field:
    """A create field as a change takes it: not required, no default."""
    field = copy.copy(field)
    field.required, field.load_default = False, missing
    if description:
        field.metadata = {**field.metadata, "description": description}
    return field


class ChangeSchema(StrictSchema):
    """A PATCH body: at least one field."""

    @validates_schema
    def not_empty(self, data, **kwargs):
        if not data:
            raise ValidationError("give at least one field to change")
