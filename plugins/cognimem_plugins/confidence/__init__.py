"""``logistic``: a calibrated confidence per hit and a relevance floor (``[confidence]``)."""
