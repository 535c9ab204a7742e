from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.sign_body_initials_type_0 import SignBodyInitialsType0
  from ..models.sign_body_signature_type_0 import SignBodySignatureType0
  from ..models.sign_body_values import SignBodyValues





T = TypeVar("T", bound="SignBody")



@_attrs_define
class SignBody:
    """ 
        Attributes:
            signature (None | SignBodySignatureType0): the adopted signature; always required (422 signature_required
                without it, or null), also for a signer with no signature field
            values (SignBodyValues | Unset): field id -> value (a string, a boolean for checkboxes, or null; at most 5000
                entries) for this signer's text, checkbox ("true"/"false") and select fields, and overrides of auto_source
                fields
            initials (None | SignBodyInitialsType0 | Unset): optional, for initials fields; else the initials of the typed
                name or the signature
            consent (bool | Unset): must be true unless consent was given before
     """

    signature: None | SignBodySignatureType0
    values: SignBodyValues | Unset = UNSET
    initials: None | SignBodyInitialsType0 | Unset = UNSET
    consent: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.sign_body_initials_type_0 import SignBodyInitialsType0 # noqa: PLC0415
        from ..models.sign_body_signature_type_0 import SignBodySignatureType0 # noqa: PLC0415
        from ..models.sign_body_values import SignBodyValues # noqa: PLC0415
        signature: dict[str, Any] | None
        if isinstance(self.signature, SignBodySignatureType0):
            signature = self.signature.to_dict()
        else:
            signature = self.signature

        values: dict[str, Any] | Unset = UNSET
        if not isinstance(self.values, Unset):
            values = self.values.to_dict()

        initials: dict[str, Any] | None | Unset
        if isinstance(self.initials, Unset):
            initials = UNSET
        elif isinstance(self.initials, SignBodyInitialsType0):
            initials = self.initials.to_dict()
        else:
            initials = self.initials

        consent = self.consent


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "signature": signature,
        })
        if values is not UNSET:
            field_dict["values"] = values
        if initials is not UNSET:
            field_dict["initials"] = initials
        if consent is not UNSET:
            field_dict["consent"] = consent

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sign_body_initials_type_0 import SignBodyInitialsType0 # noqa: PLC0415
        from ..models.sign_body_signature_type_0 import SignBodySignatureType0 # noqa: PLC0415
        from ..models.sign_body_values import SignBodyValues # noqa: PLC0415
        d = dict(src_dict)
        def _parse_signature(data: object) -> None | SignBodySignatureType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                signature_type_0 = SignBodySignatureType0.from_dict(data)



                return signature_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SignBodySignatureType0, data)

        signature = _parse_signature(d.pop("signature"))


        _values = d.pop("values", UNSET)
        values: SignBodyValues | Unset
        if isinstance(_values,  Unset):
            values = UNSET
        else:
            values = SignBodyValues.from_dict(_values)




        def _parse_initials(data: object) -> None | SignBodyInitialsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                initials_type_0 = SignBodyInitialsType0.from_dict(data)



                return initials_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SignBodyInitialsType0 | Unset, data)

        initials = _parse_initials(d.pop("initials", UNSET))


        consent = d.pop("consent", UNSET)

        sign_body = cls(
            signature=signature,
            values=values,
            initials=initials,
            consent=consent,
        )

        return sign_body

