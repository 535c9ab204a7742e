from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.recipient_variables import RecipientVariables
  from ..models.role_signer import RoleSigner





T = TypeVar("T", bound="Recipient")



@_attrs_define
class Recipient:
    """ 
        Attributes:
            signers (list[RoleSigner]): 1 to 10; every template role exactly one signer; a signer's order is its role's
                order
            variables (RecipientVariables | Unset): at most 100; keys 1 to 100 chars, values at most 1000 chars. `{{key}}`
                placeholders (spaces inside the braces allowed) in the message, the email subject and the role fields' `value`
                are replaced by `variables[key]` (keys match exactly, case-sensitively; a value is inserted as it is and never
                expanded again). A placeholder with no variable is refused: 422 `validation_error` with one detail
                `variables.<key>` per missing key, and nothing is created. Unused variables are ignored. After replacement the
                usual bounds apply (message 1000, subject 255 on one line, field value 1000).
            message (None | str | Unset): instead of the template's default_message
     """

    signers: list[RoleSigner]
    variables: RecipientVariables | Unset = UNSET
    message: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.recipient_variables import RecipientVariables # noqa: PLC0415
        from ..models.role_signer import RoleSigner # noqa: PLC0415
        signers = []
        for signers_item_data in self.signers:
            signers_item = signers_item_data.to_dict()
            signers.append(signers_item)



        variables: dict[str, Any] | Unset = UNSET
        if not isinstance(self.variables, Unset):
            variables = self.variables.to_dict()

        message: None | str | Unset
        if isinstance(self.message, Unset):
            message = UNSET
        else:
            message = self.message


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "signers": signers,
        })
        if variables is not UNSET:
            field_dict["variables"] = variables
        if message is not UNSET:
            field_dict["message"] = message

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.recipient_variables import RecipientVariables # noqa: PLC0415
        from ..models.role_signer import RoleSigner # noqa: PLC0415
        d = dict(src_dict)
        signers = []
        _signers = d.pop("signers")
        for signers_item_data in (_signers):
            signers_item = RoleSigner.from_dict(signers_item_data)



            signers.append(signers_item)


        _variables = d.pop("variables", UNSET)
        variables: RecipientVariables | Unset
        if isinstance(_variables,  Unset):
            variables = UNSET
        else:
            variables = RecipientVariables.from_dict(_variables)




        def _parse_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message = _parse_message(d.pop("message", UNSET))


        recipient = cls(
            signers=signers,
            variables=variables,
            message=message,
        )

        return recipient

