-- tally: materialize
-- tally: index (user_id, currency, total_cents)
-- tally: index (user_id, currency)
-- tally: index (organization_id)
-- Each person's gifts added up per organization and currency, one row for all the gifts to one organization in one
-- currency: how many, their total, the largest gift, the first and the latest date. A report reads its person's rows:
--   SELECT * FROM gifts_by_org WHERE user_id = :user_id
-- and a tag's page what everyone gave to its organizations (content/tags/[tag].md), by organization_id.
-- Materialized: a person's report groups their gifts by organization in several tables and charts, and a long
-- history (200,000 gifts) would be grouped again by each. Amounts are added only within a currency. The
-- organization is not joined here, so a gift to an organization missing from the database still counts.
-- The index on total_cents lets a report read a person's organizations given most first, and stop after the twenty
-- it names, rather than order all of them (30,000 for a long history). It comes before the index on (user_id,
-- currency): SQLite, without statistics, takes the later of two indexes that serve a filter equally well, and a scan
-- of all of a person's rows that wants no order should read them in the table's order, organization by organization,
-- which keeps the lookups of each organization's row in organizations close together.
SELECT user_id, organization_id, currency, count(*) AS gifts, sum(amount_cents) AS total_cents,
       max(amount_cents) AS largest_cents, min(donated_at) AS first_gift, max(donated_at) AS latest_gift
FROM donations
GROUP BY user_id, organization_id, currency
