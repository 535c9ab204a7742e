from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.authoring_session_create_locked_item import AuthoringSessionCreateLockedItem
from ..models.authoring_session_create_mode import AuthoringSessionCreateMode
from ..types import UNSET, Unset
from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.acting_user import ActingUser
  from ..models.capabilities import Capabilities
  from ..models.session_defaults import SessionDefaults





T = TypeVar("T", bound="AuthoringSessionCreate")



@_attrs_define
class AuthoringSessionCreate:
    """ 
        Attributes:
            mode (AuthoringSessionCreateMode):
            request_id (UUID | Unset): a draft of the organisation to edit (409 if not a draft)
            template_id (UUID | Unset): mode template: the template to edit
            document_ids (list[UUID] | Unset): mode request without request_id: the documents of the new draft (1 to 10)
            allowed_origin (str | Unset): the origin that frames the editor: a registered embed origin (403
                origin_not_allowed)
            acting_user (ActingUser | Unset):
            external_id (None | str | Unset):
            capabilities (Capabilities | Unset):
            defaults (SessionDefaults | Unset):
            locked (list[AuthoringSessionCreateLockedItem] | Unset): settings shown but not editable: signers, message,
                email_subject, signing_order, expires_in_days, reminder_days, cc_emails
            locale (None | str | Unset): the signer's language, BCP 47 (`de`, `fr-CH`, `pt-BR`): one of en, de, fr, es, it,
                nl, pt, pl, ja, ar (the region is not kept); null or left out: the organisation's default_locale, else the
                browser's
            open_within_seconds (int | Unset): 60 to 3600: the URL must be opened within this time Default: 600.
     """

    mode: AuthoringSessionCreateMode
    request_id: UUID | Unset = UNSET
    template_id: UUID | Unset = UNSET
    document_ids: list[UUID] | Unset = UNSET
    allowed_origin: str | Unset = UNSET
    acting_user: ActingUser | Unset = UNSET
    external_id: None | str | Unset = UNSET
    capabilities: Capabilities | Unset = UNSET
    defaults: SessionDefaults | Unset = UNSET
    locked: list[AuthoringSessionCreateLockedItem] | Unset = UNSET
    locale: None | str | Unset = UNSET
    open_within_seconds: int | Unset = 600





    def to_dict(self) -> dict[str, Any]:
        from ..models.acting_user import ActingUser # noqa: PLC0415
        from ..models.capabilities import Capabilities # noqa: PLC0415
        from ..models.session_defaults import SessionDefaults # noqa: PLC0415
        mode = self.mode.value

        request_id: str | Unset = UNSET
        if not isinstance(self.request_id, Unset):
            request_id = str(self.request_id)

        template_id: str | Unset = UNSET
        if not isinstance(self.template_id, Unset):
            template_id = str(self.template_id)

        document_ids: list[str] | Unset = UNSET
        if not isinstance(self.document_ids, Unset):
            document_ids = []
            for document_ids_item_data in self.document_ids:
                document_ids_item = str(document_ids_item_data)
                document_ids.append(document_ids_item)



        allowed_origin = self.allowed_origin

        acting_user: dict[str, Any] | Unset = UNSET
        if not isinstance(self.acting_user, Unset):
            acting_user = self.acting_user.to_dict()

        external_id: None | str | Unset
        if isinstance(self.external_id, Unset):
            external_id = UNSET
        else:
            external_id = self.external_id

        capabilities: dict[str, Any] | Unset = UNSET
        if not isinstance(self.capabilities, Unset):
            capabilities = self.capabilities.to_dict()

        defaults: dict[str, Any] | Unset = UNSET
        if not isinstance(self.defaults, Unset):
            defaults = self.defaults.to_dict()

        locked: list[str] | Unset = UNSET
        if not isinstance(self.locked, Unset):
            locked = []
            for locked_item_data in self.locked:
                locked_item = locked_item_data.value
                locked.append(locked_item)



        locale: None | str | Unset
        if isinstance(self.locale, Unset):
            locale = UNSET
        else:
            locale = self.locale

        open_within_seconds = self.open_within_seconds


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "mode": mode,
        })
        if request_id is not UNSET:
            field_dict["request_id"] = request_id
        if template_id is not UNSET:
            field_dict["template_id"] = template_id
        if document_ids is not UNSET:
            field_dict["document_ids"] = document_ids
        if allowed_origin is not UNSET:
            field_dict["allowed_origin"] = allowed_origin
        if acting_user is not UNSET:
            field_dict["acting_user"] = acting_user
        if external_id is not UNSET:
            field_dict["external_id"] = external_id
        if capabilities is not UNSET:
            field_dict["capabilities"] = capabilities
        if defaults is not UNSET:
            field_dict["defaults"] = defaults
        if locked is not UNSET:
            field_dict["locked"] = locked
        if locale is not UNSET:
            field_dict["locale"] = locale
        if open_within_seconds is not UNSET:
            field_dict["open_within_seconds"] = open_within_seconds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.acting_user import ActingUser # noqa: PLC0415
        from ..models.capabilities import Capabilities # noqa: PLC0415
        from ..models.session_defaults import SessionDefaults # noqa: PLC0415
        d = dict(src_dict)
        mode = AuthoringSessionCreateMode(d.pop("mode"))




        _request_id = d.pop("request_id", UNSET)
        request_id: UUID | Unset
        if isinstance(_request_id,  Unset):
            request_id = UNSET
        else:
            request_id = UUID(_request_id)




        _template_id = d.pop("template_id", UNSET)
        template_id: UUID | Unset
        if isinstance(_template_id,  Unset):
            template_id = UNSET
        else:
            template_id = UUID(_template_id)




        _document_ids = d.pop("document_ids", UNSET)
        document_ids: list[UUID] | Unset = UNSET
        if _document_ids is not UNSET:
            document_ids = []
            for document_ids_item_data in _document_ids:
                document_ids_item = UUID(document_ids_item_data)



                document_ids.append(document_ids_item)


        allowed_origin = d.pop("allowed_origin", UNSET)

        _acting_user = d.pop("acting_user", UNSET)
        acting_user: ActingUser | Unset
        if isinstance(_acting_user,  Unset):
            acting_user = UNSET
        else:
            acting_user = ActingUser.from_dict(_acting_user)




        def _parse_external_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_id = _parse_external_id(d.pop("external_id", UNSET))


        _capabilities = d.pop("capabilities", UNSET)
        capabilities: Capabilities | Unset
        if isinstance(_capabilities,  Unset):
            capabilities = UNSET
        else:
            capabilities = Capabilities.from_dict(_capabilities)




        _defaults = d.pop("defaults", UNSET)
        defaults: SessionDefaults | Unset
        if isinstance(_defaults,  Unset):
            defaults = UNSET
        else:
            defaults = SessionDefaults.from_dict(_defaults)




        _locked = d.pop("locked", UNSET)
        locked: list[AuthoringSessionCreateLockedItem] | Unset = UNSET
        if _locked is not UNSET:
            locked = []
            for locked_item_data in _locked:
                locked_item = AuthoringSessionCreateLockedItem(locked_item_data)



                locked.append(locked_item)


        def _parse_locale(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        locale = _parse_locale(d.pop("locale", UNSET))


        open_within_seconds = d.pop("open_within_seconds", UNSET)

        authoring_session_create = cls(
            mode=mode,
            request_id=request_id,
            template_id=template_id,
            document_ids=document_ids,
            allowed_origin=allowed_origin,
            acting_user=acting_user,
            external_id=external_id,
            capabilities=capabilities,
            defaults=defaults,
            locked=locked,
            locale=locale,
            open_within_seconds=open_within_seconds,
        )

        return authoring_session_create

