-- tally: materialize
-- tally: index (representative_id, voted_at, number)
-- tally: index (representative_id, session_slug, voted_at, number)
-- Each member's roll calls in the order a record lists them, without what the pages show about them:
--   SELECT r.* FROM member_timeline t JOIN member_record r USING (representative_id, roll_call_id)
--   WHERE t.representative_id = :id ORDER BY t.voted_at DESC, t.number DESC LIMIT 100
-- A member's positions are keyed by roll call, and a roll call's date is in another table, so the newest 100 of a
-- record cannot come from an index of either: SQLite would join and sort the member's whole record on every
-- page. This narrow table's indexes give them in order, and the join reads only the rows a page shows.
SELECT p.representative_id, p.roll_call_id, f.session_slug, f.voted_at, f.number
FROM roll_call_positions p JOIN roll_call_facts f ON f.id = p.roll_call_id
