-- tally: materialize
-- tally: index (tag_set, rank)
-- For each tag set (views/org_tag_sets.sql), the six organizations that share most of its tags, then by name:
-- an organization's "Related organizations" are the first five of its own set's six that are not itself.
--   SELECT r.* FROM org_tag_sets me JOIN related_by_tag_set r ON r.tag_set = me.tag_set
--   WHERE me.slug = :slug AND r.organization_id <> me.organization_id ORDER BY r.rank LIMIT 5
-- Organizations with the same tags share as many tags with any other, so the ranking is done once per tag set
-- (a few hundred, however many organizations there are), reading the first six by name of each other set.
-- Shared tags are listed alphabetically: group_concat keeps the order of the sorted rows it reads.
WITH pairs AS (
  SELECT a.tag_set, b.tag_set AS other, a.tag
  FROM tag_set_tags a JOIN tag_set_tags b ON b.tag = a.tag
  ORDER BY a.tag_set, b.tag_set, a.tag
),
overlap AS (
  SELECT tag_set, other, count(*) AS shared, group_concat(replace(tag, '-', ' '), ', ') AS shared_tags
  FROM pairs GROUP BY tag_set, other
),
candidates AS (
  SELECT v.tag_set, v.shared, v.shared_tags, o.organization_id, o.slug, o.name
  FROM overlap v
  JOIN org_tag_sets o ON o.rowid IN (SELECT rowid FROM org_tag_sets WHERE tag_set = v.other ORDER BY name, slug LIMIT 6)
),
ranked AS (
  SELECT *, row_number() OVER (PARTITION BY tag_set ORDER BY shared DESC, name, slug) AS rank FROM candidates
)
SELECT tag_set, rank, organization_id, slug, name, shared, shared_tags FROM ranked WHERE rank <= 6
