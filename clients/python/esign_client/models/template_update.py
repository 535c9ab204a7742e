from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.template_update_signing_level import TemplateUpdateSigningLevel
from ..models.template_update_signing_order import TemplateUpdateSigningOrder
from ..types import UNSET, Unset
from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.cc_recipient import CcRecipient
  from ..models.retention_override_body import RetentionOverrideBody
  from ..models.role import Role
  from ..models.template_update_retention_type_1_type_0 import TemplateUpdateRetentionType1Type0





T = TypeVar("T", bound="TemplateUpdate")



@_attrs_define
class TemplateUpdate:
    """ 
        Attributes:
            phone_verification_required (bool | Unset):
            identity_verification_required (bool | Unset):
            signing_level (TemplateUpdateSigningLevel | Unset):
            email_subject (None | str | Unset):
            reminder_days (int | None | Unset):
            separate_stamp_page (bool | Unset):
            name (str | Unset):
            description (None | str | Unset):
            document_id (None | Unset | UUID): a document of the organisation; optional here, then every send gives
                `document_id` (or `document_ids`). With `document_ids` it is stored and returned as their first
            document_ids (list[UUID] | None | Unset): extension: an envelope template, 1 to 10 documents of the organisation
                in order, instead of `document_id` (giving both is a 422); together at most 2,000 pages and `[limits]
                max_upload_mb`. Role fields name one of them by `document_id` (default: the first). Null for a one-document
                template; set to null (PATCH) the template keeps its first document only (docs/envelopes.md)
            signing_order (TemplateUpdateSigningOrder | Unset):
            default_message (None | str | Unset):
            default_expiry_days (int | Unset):
            cc_emails (list[CcRecipient | str] | Unset): at most 20; each an email string or `{email, name}`, stored and
                returned as `{email, name}`
            roles (list[Role] | Unset): at most 10 signer roles
            retention (None | RetentionOverrideBody | TemplateUpdateRetentionType1Type0 | Unset): extension: the retention
                of the requests made from this template, in place of their final state's rule (docs/retention.md): purged
                `after_days` after they ended with `action`, unless a request has its own (`PUT /v1/signing-
                requests/{id}/retention`). Not below the organisation's `floor_days` of any final state (422); null: the
                policy's rules. A key without the `admin` scope may only make purges later, for every final state, than the
                template's retention or (without one) the state's rule makes them (403 insufficient_scope)
            fields_from_text_tags (bool | Unset): extension: adds one role field per text tag of the template's documents,
                every one of them, each field naming its `document_id` (`{{type;role=Name;...}}`, the role matched case-
                insensitively) to the roles' fields; a malformed tag or one naming a role the template does not have is a 422
                naming the tag and its page. Not stored: the fields are (docs/placement.md)
     """

    phone_verification_required: bool | Unset = UNSET
    identity_verification_required: bool | Unset = UNSET
    signing_level: TemplateUpdateSigningLevel | Unset = UNSET
    email_subject: None | str | Unset = UNSET
    reminder_days: int | None | Unset = UNSET
    separate_stamp_page: bool | Unset = UNSET
    name: str | Unset = UNSET
    description: None | str | Unset = UNSET
    document_id: None | Unset | UUID = UNSET
    document_ids: list[UUID] | None | Unset = UNSET
    signing_order: TemplateUpdateSigningOrder | Unset = UNSET
    default_message: None | str | Unset = UNSET
    default_expiry_days: int | Unset = UNSET
    cc_emails: list[CcRecipient | str] | Unset = UNSET
    roles: list[Role] | Unset = UNSET
    retention: None | RetentionOverrideBody | TemplateUpdateRetentionType1Type0 | Unset = UNSET
    fields_from_text_tags: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.cc_recipient import CcRecipient # noqa: PLC0415
        from ..models.retention_override_body import RetentionOverrideBody # noqa: PLC0415
        from ..models.role import Role # noqa: PLC0415
        from ..models.template_update_retention_type_1_type_0 import TemplateUpdateRetentionType1Type0 # noqa: PLC0415
        phone_verification_required = self.phone_verification_required

        identity_verification_required = self.identity_verification_required

        signing_level: str | Unset = UNSET
        if not isinstance(self.signing_level, Unset):
            signing_level = self.signing_level.value


        email_subject: None | str | Unset
        if isinstance(self.email_subject, Unset):
            email_subject = UNSET
        else:
            email_subject = self.email_subject

        reminder_days: int | None | Unset
        if isinstance(self.reminder_days, Unset):
            reminder_days = UNSET
        else:
            reminder_days = self.reminder_days

        separate_stamp_page = self.separate_stamp_page

        name = self.name

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

        cc_emails: list[dict[str, Any] | str] | Unset = UNSET
        if not isinstance(self.cc_emails, Unset):
            cc_emails = []
            for cc_emails_item_data in self.cc_emails:
                cc_emails_item: dict[str, Any] | str
                if isinstance(cc_emails_item_data, CcRecipient):
                    cc_emails_item = cc_emails_item_data.to_dict()
                else:
                    cc_emails_item = cc_emails_item_data
                cc_emails.append(cc_emails_item)



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
        elif isinstance(self.retention, TemplateUpdateRetentionType1Type0):
            retention = self.retention.to_dict()
        else:
            retention = self.retention

        fields_from_text_tags = self.fields_from_text_tags


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if phone_verification_required is not UNSET:
            field_dict["phone_verification_required"] = phone_verification_required
        if identity_verification_required is not UNSET:
            field_dict["identity_verification_required"] = identity_verification_required
        if signing_level is not UNSET:
            field_dict["signing_level"] = signing_level
        if email_subject is not UNSET:
            field_dict["email_subject"] = email_subject
        if reminder_days is not UNSET:
            field_dict["reminder_days"] = reminder_days
        if separate_stamp_page is not UNSET:
            field_dict["separate_stamp_page"] = separate_stamp_page
        if name is not UNSET:
            field_dict["name"] = name
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
        if cc_emails is not UNSET:
            field_dict["cc_emails"] = cc_emails
        if roles is not UNSET:
            field_dict["roles"] = roles
        if retention is not UNSET:
            field_dict["retention"] = retention
        if fields_from_text_tags is not UNSET:
            field_dict["fields_from_text_tags"] = fields_from_text_tags

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cc_recipient import CcRecipient # noqa: PLC0415
        from ..models.retention_override_body import RetentionOverrideBody # noqa: PLC0415
        from ..models.role import Role # noqa: PLC0415
        from ..models.template_update_retention_type_1_type_0 import TemplateUpdateRetentionType1Type0 # noqa: PLC0415
        d = dict(src_dict)
        phone_verification_required = d.pop("phone_verification_required", UNSET)

        identity_verification_required = d.pop("identity_verification_required", UNSET)

        _signing_level = d.pop("signing_level", UNSET)
        signing_level: TemplateUpdateSigningLevel | Unset
        if isinstance(_signing_level,  Unset):
            signing_level = UNSET
        else:
            signing_level = TemplateUpdateSigningLevel(_signing_level)




        def _parse_email_subject(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email_subject = _parse_email_subject(d.pop("email_subject", UNSET))


        def _parse_reminder_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reminder_days = _parse_reminder_days(d.pop("reminder_days", UNSET))


        separate_stamp_page = d.pop("separate_stamp_page", UNSET)

        name = d.pop("name", UNSET)

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
        signing_order: TemplateUpdateSigningOrder | Unset
        if isinstance(_signing_order,  Unset):
            signing_order = UNSET
        else:
            signing_order = TemplateUpdateSigningOrder(_signing_order)




        def _parse_default_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        default_message = _parse_default_message(d.pop("default_message", UNSET))


        default_expiry_days = d.pop("default_expiry_days", UNSET)

        _cc_emails = d.pop("cc_emails", UNSET)
        cc_emails: list[CcRecipient | str] | Unset = UNSET
        if _cc_emails is not UNSET:
            cc_emails = []
            for cc_emails_item_data in _cc_emails:
                def _parse_cc_emails_item(data: object) -> CcRecipient | str:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        cc_emails_item_type_1 = CcRecipient.from_dict(data)



                        return cc_emails_item_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CcRecipient | str, data)

                cc_emails_item = _parse_cc_emails_item(cc_emails_item_data)

                cc_emails.append(cc_emails_item)


        _roles = d.pop("roles", UNSET)
        roles: list[Role] | Unset = UNSET
        if _roles is not UNSET:
            roles = []
            for roles_item_data in _roles:
                roles_item = Role.from_dict(roles_item_data)



                roles.append(roles_item)


        def _parse_retention(data: object) -> None | RetentionOverrideBody | TemplateUpdateRetentionType1Type0 | Unset:
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
                retention_type_1_type_0 = TemplateUpdateRetentionType1Type0.from_dict(data)



                return retention_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RetentionOverrideBody | TemplateUpdateRetentionType1Type0 | Unset, data)

        retention = _parse_retention(d.pop("retention", UNSET))


        fields_from_text_tags = d.pop("fields_from_text_tags", UNSET)

        template_update = cls(
            phone_verification_required=phone_verification_required,
            identity_verification_required=identity_verification_required,
            signing_level=signing_level,
            email_subject=email_subject,
            reminder_days=reminder_days,
            separate_stamp_page=separate_stamp_page,
            name=name,
            description=description,
            document_id=document_id,
            document_ids=document_ids,
            signing_order=signing_order,
            default_message=default_message,
            default_expiry_days=default_expiry_days,
            cc_emails=cc_emails,
            roles=roles,
            retention=retention,
            fields_from_text_tags=fields_from_text_tags,
        )

        return template_update

