-- tally: materialize
-- tally: index (representative_id)
-- The sittings (congress and session) a member answered roll calls in, with how many:
--   SELECT * FROM member_sittings WHERE representative_id = :id ORDER BY first_voted_at DESC
-- Materialized: a member's page lists their sittings, which grouping their whole record on every page would find.
SELECT p.representative_id, f.session_slug, min(f.sitting) AS sitting, min(f.chamber_name) AS chamber_name,
       count(*) AS roll_calls, min(f.voted_at) AS first_voted_at
FROM roll_call_positions p JOIN roll_call_facts f ON f.id = p.roll_call_id
GROUP BY p.representative_id, f.session_slug
