from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.recipient_metadata import RecipientMetadata
  from ..models.recipient_variables import RecipientVariables
  from ..models.tagged_role_signer import TaggedRoleSigner





T = TypeVar("T", bound="Recipient")



@_attrs_define
class Recipient:
    """ 
        Attributes:
            signers (list[TaggedRoleSigner]): 1 to 10; every template role exactly one signer; a signer's order is its
                role's order
            metadata (RecipientMetadata | Unset): extension: the sender's own data, never shown to signers: at most 50 keys
                of 1 to 40 characters of `A-Z a-z 0-9 _ . -`, each value a string of at most 500 characters (no control or
                bidirectional control characters); a request's and its signers' metadata together at most 256 KiB (UTF-8).
                Returned in every answer and webhook that shows the request (or the signer)
            external_id (str | Unset): extension: the sender's own identifier, 1 to 255 characters on one line (no control
                or bidirectional control characters); not unique. Returned in every answer and webhook that shows the request
                (or the signer)
            redirect_url (str | Unset): extension: where the signing page sends the signer after they sign or decline, with
                `event=signed` or `event=declined` added to the query: an `https` URL, or an `http` or `https` URL of one of the
                organisation's registered embed origins (e.g. `http://localhost:3000`); at most 2000 characters. Otherwise 422
                naming the field. A signer's own `redirect_url` wins over the request's
            variables (RecipientVariables | Unset): at most 100; keys 1 to 100 chars, values at most 1000 chars. `{{key}}`
                placeholders (spaces inside the braces allowed) in the message, the email subject and the role fields' `value`
                are replaced by `variables[key]` (keys match exactly, case-sensitively; a value is inserted as it is and never
                expanded again). A placeholder with no variable is refused: 422 `validation_error` with one detail
                `variables.<key>` per missing key, and nothing is created. Unused variables are ignored. After replacement the
                usual bounds apply (message 1000, subject 255 on one line, field value 1000).
            message (None | str | Unset): instead of the template's default_message
     """

    signers: list[TaggedRoleSigner]
    metadata: RecipientMetadata | Unset = UNSET
    external_id: str | Unset = UNSET
    redirect_url: str | Unset = UNSET
    variables: RecipientVariables | Unset = UNSET
    message: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.recipient_metadata import RecipientMetadata # noqa: PLC0415
        from ..models.recipient_variables import RecipientVariables # noqa: PLC0415
        from ..models.tagged_role_signer import TaggedRoleSigner # noqa: PLC0415
        signers = []
        for signers_item_data in self.signers:
            signers_item = signers_item_data.to_dict()
            signers.append(signers_item)



        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        external_id = self.external_id

        redirect_url = self.redirect_url

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
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if external_id is not UNSET:
            field_dict["external_id"] = external_id
        if redirect_url is not UNSET:
            field_dict["redirect_url"] = redirect_url
        if variables is not UNSET:
            field_dict["variables"] = variables
        if message is not UNSET:
            field_dict["message"] = message

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.recipient_metadata import RecipientMetadata # noqa: PLC0415
        from ..models.recipient_variables import RecipientVariables # noqa: PLC0415
        from ..models.tagged_role_signer import TaggedRoleSigner # noqa: PLC0415
        d = dict(src_dict)
        signers = []
        _signers = d.pop("signers")
        for signers_item_data in (_signers):
            signers_item = TaggedRoleSigner.from_dict(signers_item_data)



            signers.append(signers_item)


        _metadata = d.pop("metadata", UNSET)
        metadata: RecipientMetadata | Unset
        if isinstance(_metadata,  Unset):
            metadata = UNSET
        else:
            metadata = RecipientMetadata.from_dict(_metadata)




        external_id = d.pop("external_id", UNSET)

        redirect_url = d.pop("redirect_url", UNSET)

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
            metadata=metadata,
            external_id=external_id,
            redirect_url=redirect_url,
            variables=variables,
            message=message,
        )

        return recipient

