from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.authoring_session_state import AuthoringSessionState
from ..types import UNSET, Unset
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.acting_user import ActingUser
  from ..models.authoring_session_acting_user_type_0_type_0 import AuthoringSessionActingUserType0Type0
  from ..models.capabilities_out import CapabilitiesOut





T = TypeVar("T", bound="AuthoringSession")



@_attrs_define
class AuthoringSession:
    """ 
        Attributes:
            id (UUID):
            state (AuthoringSessionState):
            mode (str):
            capabilities (CapabilitiesOut):
            locked (list[str]):
            expires_at (datetime.datetime): when the session can no longer be used
            created_at (datetime.datetime):
            url (str | Unset): the editor's URL (only in the create answer)
            request_id (None | Unset | UUID):
            template_id (None | Unset | UUID):
            allowed_origin (None | str | Unset):
            acting_user (ActingUser | AuthoringSessionActingUserType0Type0 | None | Unset):
            external_id (None | str | Unset):
            locale (None | str | Unset):
            opened_at (datetime.datetime | None | Unset):
     """

    id: UUID
    state: AuthoringSessionState
    mode: str
    capabilities: CapabilitiesOut
    locked: list[str]
    expires_at: datetime.datetime
    created_at: datetime.datetime
    url: str | Unset = UNSET
    request_id: None | Unset | UUID = UNSET
    template_id: None | Unset | UUID = UNSET
    allowed_origin: None | str | Unset = UNSET
    acting_user: ActingUser | AuthoringSessionActingUserType0Type0 | None | Unset = UNSET
    external_id: None | str | Unset = UNSET
    locale: None | str | Unset = UNSET
    opened_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.acting_user import ActingUser # noqa: PLC0415
        from ..models.authoring_session_acting_user_type_0_type_0 import AuthoringSessionActingUserType0Type0 # noqa: PLC0415
        from ..models.capabilities_out import CapabilitiesOut # noqa: PLC0415
        id = str(self.id)

        state = self.state.value

        mode = self.mode

        capabilities = self.capabilities.to_dict()

        locked = self.locked



        expires_at = self.expires_at.isoformat()

        created_at = self.created_at.isoformat()

        url = self.url

        request_id: None | str | Unset
        if isinstance(self.request_id, Unset):
            request_id = UNSET
        elif isinstance(self.request_id, UUID):
            request_id = str(self.request_id)
        else:
            request_id = self.request_id

        template_id: None | str | Unset
        if isinstance(self.template_id, Unset):
            template_id = UNSET
        elif isinstance(self.template_id, UUID):
            template_id = str(self.template_id)
        else:
            template_id = self.template_id

        allowed_origin: None | str | Unset
        if isinstance(self.allowed_origin, Unset):
            allowed_origin = UNSET
        else:
            allowed_origin = self.allowed_origin

        acting_user: dict[str, Any] | None | Unset
        if isinstance(self.acting_user, Unset):
            acting_user = UNSET
        elif isinstance(self.acting_user, AuthoringSessionActingUserType0Type0):
            acting_user = self.acting_user.to_dict()
        elif isinstance(self.acting_user, ActingUser):
            acting_user = self.acting_user.to_dict()
        else:
            acting_user = self.acting_user

        external_id: None | str | Unset
        if isinstance(self.external_id, Unset):
            external_id = UNSET
        else:
            external_id = self.external_id

        locale: None | str | Unset
        if isinstance(self.locale, Unset):
            locale = UNSET
        else:
            locale = self.locale

        opened_at: None | str | Unset
        if isinstance(self.opened_at, Unset):
            opened_at = UNSET
        elif isinstance(self.opened_at, datetime.datetime):
            opened_at = self.opened_at.isoformat()
        else:
            opened_at = self.opened_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "state": state,
            "mode": mode,
            "capabilities": capabilities,
            "locked": locked,
            "expires_at": expires_at,
            "created_at": created_at,
        })
        if url is not UNSET:
            field_dict["url"] = url
        if request_id is not UNSET:
            field_dict["request_id"] = request_id
        if template_id is not UNSET:
            field_dict["template_id"] = template_id
        if allowed_origin is not UNSET:
            field_dict["allowed_origin"] = allowed_origin
        if acting_user is not UNSET:
            field_dict["acting_user"] = acting_user
        if external_id is not UNSET:
            field_dict["external_id"] = external_id
        if locale is not UNSET:
            field_dict["locale"] = locale
        if opened_at is not UNSET:
            field_dict["opened_at"] = opened_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.acting_user import ActingUser # noqa: PLC0415
        from ..models.authoring_session_acting_user_type_0_type_0 import AuthoringSessionActingUserType0Type0 # noqa: PLC0415
        from ..models.capabilities_out import CapabilitiesOut # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        state = AuthoringSessionState(d.pop("state"))




        mode = d.pop("mode")

        capabilities = CapabilitiesOut.from_dict(d.pop("capabilities"))




        locked = cast(list[str], d.pop("locked"))


        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))




        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        url = d.pop("url", UNSET)

        def _parse_request_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                request_id_type_0 = UUID(data)



                return request_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        request_id = _parse_request_id(d.pop("request_id", UNSET))


        def _parse_template_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                template_id_type_0 = UUID(data)



                return template_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        template_id = _parse_template_id(d.pop("template_id", UNSET))


        def _parse_allowed_origin(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        allowed_origin = _parse_allowed_origin(d.pop("allowed_origin", UNSET))


        def _parse_acting_user(data: object) -> ActingUser | AuthoringSessionActingUserType0Type0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                acting_user_type_0_type_0 = AuthoringSessionActingUserType0Type0.from_dict(data)



                return acting_user_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                acting_user_type_1 = ActingUser.from_dict(data)



                return acting_user_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActingUser | AuthoringSessionActingUserType0Type0 | None | Unset, data)

        acting_user = _parse_acting_user(d.pop("acting_user", UNSET))


        def _parse_external_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_id = _parse_external_id(d.pop("external_id", UNSET))


        def _parse_locale(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        locale = _parse_locale(d.pop("locale", UNSET))


        def _parse_opened_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                opened_at_type_0 = datetime.datetime.fromisoformat(data)



                return opened_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        opened_at = _parse_opened_at(d.pop("opened_at", UNSET))


        authoring_session = cls(
            id=id,
            state=state,
            mode=mode,
            capabilities=capabilities,
            locked=locked,
            expires_at=expires_at,
            created_at=created_at,
            url=url,
            request_id=request_id,
            template_id=template_id,
            allowed_origin=allowed_origin,
            acting_user=acting_user,
            external_id=external_id,
            locale=locale,
            opened_at=opened_at,
        )


        authoring_session.additional_properties = d
        return authoring_session

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
