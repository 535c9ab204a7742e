"""esign: a self-hostable electronic-signature service."""
from importlib.metadata import version

__version__ = version("esign")  # the installed distribution's (setup.cfg `version`): one source
API_VERSION = "1.0.0"
