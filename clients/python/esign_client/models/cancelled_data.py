from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.cancellation import Cancellation
  from ..models.cancelled_data_metadata import CancelledDataMetadata





T = TypeVar("T", bound="CancelledData")



@_attrs_define
class CancelledData:
    """ 
        Attributes:
            external_id (None | str): extension: the `external_id` given on create, else null
            metadata (CancelledDataMetadata): extension: the `metadata` given on create (an empty object when none was)
            sandbox (bool):
            signing_request_id (UUID):
            status (str): the request's status after the event
            document_id (UUID):
            document_name (str):
            reason (None | str): the reason given when cancelling, `declined by <email>` when a signer declined, `rejected
                by <email>` when an approver rejected, null when none was given
            cancellation (Cancellation):
     """

    external_id: None | str
    metadata: CancelledDataMetadata
    sandbox: bool
    signing_request_id: UUID
    status: str
    document_id: UUID
    document_name: str
    reason: None | str
    cancellation: Cancellation
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.cancellation import Cancellation # noqa: PLC0415
        from ..models.cancelled_data_metadata import CancelledDataMetadata # noqa: PLC0415
        external_id: None | str
        external_id = self.external_id

        metadata = self.metadata.to_dict()

        sandbox = self.sandbox

        signing_request_id = str(self.signing_request_id)

        status = self.status

        document_id = str(self.document_id)

        document_name = self.document_name

        reason: None | str
        reason = self.reason

        cancellation = self.cancellation.to_dict()


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
            "reason": reason,
            "cancellation": cancellation,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cancellation import Cancellation # noqa: PLC0415
        from ..models.cancelled_data_metadata import CancelledDataMetadata # noqa: PLC0415
        d = dict(src_dict)
        def _parse_external_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_id = _parse_external_id(d.pop("external_id"))


        metadata = CancelledDataMetadata.from_dict(d.pop("metadata"))




        sandbox = d.pop("sandbox")

        signing_request_id = UUID(d.pop("signing_request_id"))




        status = d.pop("status")

        document_id = UUID(d.pop("document_id"))




        document_name = d.pop("document_name")

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))


        cancellation = Cancellation.from_dict(d.pop("cancellation"))




        cancelled_data = cls(
            external_id=external_id,
            metadata=metadata,
            sandbox=sandbox,
            signing_request_id=signing_request_id,
            status=status,
            document_id=document_id,
            document_name=document_name,
            reason=reason,
            cancellation=cancellation,
        )


        cancelled_data.additional_properties = d
        return cancelled_data

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
