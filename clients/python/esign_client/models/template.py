from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.template_signing_level import TemplateSigningLevel
from ..models.template_signing_order import TemplateSigningOrder
from ..types import UNSET, Unset
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.cc_out import CcOut
  from ..models.retention_override_body import RetentionOverrideBody
  from ..models.role import Role
  from ..models.template_retention_type_1_type_0 import TemplateRetentionType1Type0





T = TypeVar("T", bound="Template")



@_attrs_define
class Template:
    """ 
        Attributes:
            id (UUID):
            name (str):
            cc_emails (list[CcOut]):
            created_at (datetime.datetime):
            updated_at (datetime.datetime):
            description (None | str | Unset):
            document_id (None | Unset | UUID): a document of the organisation; optional here, then every send gives
                `document_id` (or `document_ids`). With `document_ids` it is stored and returned as their first
            document_ids (list[UUID] | None | Unset): extension: an envelope template, 1 to 10 documents of the organisation
                in order, instead of `document_id` (giving both is a 422); together at most 2,000 pages and `[limits]
                max_upload_mb`. Role fields name one of them by `document_id` (default: the first). Null for a one-document
                template; set to null (PATCH) the template keeps its first document only (docs/envelopes.md)
            signing_order (TemplateSigningOrder | Unset):  Default: TemplateSigningOrder.SEQUENTIAL.
            default_message (None | str | Unset):
            default_expiry_days (int | Unset):  Default: 7.
            reminder_days (int | None | Unset):
            email_subject (None | str | Unset):
            identity_verification_required (bool | Unset):  Default: False.
            phone_verification_required (bool | Unset):  Default: False.
            signing_level (TemplateSigningLevel | Unset):  Default: TemplateSigningLevel.SES.
            separate_stamp_page (bool | Unset):  Default: False.
            roles (list[Role] | Unset): at most 10 signer roles
            retention (None | RetentionOverrideBody | TemplateRetentionType1Type0 | Unset): extension: the retention of the
                requests made from this template, in place of their final state's rule (docs/retention.md): purged `after_days`
                after they ended with `action`, unless a request has its own (`PUT /v1/signing-requests/{id}/retention`). Not
                below the organisation's `floor_days` of any final state (422); null: the policy's rules. A key without the
                `admin` scope may only make purges later, for every final state, than the template's retention or (without one)
                the state's rule makes them (403 insufficient_scope)
            sandbox (bool | Unset): made with a sandbox key: not counted toward the plan's limit, sent only with sandbox
                keys
     """

    id: UUID
    name: str
    cc_emails: list[CcOut]
    created_at: datetime.datetime
    updated_at: datetime.datetime
    description: None | str | Unset = UNSET
    document_id: None | Unset | UUID = UNSET
    document_ids: list[UUID] | None | Unset = UNSET
    signing_order: TemplateSigningOrder | Unset = TemplateSigningOrder.SEQUENTIAL
    default_message: None | str | Unset = UNSET
    default_expiry_days: int | Unset = 7
    reminder_days: int | None | Unset = UNSET
    email_subject: None | str | Unset = UNSET
    identity_verification_required: bool | Unset = False
    phone_verification_required: bool | Unset = False
    signing_level: TemplateSigningLevel | Unset = TemplateSigningLevel.SES
    separate_stamp_page: bool | Unset = False
    roles: list[Role] | Unset = UNSET
    retention: None | RetentionOverrideBody | TemplateRetentionType1Type0 | Unset = UNSET
    sandbox: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.cc_out import CcOut # noqa: PLC0415
        from ..models.retention_override_body import RetentionOverrideBody # noqa: PLC0415
        from ..models.role import Role # noqa: PLC0415
        from ..models.template_retention_type_1_type_0 import TemplateRetentionType1Type0 # noqa: PLC0415
        id = str(self.id)

        name = self.name

        cc_emails = []
        for cc_emails_item_data in self.cc_emails:
            cc_emails_item = cc_emails_item_data.to_dict()
            cc_emails.append(cc_emails_item)



        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        document_id: None | str | Unset
        if isinstance(self.document_id, Unset):
            document_id = UNSET
        elif isinstance(self.document_id, UUID):
            document_id = str(self.document_id)
        else:
            document_id = self.document_id

        document_ids: list[str] | None | Unset
        if isinstance(self.document_ids, Unset):
            document_ids = UNSET
        elif isinstance(self.document_ids, list):
            document_ids = []
            for document_ids_type_0_item_data in self.document_ids:
                document_ids_type_0_item = str(document_ids_type_0_item_data)
                document_ids.append(document_ids_type_0_item)


        else:
            document_ids = self.document_ids

        signing_order: str | Unset = UNSET
        if not isinstance(self.signing_order, Unset):
            signing_order = self.signing_order.value


        default_message: None | str | Unset
        if isinstance(self.default_message, Unset):
            default_message = UNSET
        else:
            default_message = self.default_message

        default_expiry_days = self.default_expiry_days

        reminder_days: int | None | Unset
        if isinstance(self.reminder_days, Unset):
            reminder_days = UNSET
        else:
            reminder_days = self.reminder_days

        email_subject: None | str | Unset
        if isinstance(self.email_subject, Unset):
            email_subject = UNSET
        else:
            email_subject = self.email_subject

        identity_verification_required = self.identity_verification_required

        phone_verification_required = self.phone_verification_required

        signing_level: str | Unset = UNSET
        if not isinstance(self.signing_level, Unset):
            signing_level = self.signing_level.value


        separate_stamp_page = self.separate_stamp_page

        roles: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.roles, Unset):
            roles = []
            for roles_item_data in self.roles:
                roles_item = roles_item_data.to_dict()
                roles.append(roles_item)



        retention: dict[str, Any] | None | Unset
        if isinstance(self.retention, Unset):
            retention = UNSET
        elif isinstance(self.retention, RetentionOverrideBody):
            retention = self.retention.to_dict()
        elif isinstance(self.retention, TemplateRetentionType1Type0):
            retention = self.retention.to_dict()
        else:
            retention = self.retention

        sandbox = self.sandbox


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "cc_emails": cc_emails,
            "created_at": created_at,
            "updated_at": updated_at,
        })
        if description is not UNSET:
            field_dict["description"] = description
        if document_id is not UNSET:
            field_dict["document_id"] = document_id
        if document_ids is not UNSET:
            field_dict["document_ids"] = document_ids
        if signing_order is not UNSET:
            field_dict["signing_order"] = signing_order
        if default_message is not UNSET:
            field_dict["default_message"] = default_message
        if default_expiry_days is not UNSET:
            field_dict["default_expiry_days"] = default_expiry_days
        if reminder_days is not UNSET:
            field_dict["reminder_days"] = reminder_days
        if email_subject is not UNSET:
            field_dict["email_subject"] = email_subject
        if identity_verification_required is not UNSET:
            field_dict["identity_verification_required"] = identity_verification_required
        if phone_verification_required is not UNSET:
            field_dict["phone_verification_required"] = phone_verification_required
        if signing_level is not UNSET:
            field_dict["signing_level"] = signing_level
        if separate_stamp_page is not UNSET:
            field_dict["separate_stamp_page"] = separate_stamp_page
        if roles is not UNSET:
            field_dict["roles"] = roles
        if retention is not UNSET:
            field_dict["retention"] = retention
        if sandbox is not UNSET:
            field_dict["sandbox"] = sandbox

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cc_out import CcOut # noqa: PLC0415
        from ..models.retention_override_body import RetentionOverrideBody # noqa: PLC0415
        from ..models.role import Role # noqa: PLC0415
        from ..models.template_retention_type_1_type_0 import TemplateRetentionType1Type0 # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        name = d.pop("name")

        cc_emails = []
        _cc_emails = d.pop("cc_emails")
        for cc_emails_item_data in (_cc_emails):
            cc_emails_item = CcOut.from_dict(cc_emails_item_data)



            cc_emails.append(cc_emails_item)


        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))




        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_document_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                document_id_type_0 = UUID(data)



                return document_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        document_id = _parse_document_id(d.pop("document_id", UNSET))


        def _parse_document_ids(data: object) -> list[UUID] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                document_ids_type_0 = []
                _document_ids_type_0 = data
                for document_ids_type_0_item_data in (_document_ids_type_0):
                    document_ids_type_0_item = UUID(document_ids_type_0_item_data)



                    document_ids_type_0.append(document_ids_type_0_item)

                return document_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[UUID] | None | Unset, data)

        document_ids = _parse_document_ids(d.pop("document_ids", UNSET))


        _signing_order = d.pop("signing_order", UNSET)
        signing_order: TemplateSigningOrder | Unset
        if isinstance(_signing_order,  Unset):
            signing_order = UNSET
        else:
            signing_order = TemplateSigningOrder(_signing_order)




        def _parse_default_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        default_message = _parse_default_message(d.pop("default_message", UNSET))


        default_expiry_days = d.pop("default_expiry_days", UNSET)

        def _parse_reminder_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reminder_days = _parse_reminder_days(d.pop("reminder_days", UNSET))


        def _parse_email_subject(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email_subject = _parse_email_subject(d.pop("email_subject", UNSET))


        identity_verification_required = d.pop("identity_verification_required", UNSET)

        phone_verification_required = d.pop("phone_verification_required", UNSET)

        _signing_level = d.pop("signing_level", UNSET)
        signing_level: TemplateSigningLevel | Unset
        if isinstance(_signing_level,  Unset):
            signing_level = UNSET
        else:
            signing_level = TemplateSigningLevel(_signing_level)




        separate_stamp_page = d.pop("separate_stamp_page", UNSET)

        _roles = d.pop("roles", UNSET)
        roles: list[Role] | Unset = UNSET
        if _roles is not UNSET:
            roles = []
            for roles_item_data in _roles:
                roles_item = Role.from_dict(roles_item_data)



                roles.append(roles_item)


        def _parse_retention(data: object) -> None | RetentionOverrideBody | TemplateRetentionType1Type0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                retention_type_0 = RetentionOverrideBody.from_dict(data)



                return retention_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                retention_type_1_type_0 = TemplateRetentionType1Type0.from_dict(data)



                return retention_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RetentionOverrideBody | TemplateRetentionType1Type0 | Unset, data)

        retention = _parse_retention(d.pop("retention", UNSET))


        sandbox = d.pop("sandbox", UNSET)

        template = cls(
            id=id,
            name=name,
            cc_emails=cc_emails,
            created_at=created_at,
            updated_at=updated_at,
            description=description,
            document_id=document_id,
            document_ids=document_ids,
            signing_order=signing_order,
            default_message=default_message,
            default_expiry_days=default_expiry_days,
            reminder_days=reminder_days,
            email_subject=email_subject,
            identity_verification_required=identity_verification_required,
            phone_verification_required=phone_verification_required,
            signing_level=signing_level,
            separate_stamp_page=separate_stamp_page,
            roles=roles,
            retention=retention,
            sandbox=sandbox,
        )

        return template

