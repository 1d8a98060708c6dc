-- tally: materialize
-- tally: index (roll_call_id, party)
-- Each roll call's positions counted by party, as the roll call states each member's party:
--   SELECT * FROM roll_call_parties WHERE roll_call_id = :roll_call_id
-- `party` is '–' for a member the roll call gives none. Candidates are a Speaker election's names.
-- Materialized: a member's page reads their party's counts on every roll call they answered, so computed on
-- each read this would count every position of a Congress again for each of 540 pages.
SELECT roll_call_id, coalesce(nullif(party, ''), '–') AS party,
       CASE party WHEN 'D' THEN 'Democratic' WHEN 'R' THEN 'Republican' WHEN 'I' THEN 'Independent'
                  ELSE coalesce(nullif(party, ''), 'No party') END AS party_name,
       sum(position = 'yes') AS yes, sum(position = 'no') AS no, sum(position = 'present') AS present,
       sum(position = 'not voting') AS not_voting, sum(position = 'candidate') AS candidate, count(*) AS members
FROM roll_call_positions
GROUP BY roll_call_id, coalesce(nullif(party, ''), '–')
