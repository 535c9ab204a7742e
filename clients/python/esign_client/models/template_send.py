from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.tagged_role_signer import TaggedRoleSigner
  from ..models.template_send_metadata import TemplateSendMetadata
  from ..models.template_send_variables import TemplateSendVariables





T = TypeVar("T", bound="TemplateSend")



@_attrs_define
class TemplateSend:
    """ 
        Attributes:
            signers (list[TaggedRoleSigner]): 1 to 10; every template role exactly one signer; a signer's order is its
                role's order
            expires_in_days (int | None | Unset): 1 to 90; default: the template's default_expiry_days
            auto_send (bool | Unset): false creates drafts Default: True.
            metadata (TemplateSendMetadata | Unset): extension: the sender's own data, never shown to signers: at most 50
                keys of 1 to 40 characters of `A-Z a-z 0-9 _ . -`, each value a string of at most 500 characters (no control or
                bidirectional control characters); a request's and its signers' metadata together at most 256 KiB (UTF-8).
                Returned in every answer and webhook that shows the request (or the signer)
            external_id (str | Unset): extension: the sender's own identifier, 1 to 255 characters on one line (no control
                or bidirectional control characters); not unique. Returned in every answer and webhook that shows the request
                (or the signer)
            redirect_url (str | Unset): extension: where the signing page sends the signer after they sign or decline, with
                `event=signed` or `event=declined` added to the query: an `https` URL, or an `http` or `https` URL of one of the
                organisation's registered embed origins (e.g. `http://localhost:3000`); at most 2000 characters. Otherwise 422
                naming the field. A signer's own `redirect_url` wins over the request's
            variables (TemplateSendVariables | Unset): at most 100; keys 1 to 100 chars, values at most 1000 chars.
                `{{key}}` placeholders (spaces inside the braces allowed) in the message, the email subject and the role fields'
                `value` are replaced by `variables[key]` (keys match exactly, case-sensitively; a value is inserted as it is and
                never expanded again). A placeholder with no variable is refused: 422 `validation_error` with one detail
                `variables.<key>` per missing key, and nothing is created. Unused variables are ignored. After replacement the
                usual bounds apply (message 1000, subject 255 on one line, field value 1000).
            message (None | str | Unset): instead of the template's default_message
            document_id (None | Unset | UUID): instead of the template's document; the role fields must lie on its pages
            document_ids (list[UUID] | None | Unset): extension: instead of the template's documents, 1 to 10 in order
                (giving both this and `document_id` is a 422): the n-th takes the place of the template's n-th, and the role
                fields on that one lie on it and must fit its pages (422). The request made is an envelope (docs/envelopes.md)
     """

    signers: list[TaggedRoleSigner]
    expires_in_days: int | None | Unset = UNSET
    auto_send: bool | Unset = True
    metadata: TemplateSendMetadata | Unset = UNSET
    external_id: str | Unset = UNSET
    redirect_url: str | Unset = UNSET
    variables: TemplateSendVariables | Unset = UNSET
    message: None | str | Unset = UNSET
    document_id: None | Unset | UUID = UNSET
    document_ids: list[UUID] | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.tagged_role_signer import TaggedRoleSigner # noqa: PLC0415
        from ..models.template_send_metadata import TemplateSendMetadata # noqa: PLC0415
        from ..models.template_send_variables import TemplateSendVariables # noqa: PLC0415
        signers = []
        for signers_item_data in self.signers:
            signers_item = signers_item_data.to_dict()
            signers.append(signers_item)



        expires_in_days: int | None | Unset
        if isinstance(self.expires_in_days, Unset):
            expires_in_days = UNSET
        else:
            expires_in_days = self.expires_in_days

        auto_send = self.auto_send

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

        document_id: None | str | Unset
        if isinstance(self.document_id, Unset):
            document_id = UNSET
        elif isinstance(self.document_id, UUID):
            document_id = str(self.document_id)
        else:
            document_id = self.document_id

        document_ids: list[str] | None | Unset
        if isinstance(self.document_ids, Unset):
            document_ids = UNSET
        elif isinstance(self.document_ids, list):
            document_ids = []
            for document_ids_type_0_item_data in self.document_ids:
                document_ids_type_0_item = str(document_ids_type_0_item_data)
                document_ids.append(document_ids_type_0_item)


        else:
            document_ids = self.document_ids


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "signers": signers,
        })
        if expires_in_days is not UNSET:
            field_dict["expires_in_days"] = expires_in_days
        if auto_send is not UNSET:
            field_dict["auto_send"] = auto_send
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
        if document_id is not UNSET:
            field_dict["document_id"] = document_id
        if document_ids is not UNSET:
            field_dict["document_ids"] = document_ids

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tagged_role_signer import TaggedRoleSigner # noqa: PLC0415
        from ..models.template_send_metadata import TemplateSendMetadata # noqa: PLC0415
        from ..models.template_send_variables import TemplateSendVariables # noqa: PLC0415
        d = dict(src_dict)
        signers = []
        _signers = d.pop("signers")
        for signers_item_data in (_signers):
            signers_item = TaggedRoleSigner.from_dict(signers_item_data)



            signers.append(signers_item)


        def _parse_expires_in_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expires_in_days = _parse_expires_in_days(d.pop("expires_in_days", UNSET))


        auto_send = d.pop("auto_send", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: TemplateSendMetadata | Unset
        if isinstance(_metadata,  Unset):
            metadata = UNSET
        else:
            metadata = TemplateSendMetadata.from_dict(_metadata)




        external_id = d.pop("external_id", UNSET)

        redirect_url = d.pop("redirect_url", UNSET)

        _variables = d.pop("variables", UNSET)
        variables: TemplateSendVariables | Unset
        if isinstance(_variables,  Unset):
            variables = UNSET
        else:
            variables = TemplateSendVariables.from_dict(_variables)




        def _parse_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message = _parse_message(d.pop("message", UNSET))


        def _parse_document_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                document_id_type_0 = UUID(data)



                return document_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        document_id = _parse_document_id(d.pop("document_id", UNSET))


        def _parse_document_ids(data: object) -> list[UUID] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                document_ids_type_0 = []
                _document_ids_type_0 = data
                for document_ids_type_0_item_data in (_document_ids_type_0):
                    document_ids_type_0_item = UUID(document_ids_type_0_item_data)



                    document_ids_type_0.append(document_ids_type_0_item)

                return document_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[UUID] | None | Unset, data)

        document_ids = _parse_document_ids(d.pop("document_ids", UNSET))


        template_send = cls(
            signers=signers,
            expires_in_days=expires_in_days,
            auto_send=auto_send,
            metadata=metadata,
            external_id=external_id,
            redirect_url=redirect_url,
            variables=variables,
            message=message,
            document_id=document_id,
            document_ids=document_ids,
        )

        return template_send

