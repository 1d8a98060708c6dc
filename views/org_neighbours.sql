-- tally: materialize
-- tally: index (id)
-- Each organization's place in the directory's order (/orgs/: verified first, best rated, then by name) and its
-- neighbours there, for the previous and next links on its page:
--   SELECT * FROM org_neighbours WHERE id = :organization_id
-- Materialized: the window runs once over every organization, and each page reads its one row through the index,
-- so 20,000 organization pages do not sort the directory 20,000 times. Keep the ORDER BY the same as
-- content/orgs/index.md's.
SELECT id, row_number() OVER directory AS place, count(*) OVER () AS organizations,
       lag(slug) OVER directory AS previous_slug, lag(name) OVER directory AS previous_name,
       lead(slug) OVER directory AS next_slug, lead(name) OVER directory AS next_name
FROM org_cards
WINDOW directory AS (ORDER BY verified DESC, rating IS NULL, rating DESC, name COLLATE NOCASE, slug)
