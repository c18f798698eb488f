"""The cognitive plugin: ACT-R activation, FadeMem decay and the small rankers.

Components (registered by :mod:`.plugin`):

* rankers: ``actr`` (:mod:`.actr`), ``recency``, ``importance``, ``supersession``,
  ``validity`` (:mod:`.rankers`);
* decay policy: ``fademem`` (:mod:`.fademem`).

Every formula is a plain function next to the component that uses it, so it can be
checked against hand-computed values. Times are measured in hours throughout.
"""
