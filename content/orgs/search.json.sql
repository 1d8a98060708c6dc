-- The search index static/js/search.js reads: one object per organization, matched on name, tags and place.
SELECT o.name, '/orgs/' || url_segment(o.slug) || '/' AS url,
       coalesce((SELECT group_concat(label, ', ') FROM (
                   SELECT replace(tag, '-', ' ') AS label FROM organization_tags WHERE organization_id = o.id ORDER BY tag)),
                '') AS tags,
       nullif(trim(o.city), '') AS city, nullif(trim(o.region), '') AS region, nullif(trim(o.country), '') AS country,
       CASE WHEN length(o.mission) > 160 THEN rtrim(substr(o.mission, 1, 157)) || '…' ELSE o.mission END AS mission
FROM organizations o
ORDER BY o.name COLLATE NOCASE, o.slug
