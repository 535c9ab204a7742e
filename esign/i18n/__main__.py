"""`python -m esign.i18n`: compile the catalogs whose .mo is missing or stale (scripts/_venv.sh)."""
from esign.i18n import HERE, compile_catalogs

for path in compile_catalogs():
    print(f"compiled {path.relative_to(HERE.parent.parent)}")
