from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.embed_info import EmbedInfo
  from ..models.signed_before import SignedBefore
  from ..models.signer_consent import SignerConsent
  from ..models.signer_document import SignerDocument
  from ..models.signer_field import SignerField
  from ..models.signer_page import SignerPage
  from ..models.signer_progress import SignerProgress
  from ..models.signer_redirect import SignerRedirect
  from ..models.signer_requirements import SignerRequirements
  from ..models.signer_view_embed_type_1_type_0 import SignerViewEmbedType1Type0
  from ..models.signer_view_redirect_type_1_type_0 import SignerViewRedirectType1Type0
  from ..models.signer_view_request import SignerViewRequest
  from ..models.signer_view_signer import SignerViewSigner
  from ..models.signer_view_witness_handover_type_1_type_0 import SignerViewWitnessHandoverType1Type0
  from ..models.witness_handover import WitnessHandover





T = TypeVar("T", bound="SignerView")



@_attrs_define
class SignerView:
    """ 
        Attributes:
            request (SignerViewRequest):
            signer (SignerViewSigner):
            fields (list[SignerField]): this signer's fields
            documents (list[SignerDocument]): the documents of the request (an envelope has 1 to 10), in order
            pages (list[SignerPage]): the pages of every document, document after document in envelope order
            progress (SignerProgress):
            signed_before (list[SignedBefore]): the other signers who have signed (before this one, once this one has), in
                signing order
            requirements (SignerRequirements):
            consent (SignerConsent):
            can_sign (bool):
            can_decline (bool):
            can_withdraw (bool):
            can_delegate (bool): extension: the request allows delegation and it is this signer's turn
            reason (None | str | Unset): why the signer cannot sign now
            embed (EmbedInfo | None | SignerViewEmbedType1Type0 | Unset): for embedded links
            redirect (None | SignerRedirect | SignerViewRedirectType1Type0 | Unset): extension: where the page sends the
                signer once they have signed or declined (the signer's `redirect_url`, else the request's, with `event` added);
                null when neither was given
            witness_handover (None | SignerViewWitnessHandoverType1Type0 | Unset | WitnessHandover): extension
                (docs/roles.md): to a signer who has just signed (within 30 minutes, while the request is pending), the witness
                in person (`witness_mode: in_person`) who is to witness its signature and has not signed yet: the page hands the
                device over by opening `url`; null for anyone else and at any other time
     """

    request: SignerViewRequest
    signer: SignerViewSigner
    fields: list[SignerField]
    documents: list[SignerDocument]
    pages: list[SignerPage]
    progress: SignerProgress
    signed_before: list[SignedBefore]
    requirements: SignerRequirements
    consent: SignerConsent
    can_sign: bool
    can_decline: bool
    can_withdraw: bool
    can_delegate: bool
    reason: None | str | Unset = UNSET
    embed: EmbedInfo | None | SignerViewEmbedType1Type0 | Unset = UNSET
    redirect: None | SignerRedirect | SignerViewRedirectType1Type0 | Unset = UNSET
    witness_handover: None | SignerViewWitnessHandoverType1Type0 | Unset | WitnessHandover = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.embed_info import EmbedInfo # noqa: PLC0415
        from ..models.signed_before import SignedBefore # noqa: PLC0415
        from ..models.signer_consent import SignerConsent # noqa: PLC0415
        from ..models.signer_document import SignerDocument # noqa: PLC0415
        from ..models.signer_field import SignerField # noqa: PLC0415
        from ..models.signer_page import SignerPage # noqa: PLC0415
        from ..models.signer_progress import SignerProgress # noqa: PLC0415
        from ..models.signer_redirect import SignerRedirect # noqa: PLC0415
        from ..models.signer_requirements import SignerRequirements # noqa: PLC0415
        from ..models.signer_view_embed_type_1_type_0 import SignerViewEmbedType1Type0 # noqa: PLC0415
        from ..models.signer_view_redirect_type_1_type_0 import SignerViewRedirectType1Type0 # noqa: PLC0415
        from ..models.signer_view_request import SignerViewRequest # noqa: PLC0415
        from ..models.signer_view_signer import SignerViewSigner # noqa: PLC0415
        from ..models.signer_view_witness_handover_type_1_type_0 import SignerViewWitnessHandoverType1Type0 # noqa: PLC0415
        from ..models.witness_handover import WitnessHandover # noqa: PLC0415
        request = self.request.to_dict()

        signer = self.signer.to_dict()

        fields = []
        for fields_item_data in self.fields:
            fields_item = fields_item_data.to_dict()
            fields.append(fields_item)



        documents = []
        for documents_item_data in self.documents:
            documents_item = documents_item_data.to_dict()
            documents.append(documents_item)



        pages = []
        for pages_item_data in self.pages:
            pages_item = pages_item_data.to_dict()
            pages.append(pages_item)



        progress = self.progress.to_dict()

        signed_before = []
        for signed_before_item_data in self.signed_before:
            signed_before_item = signed_before_item_data.to_dict()
            signed_before.append(signed_before_item)



        requirements = self.requirements.to_dict()

        consent = self.consent.to_dict()

        can_sign = self.can_sign

        can_decline = self.can_decline

        can_withdraw = self.can_withdraw

        can_delegate = self.can_delegate

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        embed: dict[str, Any] | None | Unset
        if isinstance(self.embed, Unset):
            embed = UNSET
        elif isinstance(self.embed, EmbedInfo):
            embed = self.embed.to_dict()
        elif isinstance(self.embed, SignerViewEmbedType1Type0):
            embed = self.embed.to_dict()
        else:
            embed = self.embed

        redirect: dict[str, Any] | None | Unset
        if isinstance(self.redirect, Unset):
            redirect = UNSET
        elif isinstance(self.redirect, SignerRedirect):
            redirect = self.redirect.to_dict()
        elif isinstance(self.redirect, SignerViewRedirectType1Type0):
            redirect = self.redirect.to_dict()
        else:
            redirect = self.redirect

        witness_handover: dict[str, Any] | None | Unset
        if isinstance(self.witness_handover, Unset):
            witness_handover = UNSET
        elif isinstance(self.witness_handover, WitnessHandover):
            witness_handover = self.witness_handover.to_dict()
        elif isinstance(self.witness_handover, SignerViewWitnessHandoverType1Type0):
            witness_handover = self.witness_handover.to_dict()
        else:
            witness_handover = self.witness_handover


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "request": request,
            "signer": signer,
            "fields": fields,
            "documents": documents,
            "pages": pages,
            "progress": progress,
            "signed_before": signed_before,
            "requirements": requirements,
            "consent": consent,
            "can_sign": can_sign,
            "can_decline": can_decline,
            "can_withdraw": can_withdraw,
            "can_delegate": can_delegate,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason
        if embed is not UNSET:
            field_dict["embed"] = embed
        if redirect is not UNSET:
            field_dict["redirect"] = redirect
        if witness_handover is not UNSET:
            field_dict["witness_handover"] = witness_handover

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.embed_info import EmbedInfo # noqa: PLC0415
        from ..models.signed_before import SignedBefore # noqa: PLC0415
        from ..models.signer_consent import SignerConsent # noqa: PLC0415
        from ..models.signer_document import SignerDocument # noqa: PLC0415
        from ..models.signer_field import SignerField # noqa: PLC0415
        from ..models.signer_page import SignerPage # noqa: PLC0415
        from ..models.signer_progress import SignerProgress # noqa: PLC0415
        from ..models.signer_redirect import SignerRedirect # noqa: PLC0415
        from ..models.signer_requirements import SignerRequirements # noqa: PLC0415
        from ..models.signer_view_embed_type_1_type_0 import SignerViewEmbedType1Type0 # noqa: PLC0415
        from ..models.signer_view_redirect_type_1_type_0 import SignerViewRedirectType1Type0 # noqa: PLC0415
        from ..models.signer_view_request import SignerViewRequest # noqa: PLC0415
        from ..models.signer_view_signer import SignerViewSigner # noqa: PLC0415
        from ..models.signer_view_witness_handover_type_1_type_0 import SignerViewWitnessHandoverType1Type0 # noqa: PLC0415
        from ..models.witness_handover import WitnessHandover # noqa: PLC0415
        d = dict(src_dict)
        request = SignerViewRequest.from_dict(d.pop("request"))




        signer = SignerViewSigner.from_dict(d.pop("signer"))




        fields = []
        _fields = d.pop("fields")
        for fields_item_data in (_fields):
            fields_item = SignerField.from_dict(fields_item_data)



            fields.append(fields_item)


        documents = []
        _documents = d.pop("documents")
        for documents_item_data in (_documents):
            documents_item = SignerDocument.from_dict(documents_item_data)



            documents.append(documents_item)


        pages = []
        _pages = d.pop("pages")
        for pages_item_data in (_pages):
            pages_item = SignerPage.from_dict(pages_item_data)



            pages.append(pages_item)


        progress = SignerProgress.from_dict(d.pop("progress"))




        signed_before = []
        _signed_before = d.pop("signed_before")
        for signed_before_item_data in (_signed_before):
            signed_before_item = SignedBefore.from_dict(signed_before_item_data)



            signed_before.append(signed_before_item)


        requirements = SignerRequirements.from_dict(d.pop("requirements"))




        consent = SignerConsent.from_dict(d.pop("consent"))




        can_sign = d.pop("can_sign")

        can_decline = d.pop("can_decline")

        can_withdraw = d.pop("can_withdraw")

        can_delegate = d.pop("can_delegate")

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        def _parse_embed(data: object) -> EmbedInfo | None | SignerViewEmbedType1Type0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                embed_type_0 = EmbedInfo.from_dict(data)



                return embed_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                embed_type_1_type_0 = SignerViewEmbedType1Type0.from_dict(data)



                return embed_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EmbedInfo | None | SignerViewEmbedType1Type0 | Unset, data)

        embed = _parse_embed(d.pop("embed", UNSET))


        def _parse_redirect(data: object) -> None | SignerRedirect | SignerViewRedirectType1Type0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                redirect_type_0 = SignerRedirect.from_dict(data)



                return redirect_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                redirect_type_1_type_0 = SignerViewRedirectType1Type0.from_dict(data)



                return redirect_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SignerRedirect | SignerViewRedirectType1Type0 | Unset, data)

        redirect = _parse_redirect(d.pop("redirect", UNSET))


        def _parse_witness_handover(data: object) -> None | SignerViewWitnessHandoverType1Type0 | Unset | WitnessHandover:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                witness_handover_type_0 = WitnessHandover.from_dict(data)



                return witness_handover_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                witness_handover_type_1_type_0 = SignerViewWitnessHandoverType1Type0.from_dict(data)



                return witness_handover_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SignerViewWitnessHandoverType1Type0 | Unset | WitnessHandover, data)

        witness_handover = _parse_witness_handover(d.pop("witness_handover", UNSET))


        signer_view = cls(
            request=request,
            signer=signer,
            fields=fields,
            documents=documents,
            pages=pages,
            progress=progress,
            signed_before=signed_before,
            requirements=requirements,
            consent=consent,
            can_sign=can_sign,
            can_decline=can_decline,
            can_withdraw=can_withdraw,
            can_delegate=can_delegate,
            reason=reason,
            embed=embed,
            redirect=redirect,
            witness_handover=witness_handover,
        )


        signer_view.additional_properties = d
        return signer_view

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
