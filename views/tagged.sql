-- tally: materialize
-- tally: index (tag_slug, organization_id)
-- Each organization's tags, found by the tag's URL segment: a tag's pages list its organizations and add up
-- their gifts.
--   SELECT organization_id FROM tagged WHERE tag_slug = :tag
-- Materialized because the contract's organization_tags is keyed by organization first, and a page's tag is
-- its slug (`Cash Transfers` and `cash-transfers` are one page): finding them there reads every row, on every
-- tag page.
SELECT slugify(tag) AS tag_slug, tag, organization_id, replace(tag, '-', ' ') AS label FROM organization_tags
