-- tally: materialize
-- tally: index (tag_set, name, slug)
-- tally: index (organization_id)
-- One row per organization that has tags, with all its tags as one text in tag order (its tag set): related
-- organizations are ranked a tag set at a time (views/related_by_tag_set.sql), not an organization at a time.
SELECT o.id AS organization_id, o.slug, o.name, s.tag_set
FROM organizations o
JOIN (SELECT organization_id, group_concat(tag, char(31)) AS tag_set
      FROM (SELECT organization_id, tag FROM organization_tags ORDER BY organization_id, tag)
      GROUP BY organization_id) s ON s.organization_id = o.id
