from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.preview_counts import PreviewCounts
  from ..models.preview_rule import PreviewRule
  from ..models.preview_template import PreviewTemplate





T = TypeVar("T", bound="RetentionPreview")



@_attrs_define
class RetentionPreview:
    """ 
        Attributes:
            rules (list[PreviewRule]): the policy's rules: the requests of their state made from no template with its own
                retention (or scheduled by a rule already)
            templates (list[PreviewTemplate]): each template with its own retention: the requests made from it, whatever
                their final state
            requests (PreviewCounts):
            source (str):
     """

    rules: list[PreviewRule]
    templates: list[PreviewTemplate]
    requests: PreviewCounts
    source: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.preview_counts import PreviewCounts # noqa: PLC0415
        from ..models.preview_rule import PreviewRule # noqa: PLC0415
        from ..models.preview_template import PreviewTemplate # noqa: PLC0415
        rules = []
        for rules_item_data in self.rules:
            rules_item = rules_item_data.to_dict()
            rules.append(rules_item)



        templates = []
        for templates_item_data in self.templates:
            templates_item = templates_item_data.to_dict()
            templates.append(templates_item)



        requests = self.requests.to_dict()

        source = self.source


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "rules": rules,
            "templates": templates,
            "requests": requests,
            "source": source,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.preview_counts import PreviewCounts # noqa: PLC0415
        from ..models.preview_rule import PreviewRule # noqa: PLC0415
        from ..models.preview_template import PreviewTemplate # noqa: PLC0415
        d = dict(src_dict)
        rules = []
        _rules = d.pop("rules")
        for rules_item_data in (_rules):
            rules_item = PreviewRule.from_dict(rules_item_data)



            rules.append(rules_item)


        templates = []
        _templates = d.pop("templates")
        for templates_item_data in (_templates):
            templates_item = PreviewTemplate.from_dict(templates_item_data)



            templates.append(templates_item)


        requests = PreviewCounts.from_dict(d.pop("requests"))




        source = d.pop("source")

        retention_preview = cls(
            rules=rules,
            templates=templates,
            requests=requests,
            source=source,
        )


        retention_preview.additional_properties = d
        return retention_preview

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
