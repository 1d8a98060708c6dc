-- tally: materialize
-- tally: index (user_id, currency)
-- Each person's gifts added up per day (donated_at as the database has it), currency and kind (recurring): how
-- many and their total. Any date a page derives from donated_at (its year, its month) is the same as from the
-- gifts themselves, so sums by year or month over these rows equal sums over the gifts:
--   SELECT substr(donated_at, 1, 7) AS month, sum(total_cents) FROM gifts_by_day WHERE user_id = :user_id …
-- Materialized: a person's report and budget add up their gifts by year, month and kind in a dozen tables and
-- charts; a long history of many gifts a day is read once here rather than by each of them.
SELECT user_id, donated_at, currency, recurring, count(*) AS gifts, sum(amount_cents) AS total_cents
FROM donations
GROUP BY user_id, donated_at, currency, recurring
