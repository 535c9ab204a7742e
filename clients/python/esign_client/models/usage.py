from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.identity_metric import IdentityMetric
  from ..models.metric import Metric





T = TypeVar("T", bound="Usage")



@_attrs_define
class Usage:
    """ 
        Attributes:
            signing_requests (Metric):
            storage (Metric):
            templates (Metric):
            identity_verifications (IdentityMetric):
     """

    signing_requests: Metric
    storage: Metric
    templates: Metric
    identity_verifications: IdentityMetric
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.identity_metric import IdentityMetric # noqa: PLC0415
        from ..models.metric import Metric # noqa: PLC0415
        signing_requests = self.signing_requests.to_dict()

        storage = self.storage.to_dict()

        templates = self.templates.to_dict()

        identity_verifications = self.identity_verifications.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "signing_requests": signing_requests,
            "storage": storage,
            "templates": templates,
            "identity_verifications": identity_verifications,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.identity_metric import IdentityMetric # noqa: PLC0415
        from ..models.metric import Metric # noqa: PLC0415
        d = dict(src_dict)
        signing_requests = Metric.from_dict(d.pop("signing_requests"))




        storage = Metric.from_dict(d.pop("storage"))




        templates = Metric.from_dict(d.pop("templates"))




        identity_verifications = IdentityMetric.from_dict(d.pop("identity_verifications"))




        usage = cls(
            signing_requests=signing_requests,
            storage=storage,
            templates=templates,
            identity_verifications=identity_verifications,
        )


        usage.additional_properties = d
        return usage

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
