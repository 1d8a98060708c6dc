-- tally: materialize
-- tally: index (tag, organization_id)
-- Each organization's tags, found by tag: a tag's pages list its organizations and add up their gifts.
--   SELECT organization_id FROM tagged WHERE tag = :tag
-- Materialized because the contract's organization_tags is keyed by organization first, so finding a tag's
-- organizations there reads every row, on every tag page.
SELECT tag, organization_id, replace(tag, '-', ' ') AS label FROM organization_tags
