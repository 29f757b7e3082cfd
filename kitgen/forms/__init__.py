"""Fillable kits: the field-name scheme, the kit's manifest, reading a filled kit back."""
