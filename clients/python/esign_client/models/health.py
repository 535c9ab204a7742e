from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.degradation import Degradation





T = TypeVar("T", bound="Health")



@_attrs_define
class Health:
    """ 
        Attributes:
            status (str): `ok` (/healthz); `ready` or `degraded` (/readyz)
            degraded (list[Degradation] | Unset): /readyz with status `degraded`: components that fail without making the
                service unready, such as the sending side of mail (a relay's policy refusal, a login or TLS failure, an email
                given up) until the mail server accepts a message again
     """

    status: str
    degraded: list[Degradation] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.degradation import Degradation # noqa: PLC0415
        status = self.status

        degraded: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.degraded, Unset):
            degraded = []
            for degraded_item_data in self.degraded:
                degraded_item = degraded_item_data.to_dict()
                degraded.append(degraded_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "status": status,
        })
        if degraded is not UNSET:
            field_dict["degraded"] = degraded

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.degradation import Degradation # noqa: PLC0415
        d = dict(src_dict)
        status = d.pop("status")

        _degraded = d.pop("degraded", UNSET)
        degraded: list[Degradation] | Unset = UNSET
        if _degraded is not UNSET:
            degraded = []
            for degraded_item_data in _degraded:
                degraded_item = Degradation.from_dict(degraded_item_data)



                degraded.append(degraded_item)


        health = cls(
            status=status,
            degraded=degraded,
        )


        health.additional_properties = d
        return health

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
