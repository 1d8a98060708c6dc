-- tally: materialize
-- tally: index (representative_id)
-- Each member's agreement with their party over every roll call (views/party_agreement.sql says what counts):
--   SELECT * FROM member_agreement WHERE representative_id = :id
-- `agreed` is NULL and `counted` 0 when none of the member's positions can be compared with a party majority.
-- Materialized, for the same reason as member_position_counts: one row per page instead of the whole record.
SELECT representative_id, sum(with_party) AS agreed, count(with_party) AS counted,
       1.0 * sum(with_party) / nullif(count(with_party), 0) AS share
FROM party_agreement
GROUP BY representative_id
