-- tally: materialize
-- tally: index (user_id)
-- Each person's gifts in US dollars (views/gifts_in_usd.sql) added up per organization and currency, apart for the
-- gifts with no exchange rate (no_rate, whose usd_cents is NULL): how many gifts, what was given in the gifts' own
-- currency, in US dollars (usd_currency, so that money() and the currency check read usd_cents as dollars), and how
-- many were converted. A report's impact table reads its person's rows:
--   SELECT * FROM usd_by_org WHERE user_id = :user_id AND NOT no_rate
-- Materialized: converting every gift at its month's rate is done once per build, not by each table that reads it.
SELECT user_id, organization_id, currency, usd_cents IS NULL AS no_rate, count(*) AS gifts,
       sum(amount_cents) AS amount_cents, sum(usd_cents) AS usd_cents, 'USD' AS usd_currency,
       sum(converted) AS converted
FROM gifts_in_usd
GROUP BY user_id, organization_id, currency, usd_cents IS NULL
