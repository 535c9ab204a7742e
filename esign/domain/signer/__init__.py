"""The signer's room: what a signer does through the signing link, and the session around it.

It owns the signer's view and the signature (`signing`: consent, values, drawings, decline), the hand-over
of a signer's place (`routing`: replace, delegate), the images of the pages as they stand
(`page_images`), the proof of identity a signer gives before signing (`verification/`: phone codes,
identity checks), and the start-up upgrade of the signers' stored drawings (`upgrades`).
It sits at the top of the domain: it uses every room below it, and none uses it.
"""
