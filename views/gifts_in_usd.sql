-- Every gift in US dollars, the currency of the organizations' cost-per-outcome figures: a US-dollar gift as it is,
-- any other at the exchange rate of the gift's month (exchange_rates, base = the gift's currency, quote = USD),
-- converted by convert_cents (integer arithmetic, rounded half to even). usd_cents is NULL when the database has no
-- rate for that currency and month, or one that is not plain decimal text: the gift is then left out of outcomes,
-- and the pages say so. rate, rate_source and rate_note say which rate was used, so a page never converts silently.
SELECT d.id, d.user_id, d.organization_id, d.currency, d.amount_cents, d.donated_at,
       substr(d.donated_at, 1, 7) AS month,
       d.currency <> 'USD' AS converted,
       r.rate, r.source AS rate_source, r.note AS rate_note,
       -- A US-dollar gift is its own amount, as convert_cents gives it, without calling it for each of them.
       CASE WHEN d.currency = 'USD' COLLATE BINARY AND typeof(d.amount_cents) = 'integer' THEN d.amount_cents
            ELSE convert_cents(d.amount_cents, d.currency, 'USD', r.rate) END AS usd_cents
FROM donations d
LEFT JOIN exchange_rates r
  ON d.currency <> 'USD' AND r.base_currency = d.currency AND r.quote_currency = 'USD' AND r.month = substr(d.donated_at, 1, 7)
