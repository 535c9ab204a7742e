"""Documents and placement: uploaded PDFs, the fields placed on them and the values those fields accept.

It owns the upload (`documents`), the placement of fields on pages (`placement`) and the rules of a
field's value (`signer_values`). It knows nothing of requests: the requests room builds on it.
"""
