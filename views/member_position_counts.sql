-- tally: materialize
-- tally: index (representative_id)
-- How many roll calls each member answered with each position, for the totals and the chart of a member's page:
--   SELECT * FROM member_position_counts WHERE representative_id = :id
-- Materialized: counted on each page, a member's page would read their whole record (1,500 positions in a
-- Congress) for five figures; counted once per build, each page reads at most five rows.
SELECT representative_id, position, count(*) AS roll_calls
FROM roll_call_positions
GROUP BY representative_id, position
