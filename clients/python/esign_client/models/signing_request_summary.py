from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="SigningRequestSummary")



@_attrs_define
class SigningRequestSummary:
    """ 
        Attributes:
            id (UUID):
            document_id (UUID):
            document_name (str):
            status (str):
            signing_order (str):
            expires_at (datetime.datetime):
            created_at (datetime.datetime):
            total_signers (int):
            signed_count (int):
            owner_name (str):
            owner_email (str):
            signer_names (list[str] | Unset):
            owner_avatar_url (None | str | Unset):
            sandbox (bool | Unset):
     """

    id: UUID
    document_id: UUID
    document_name: str
    status: str
    signing_order: str
    expires_at: datetime.datetime
    created_at: datetime.datetime
    total_signers: int
    signed_count: int
    owner_name: str
    owner_email: str
    signer_names: list[str] | Unset = UNSET
    owner_avatar_url: None | str | Unset = UNSET
    sandbox: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        document_id = str(self.document_id)

        document_name = self.document_name

        status = self.status

        signing_order = self.signing_order

        expires_at = self.expires_at.isoformat()

        created_at = self.created_at.isoformat()

        total_signers = self.total_signers

        signed_count = self.signed_count

        owner_name = self.owner_name

        owner_email = self.owner_email

        signer_names: list[str] | Unset = UNSET
        if not isinstance(self.signer_names, Unset):
            signer_names = self.signer_names



        owner_avatar_url: None | str | Unset
        if isinstance(self.owner_avatar_url, Unset):
            owner_avatar_url = UNSET
        else:
            owner_avatar_url = self.owner_avatar_url

        sandbox = self.sandbox


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "document_id": document_id,
            "document_name": document_name,
            "status": status,
            "signing_order": signing_order,
            "expires_at": expires_at,
            "created_at": created_at,
            "total_signers": total_signers,
            "signed_count": signed_count,
            "owner_name": owner_name,
            "owner_email": owner_email,
        })
        if signer_names is not UNSET:
            field_dict["signer_names"] = signer_names
        if owner_avatar_url is not UNSET:
            field_dict["owner_avatar_url"] = owner_avatar_url
        if sandbox is not UNSET:
            field_dict["sandbox"] = sandbox

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        document_id = UUID(d.pop("document_id"))




        document_name = d.pop("document_name")

        status = d.pop("status")

        signing_order = d.pop("signing_order")

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))




        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        total_signers = d.pop("total_signers")

        signed_count = d.pop("signed_count")

        owner_name = d.pop("owner_name")

        owner_email = d.pop("owner_email")

        signer_names = cast(list[str], d.pop("signer_names", UNSET))


        def _parse_owner_avatar_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        owner_avatar_url = _parse_owner_avatar_url(d.pop("owner_avatar_url", UNSET))


        sandbox = d.pop("sandbox", UNSET)

        signing_request_summary = cls(
            id=id,
            document_id=document_id,
            document_name=document_name,
            status=status,
            signing_order=signing_order,
            expires_at=expires_at,
            created_at=created_at,
            total_signers=total_signers,
            signed_count=signed_count,
            owner_name=owner_name,
            owner_email=owner_email,
            signer_names=signer_names,
            owner_avatar_url=owner_avatar_url,
            sandbox=sandbox,
        )


        signing_request_summary.additional_properties = d
        return signing_request_summary

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
