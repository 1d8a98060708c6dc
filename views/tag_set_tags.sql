-- tally: materialize
-- tally: index (tag, tag_set)
-- The tags of each tag set in views/org_tag_sets.sql, found by tag: a handful of rows per tag however many
-- organizations share the set.
SELECT DISTINCT s.tag_set, t.tag
FROM org_tag_sets s JOIN organization_tags t ON t.organization_id = s.organization_id
