from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.witnessed_data_mode import WitnessedDataMode
from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.signer_state import SignerState
  from ..models.witnessed_data_metadata import WitnessedDataMetadata





T = TypeVar("T", bound="WitnessedData")



@_attrs_define
class WitnessedData:
    """ 
        Attributes:
            external_id (None | str): extension: the `external_id` given on create, else null
            metadata (WitnessedDataMetadata): extension: the `metadata` given on create (an empty object when none was)
            sandbox (bool):
            signing_request_id (UUID):
            status (str): the request's status after the event
            document_id (UUID):
            document_name (str):
            signer_id (UUID):
            signer_name (str):
            signer_email (str):
            signer (SignerState):
            type_ (str): extension: the participant's type (`approver`, `viewer`, `assistant`, `witness`; docs/roles.md)
            mode (WitnessedDataMode): extension: the witness's `witness_mode`: `remote` (invited by its own message) or
                `in_person` (handed the signer's device)
     """

    external_id: None | str
    metadata: WitnessedDataMetadata
    sandbox: bool
    signing_request_id: UUID
    status: str
    document_id: UUID
    document_name: str
    signer_id: UUID
    signer_name: str
    signer_email: str
    signer: SignerState
    type_: str
    mode: WitnessedDataMode
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.signer_state import SignerState # noqa: PLC0415
        from ..models.witnessed_data_metadata import WitnessedDataMetadata # noqa: PLC0415
        external_id: None | str
        external_id = self.external_id

        metadata = self.metadata.to_dict()

        sandbox = self.sandbox

        signing_request_id = str(self.signing_request_id)

        status = self.status

        document_id = str(self.document_id)

        document_name = self.document_name

        signer_id = str(self.signer_id)

        signer_name = self.signer_name

        signer_email = self.signer_email

        signer = self.signer.to_dict()

        type_ = self.type_

        mode = self.mode.value


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
            "signer_id": signer_id,
            "signer_name": signer_name,
            "signer_email": signer_email,
            "signer": signer,
            "type": type_,
            "mode": mode,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.signer_state import SignerState # noqa: PLC0415
        from ..models.witnessed_data_metadata import WitnessedDataMetadata # noqa: PLC0415
        d = dict(src_dict)
        def _parse_external_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_id = _parse_external_id(d.pop("external_id"))


        metadata = WitnessedDataMetadata.from_dict(d.pop("metadata"))




        sandbox = d.pop("sandbox")

        signing_request_id = UUID(d.pop("signing_request_id"))




        status = d.pop("status")

        document_id = UUID(d.pop("document_id"))




        document_name = d.pop("document_name")

        signer_id = UUID(d.pop("signer_id"))




        signer_name = d.pop("signer_name")

        signer_email = d.pop("signer_email")

        signer = SignerState.from_dict(d.pop("signer"))




        type_ = d.pop("type")

        mode = WitnessedDataMode(d.pop("mode"))




        witnessed_data = cls(
            external_id=external_id,
            metadata=metadata,
            sandbox=sandbox,
            signing_request_id=signing_request_id,
            status=status,
            document_id=document_id,
            document_name=document_name,
            signer_id=signer_id,
            signer_name=signer_name,
            signer_email=signer_email,
            signer=signer,
            type_=type_,
            mode=mode,
        )


        witnessed_data.additional_properties = d
        return witnessed_data

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
