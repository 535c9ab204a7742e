from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.completed_signer import CompletedSigner
  from ..models.document_signed_data_metadata import DocumentSignedDataMetadata





T = TypeVar("T", bound="DocumentSignedData")



@_attrs_define
class DocumentSignedData:
    """ 
        Attributes:
            external_id (None | str): extension: the `external_id` given on create, else null
            metadata (DocumentSignedDataMetadata): extension: the `metadata` given on create (an empty object when none was)
            sandbox (bool):
            signing_request_id (UUID):
            document_id (UUID): extension: the document whose signed PDF is ready (one event per document of the request)
            document_name (str):
            completed_at (datetime.datetime):
            signing_level (str): the request's signing level, e.g. `ses`
            signers (list[CompletedSigner]): array of `{email, name, signed_at}`
            download_url (str): extension: a link to this document's signed PDF, valid until `download_expires_at` (24 hours
                after the event; a retry delivers the same link): afterwards ask `GET /v1/signing-requests/{id}/download` for a
                new one
            download_expires_at (datetime.datetime):
     """

    external_id: None | str
    metadata: DocumentSignedDataMetadata
    sandbox: bool
    signing_request_id: UUID
    document_id: UUID
    document_name: str
    completed_at: datetime.datetime
    signing_level: str
    signers: list[CompletedSigner]
    download_url: str
    download_expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.completed_signer import CompletedSigner # noqa: PLC0415
        from ..models.document_signed_data_metadata import DocumentSignedDataMetadata # noqa: PLC0415
        external_id: None | str
        external_id = self.external_id

        metadata = self.metadata.to_dict()

        sandbox = self.sandbox

        signing_request_id = str(self.signing_request_id)

        document_id = str(self.document_id)

        document_name = self.document_name

        completed_at = self.completed_at.isoformat()

        signing_level = self.signing_level

        signers = []
        for signers_item_data in self.signers:
            signers_item = signers_item_data.to_dict()
            signers.append(signers_item)



        download_url = self.download_url

        download_expires_at = self.download_expires_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "external_id": external_id,
            "metadata": metadata,
            "sandbox": sandbox,
            "signing_request_id": signing_request_id,
            "document_id": document_id,
            "document_name": document_name,
            "completed_at": completed_at,
            "signing_level": signing_level,
            "signers": signers,
            "download_url": download_url,
            "download_expires_at": download_expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.completed_signer import CompletedSigner # noqa: PLC0415
        from ..models.document_signed_data_metadata import DocumentSignedDataMetadata # noqa: PLC0415
        d = dict(src_dict)
        def _parse_external_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_id = _parse_external_id(d.pop("external_id"))


        metadata = DocumentSignedDataMetadata.from_dict(d.pop("metadata"))




        sandbox = d.pop("sandbox")

        signing_request_id = UUID(d.pop("signing_request_id"))




        document_id = UUID(d.pop("document_id"))




        document_name = d.pop("document_name")

        completed_at = datetime.datetime.fromisoformat(d.pop("completed_at"))




        signing_level = d.pop("signing_level")

        signers = []
        _signers = d.pop("signers")
        for signers_item_data in (_signers):
            signers_item = CompletedSigner.from_dict(signers_item_data)



            signers.append(signers_item)


        download_url = d.pop("download_url")

        download_expires_at = datetime.datetime.fromisoformat(d.pop("download_expires_at"))




        document_signed_data = cls(
            external_id=external_id,
            metadata=metadata,
            sandbox=sandbox,
            signing_request_id=signing_request_id,
            document_id=document_id,
            document_name=document_name,
            completed_at=completed_at,
            signing_level=signing_level,
            signers=signers,
            download_url=download_url,
            download_expires_at=download_expires_at,
        )


        document_signed_data.additional_properties = d
        return document_signed_data

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
