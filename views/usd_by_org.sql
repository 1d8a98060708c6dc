-- tally: materialize
-- tally: index (user_id)
-- Each person's gifts in US dollars (views/gifts_in_usd.sql) added up per organization and currency, apart for the
-- gifts with no exchange rate (no_rate, whose usd_cents is NULL): how many gifts, what was given in the gifts' own
-- currency, in US dollars (usd_currency, so that money() and the currency check read usd_cents as dollars), and how
-- many were converted. A report's impact table reads its person's rows:
--   SELECT * FROM usd_by_org WHERE user_id = :user_id AND NOT no_rate
-- Materialized: converting every gift at its month's rate is done once per build, not by each table that reads it.
--
-- The rows are those of
--   SELECT user_id, organization_id, currency, usd_cents IS NULL AS no_rate, count(*) AS gifts, … FROM gifts_in_usd
--   GROUP BY user_id, organization_id, currency, usd_cents IS NULL
-- in the same order, made in three parts so that most gifts are not read here: a donation computes this view again
-- whole, and grouping all 200,000 gifts took 0.34 s of it. A US-dollar gift of a whole number of cents is its own
-- amount in dollars, so a group of such gifts is views/gifts_by_org.sql's row for it, which a donation updates by
-- group. SQLite's sum() is an integer only when every amount it adds is one, so gifts_by_org's total tells those
-- groups apart from one with an amount that is not a whole number (text, a fraction), whose gifts are read one by
-- one (the third part, through the organization's index), as are all gifts in other currencies (the second).
SELECT user_id, organization_id, currency, 0 AS no_rate, gifts, total_cents AS amount_cents,
       total_cents AS usd_cents, 'USD' AS usd_currency, 0 AS converted
FROM gifts_by_org
WHERE currency = 'USD' AND typeof(total_cents) = 'integer'
UNION ALL
SELECT user_id, organization_id, currency, usd_cents IS NULL, count(*), sum(amount_cents), sum(usd_cents), 'USD',
       sum(converted)
FROM gifts_in_usd
WHERE currency <> 'USD'
GROUP BY user_id, organization_id, currency, usd_cents IS NULL
UNION ALL
SELECT g.user_id, g.organization_id, g.currency, g.usd_cents IS NULL, count(*), sum(g.amount_cents),
       sum(g.usd_cents), 'USD', sum(g.converted)
FROM gifts_by_org o CROSS JOIN
     gifts_in_usd g ON g.organization_id = o.organization_id AND +g.user_id = o.user_id AND +g.currency = o.currency
WHERE o.currency = 'USD' AND typeof(o.total_cents) <> 'integer'
GROUP BY g.user_id, g.organization_id, g.currency, g.usd_cents IS NULL
ORDER BY 1, 2, 3, 4
