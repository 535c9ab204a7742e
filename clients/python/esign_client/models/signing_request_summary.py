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

if TYPE_CHECKING:
  from ..models.progress import Progress
  from ..models.signing_request_summary_metadata import SigningRequestSummaryMetadata





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
            participants_progress (Progress):
            owner_name (str):
            owner_email (str):
            metadata (SigningRequestSummaryMetadata | Unset): extension: the request's metadata
            external_id (None | str | Unset): extension: the request's external_id, else null
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
    participants_progress: Progress
    owner_name: str
    owner_email: str
    metadata: SigningRequestSummaryMetadata | Unset = UNSET
    external_id: None | str | Unset = UNSET
    signer_names: list[str] | Unset = UNSET
    owner_avatar_url: None | str | Unset = UNSET
    sandbox: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.progress import Progress # noqa: PLC0415
        from ..models.signing_request_summary_metadata import SigningRequestSummaryMetadata # noqa: PLC0415
        id = str(self.id)

        document_id = str(self.document_id)

        document_name = self.document_name

        status = self.status

        signing_order = self.signing_order

        expires_at = self.expires_at.isoformat()

        created_at = self.created_at.isoformat()

        total_signers = self.total_signers

        signed_count = self.signed_count

        participants_progress = self.participants_progress.to_dict()

        owner_name = self.owner_name

        owner_email = self.owner_email

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        external_id: None | str | Unset
        if isinstance(self.external_id, Unset):
            external_id = UNSET
        else:
            external_id = self.external_id

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
            "participants_progress": participants_progress,
            "owner_name": owner_name,
            "owner_email": owner_email,
        })
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if external_id is not UNSET:
            field_dict["external_id"] = external_id
        if signer_names is not UNSET:
            field_dict["signer_names"] = signer_names
        if owner_avatar_url is not UNSET:
            field_dict["owner_avatar_url"] = owner_avatar_url
        if sandbox is not UNSET:
            field_dict["sandbox"] = sandbox

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.progress import Progress # noqa: PLC0415
        from ..models.signing_request_summary_metadata import SigningRequestSummaryMetadata # noqa: PLC0415
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

        participants_progress = Progress.from_dict(d.pop("participants_progress"))




        owner_name = d.pop("owner_name")

        owner_email = d.pop("owner_email")

        _metadata = d.pop("metadata", UNSET)
        metadata: SigningRequestSummaryMetadata | Unset
        if isinstance(_metadata,  Unset):
            metadata = UNSET
        else:
            metadata = SigningRequestSummaryMetadata.from_dict(_metadata)




        def _parse_external_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_id = _parse_external_id(d.pop("external_id", UNSET))


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
            participants_progress=participants_progress,
            owner_name=owner_name,
            owner_email=owner_email,
            metadata=metadata,
            external_id=external_id,
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
