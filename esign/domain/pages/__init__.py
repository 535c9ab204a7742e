"""Documents and placement: uploaded PDFs, the fields placed on them and the values those fields accept.

It owns the upload (`documents`), the placement of fields on pages (`placement`), the rules of a
field's value (`signer_values`) and the filled fields as the stamper draws them, with the signers'
drawings (`stamping`: one shape for the finalisation and the signing page's images). It knows nothing
of requests: the requests room builds on it.
"""
