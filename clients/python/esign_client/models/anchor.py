from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.anchor_if_missing import AnchorIfMissing
from ..models.anchor_occurrence_type_1 import AnchorOccurrenceType1
from ..models.anchor_units import AnchorUnits
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Anchor")



@_attrs_define
class Anchor:
    """ 
        Attributes:
            text (str): the text to find in the PDF's text layer: case-sensitive, runs of white space match any run of white
                space (line ends too); 1 to 200 characters
            occurrence (AnchorOccurrenceType1 | int | Unset): which match, 1-based in reading order (page by page, top to
                bottom, left to right; default 1), or `all`: one field at every match Default: 1.
            x_offset (float | Unset): added to the anchor's left edge (right is positive) Default: 0.0.
            y_offset (float | Unset): added to the anchor's top edge (down is positive) Default: 0.0.
            units (AnchorUnits | Unset): of the offsets: percent of the displayed page (default) or points Default:
                AnchorUnits.PERCENT.
            if_missing (AnchorIfMissing | Unset): `error` (default): a text not found is a 422 naming the field and the
                text; `skip`: the field is left out Default: AnchorIfMissing.ERROR.
     """

    text: str
    occurrence: AnchorOccurrenceType1 | int | Unset = 1
    x_offset: float | Unset = 0.0
    y_offset: float | Unset = 0.0
    units: AnchorUnits | Unset = AnchorUnits.PERCENT
    if_missing: AnchorIfMissing | Unset = AnchorIfMissing.ERROR





    def to_dict(self) -> dict[str, Any]:
        text = self.text

        occurrence: int | str | Unset
        if isinstance(self.occurrence, Unset):
            occurrence = UNSET
        elif isinstance(self.occurrence, AnchorOccurrenceType1):
            occurrence = self.occurrence.value
        else:
            occurrence = self.occurrence

        x_offset = self.x_offset

        y_offset = self.y_offset

        units: str | Unset = UNSET
        if not isinstance(self.units, Unset):
            units = self.units.value


        if_missing: str | Unset = UNSET
        if not isinstance(self.if_missing, Unset):
            if_missing = self.if_missing.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "text": text,
        })
        if occurrence is not UNSET:
            field_dict["occurrence"] = occurrence
        if x_offset is not UNSET:
            field_dict["x_offset"] = x_offset
        if y_offset is not UNSET:
            field_dict["y_offset"] = y_offset
        if units is not UNSET:
            field_dict["units"] = units
        if if_missing is not UNSET:
            field_dict["if_missing"] = if_missing

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        text = d.pop("text")

        def _parse_occurrence(data: object) -> AnchorOccurrenceType1 | int | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                occurrence_type_1 = AnchorOccurrenceType1(data)



                return occurrence_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AnchorOccurrenceType1 | int | Unset, data)

        occurrence = _parse_occurrence(d.pop("occurrence", UNSET))


        x_offset = d.pop("x_offset", UNSET)

        y_offset = d.pop("y_offset", UNSET)

        _units = d.pop("units", UNSET)
        units: AnchorUnits | Unset
        if isinstance(_units,  Unset):
            units = UNSET
        else:
            units = AnchorUnits(_units)




        _if_missing = d.pop("if_missing", UNSET)
        if_missing: AnchorIfMissing | Unset
        if isinstance(_if_missing,  Unset):
            if_missing = UNSET
        else:
            if_missing = AnchorIfMissing(_if_missing)




        anchor = cls(
            text=text,
            occurrence=occurrence,
            x_offset=x_offset,
            y_offset=y_offset,
            units=units,
            if_missing=if_missing,
        )

        return anchor

