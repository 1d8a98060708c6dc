-- tally: materialize
-- tally: index (tag, tag_set)
-- The tags of each tag set in views/org_tag_sets.sql: a handful of rows per set however many organizations
-- share it.
SELECT DISTINCT s.tag_set, t.tag
FROM org_tag_sets s JOIN organization_tags t ON t.organization_id = s.organization_id
