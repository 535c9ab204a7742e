from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.polled_event import PolledEvent





T = TypeVar("T", bound="EventPage")



@_attrs_define
class EventPage:
    """ 
        Attributes:
            items (list[PolledEvent]):
            total (int): events matching every given parameter, the cursor included, before limit and offset
            limit (int):
            offset (int):
            last_id (None | UUID): id of the page's last item (the oldest; with `since_id` the newest); null when empty
            has_more (bool): more events follow this page
     """

    items: list[PolledEvent]
    total: int
    limit: int
    offset: int
    last_id: None | UUID
    has_more: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.polled_event import PolledEvent # noqa: PLC0415
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)



        total = self.total

        limit = self.limit

        offset = self.offset

        last_id: None | str
        if isinstance(self.last_id, UUID):
            last_id = str(self.last_id)
        else:
            last_id = self.last_id

        has_more = self.has_more


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "items": items,
            "total": total,
            "limit": limit,
            "offset": offset,
            "last_id": last_id,
            "has_more": has_more,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.polled_event import PolledEvent # noqa: PLC0415
        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in (_items):
            items_item = PolledEvent.from_dict(items_item_data)



            items.append(items_item)


        total = d.pop("total")

        limit = d.pop("limit")

        offset = d.pop("offset")

        def _parse_last_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_id_type_0 = UUID(data)



                return last_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        last_id = _parse_last_id(d.pop("last_id"))


        has_more = d.pop("has_more")

        event_page = cls(
            items=items,
            total=total,
            limit=limit,
            offset=offset,
            last_id=last_id,
            has_more=has_more,
        )


        event_page.additional_properties = d
        return event_page

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
