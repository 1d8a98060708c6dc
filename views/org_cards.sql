-- tally: materialize
-- tally: index (id)
-- tally: index (country_slug, city_slug)
-- One row per organization with the columns templates/partials/org-card.mustache reads. Pages filter and order it:
--   SELECT * FROM org_cards WHERE country_slug = :country ORDER BY verified DESC, name COLLATE NOCASE
-- id is the organization's id, for filters such as id IN (SELECT organization_id FROM organization_tags …).
-- Up to four tags as separate columns (so the card can link each one), the location with the slugs of its
-- /locations/ pages, and what $100 funds in whole units (integer division: 10000 cents / cost per unit in cents).
-- A cost that is not a positive integer counts as none.
-- Materialized: every location and tag page lists cards, and the tags' window functions would otherwise run over
-- every organization's tags on each of them.
WITH numbered AS (
  SELECT organization_id, tag,
         row_number() OVER (PARTITION BY organization_id ORDER BY tag) AS n,
         count(*) OVER (PARTITION BY organization_id) AS total
  FROM organization_tags
),
card AS (
  SELECT o.*, nullif(trim(o.city), '') AS place_city, nullif(trim(o.country), '') AS place_country,
         CASE WHEN typeof(o.cost_per_unit_cents) = 'integer' AND o.cost_per_unit_cents > 0
              THEN o.cost_per_unit_cents END AS cost_cents
  FROM organizations o
)
SELECT o.id, url_segment(o.slug) AS slug, o.name, o.logo, o.rating, o.verified, o.minimum_donation_cents,
       CASE WHEN length(o.mission) > 160 THEN rtrim(substr(o.mission, 1, 157)) || '…' ELSE o.mission END AS excerpt,
       o.place_city AS city, o.place_country AS country,
       slugify(o.place_city) AS city_slug, slugify(o.place_country) AS country_slug,
       o.cost_cents, coalesce(o.impact_unit, 'outcome') AS unit,
       10000 AS hundred_cents, 10000 / o.cost_cents AS units_per_100, o.cost_cents > 10000 AS over_100,
       max(CASE n WHEN 1 THEN slugify(tag) END) AS tag1,
       max(CASE n WHEN 2 THEN slugify(tag) END) AS tag2,
       max(CASE n WHEN 3 THEN slugify(tag) END) AS tag3,
       max(CASE n WHEN 4 THEN slugify(tag) END) AS tag4,
       max(CASE n WHEN 1 THEN replace(tag, '-', ' ') END) AS label1,
       max(CASE n WHEN 2 THEN replace(tag, '-', ' ') END) AS label2,
       max(CASE n WHEN 3 THEN replace(tag, '-', ' ') END) AS label3,
       max(CASE n WHEN 4 THEN replace(tag, '-', ' ') END) AS label4,
       max(0, max(total) - 4) AS more_tags  -- 0 hides the "+N more" badge
FROM card o
LEFT JOIN numbered t ON t.organization_id = o.id
GROUP BY o.id
