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
  from ..models.completed_data_metadata import CompletedDataMetadata
  from ..models.completed_field_value import CompletedFieldValue
  from ..models.completed_signer import CompletedSigner
  from ..models.signed_document import SignedDocument





T = TypeVar("T", bound="CompletedData")



@_attrs_define
class CompletedData:
    """ 
        Attributes:
            external_id (None | str): extension: the `external_id` given on create, else null
            metadata (CompletedDataMetadata): extension: the `metadata` given on create (an empty object when none was)
            sandbox (bool):
            signing_request_id (UUID):
            status (str): the request's status after the event
            document_id (UUID):
            document_name (str):
            completed_at (datetime.datetime):
            all_signers (list[CompletedSigner]): array of `{email, name, signed_at}`
            signed_pdf_storage_key (str): location of the signed PDF in storage (of the first document of an envelope)
            documents (list[SignedDocument]): extension: every document of the request in order, each `{document_id, name,
                signed_pdf_storage_key}` (each is signed as a PDF of its own)
            field_values (list[CompletedFieldValue] | None): extension: every field of the request with what was filled in,
                in the request's order; null when they would take more than 256 KiB (read them with `GET /v1/signing-
                requests/{id}`)
     """

    external_id: None | str
    metadata: CompletedDataMetadata
    sandbox: bool
    signing_request_id: UUID
    status: str
    document_id: UUID
    document_name: str
    completed_at: datetime.datetime
    all_signers: list[CompletedSigner]
    signed_pdf_storage_key: str
    documents: list[SignedDocument]
    field_values: list[CompletedFieldValue] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.completed_data_metadata import CompletedDataMetadata # noqa: PLC0415
        from ..models.completed_field_value import CompletedFieldValue # noqa: PLC0415
        from ..models.completed_signer import CompletedSigner # noqa: PLC0415
        from ..models.signed_document import SignedDocument # noqa: PLC0415
        external_id: None | str
        external_id = self.external_id

        metadata = self.metadata.to_dict()

        sandbox = self.sandbox

        signing_request_id = str(self.signing_request_id)

        status = self.status

        document_id = str(self.document_id)

        document_name = self.document_name

        completed_at = self.completed_at.isoformat()

        all_signers = []
        for all_signers_item_data in self.all_signers:
            all_signers_item = all_signers_item_data.to_dict()
            all_signers.append(all_signers_item)



        signed_pdf_storage_key = self.signed_pdf_storage_key

        documents = []
        for documents_item_data in self.documents:
            documents_item = documents_item_data.to_dict()
            documents.append(documents_item)



        field_values: list[dict[str, Any]] | None
        if isinstance(self.field_values, list):
            field_values = []
            for field_values_type_0_item_data in self.field_values:
                field_values_type_0_item = field_values_type_0_item_data.to_dict()
                field_values.append(field_values_type_0_item)


        else:
            field_values = self.field_values


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "external_id": external_id,
            "metadata": metadata,
            "sandbox": sandbox,
            "signing_request_id": signing_request_id,
            "status": status,
            "document_id": document_id,
            "document_name": document_name,
            "completed_at": completed_at,
            "all_signers": all_signers,
            "signed_pdf_storage_key": signed_pdf_storage_key,
            "documents": documents,
            "field_values": field_values,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.completed_data_metadata import CompletedDataMetadata # noqa: PLC0415
        from ..models.completed_field_value import CompletedFieldValue # noqa: PLC0415
        from ..models.completed_signer import CompletedSigner # noqa: PLC0415
        from ..models.signed_document import SignedDocument # noqa: PLC0415
        d = dict(src_dict)
        def _parse_external_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_id = _parse_external_id(d.pop("external_id"))


        metadata = CompletedDataMetadata.from_dict(d.pop("metadata"))




        sandbox = d.pop("sandbox")

        signing_request_id = UUID(d.pop("signing_request_id"))




        status = d.pop("status")

        document_id = UUID(d.pop("document_id"))




        document_name = d.pop("document_name")

        completed_at = datetime.datetime.fromisoformat(d.pop("completed_at"))




        all_signers = []
        _all_signers = d.pop("all_signers")
        for all_signers_item_data in (_all_signers):
            all_signers_item = CompletedSigner.from_dict(all_signers_item_data)



            all_signers.append(all_signers_item)


        signed_pdf_storage_key = d.pop("signed_pdf_storage_key")

        documents = []
        _documents = d.pop("documents")
        for documents_item_data in (_documents):
            documents_item = SignedDocument.from_dict(documents_item_data)



            documents.append(documents_item)


        def _parse_field_values(data: object) -> list[CompletedFieldValue] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                field_values_type_0 = []
                _field_values_type_0 = data
                for field_values_type_0_item_data in (_field_values_type_0):
                    field_values_type_0_item = CompletedFieldValue.from_dict(field_values_type_0_item_data)



                    field_values_type_0.append(field_values_type_0_item)

                return field_values_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CompletedFieldValue] | None, data)

        field_values = _parse_field_values(d.pop("field_values"))


        completed_data = cls(
            external_id=external_id,
            metadata=metadata,
            sandbox=sandbox,
            signing_request_id=signing_request_id,
            status=status,
            document_id=document_id,
            document_name=document_name,
            completed_at=completed_at,
            all_signers=all_signers,
            signed_pdf_storage_key=signed_pdf_storage_key,
            documents=documents,
            field_values=field_values,
        )


        completed_data.additional_properties = d
        return completed_data

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
