-- tally: materialize
-- tally: index (id)
-- tally: index (bill_id, voted_at)
-- tally: index (session_slug)
-- One row per roll call with what pages show about it: where its page is, its kind, and labels.
--   SELECT * FROM roll_call_facts WHERE bill_id = :id ORDER BY voted_at
-- Materialized: a member's page reads a row for each roll call they answered (1,500 in a Congress), and the
-- kind's pattern matching and the labels cost more than reading them from a table.
-- `kind` sorts a roll call by its question, as the chambers word them, first match wins:
--   election       a Speaker election (members name a candidate);
--   quorum         a quorum call (members answer present);
--   procedural     a motion that disposes of a bill, message or report without deciding it: refer, postpone,
--                  recommit, table, proceed, the previous question, adjourn, cloture; and a House rule (a
--                  resolution "providing for consideration" of a bill);
--   veto-override  overriding a veto;
--   passage        passage, suspend the rules and pass or agree, concur in or agree to the other chamber's
--                  amendment, a conference report, a joint, concurrent or simple resolution;
--   amendment      any other question on an amendment;
--   nomination, or other.
-- Passage votes and veto overrides are the ones a bill's progress follows from. A quorum call or an election
-- records presence or names: never a yes or a no.
WITH kinds AS (
  SELECT rc.*,
         CASE
           WHEN rc.question LIKE '%Speaker%' THEN 'election'
           WHEN rc.vote_type LIKE '%QUORUM%' OR rc.question LIKE 'Call of the House%' THEN 'quorum'
           WHEN rc.question LIKE '%Refer%' OR rc.question LIKE '%Postpone%' OR rc.question LIKE '%Recommit%'
                OR rc.question LIKE '%Table%' OR rc.question LIKE '%Motion to Proceed%' OR rc.question LIKE '%Previous Question%'
                OR rc.question LIKE '%Adjourn%' OR rc.question LIKE '%Cloture%'
                OR rc.description LIKE 'Providing for consideration%' OR rc.description LIKE 'Providing for the consideration%' THEN 'procedural'
           WHEN rc.question LIKE 'On Overriding the Veto%' OR rc.question LIKE '%Objections of the President%' THEN 'veto-override'
           WHEN rc.question LIKE 'On Passage%' OR rc.question LIKE '%Suspend the Rules and Pass%'
                OR rc.question LIKE '%Suspend the Rules and Agree%' OR rc.question LIKE '%Concur%'
                OR rc.question LIKE 'On Agreeing to the Senate Amendment%' OR rc.question LIKE 'On Agreeing to the House Amendment%'
                OR rc.question LIKE '%Conference Report%' OR rc.question LIKE 'On the Joint Resolution%'
                OR rc.question LIKE 'On the Concurrent Resolution%' OR rc.question LIKE 'On the Resolution%'
                OR rc.question LIKE 'On Agreeing to the Resolution%' THEN 'passage'
           WHEN rc.question LIKE '%Amendment%' THEN 'amendment'
           WHEN rc.question LIKE '%Nomination%' THEN 'nomination'
           WHEN rc.question LIKE '%Motion%' THEN 'procedural'
           ELSE 'other'
         END AS kind
  FROM roll_calls rc
)
SELECT id, chamber, congress, session, number, bill_id, bill_number, amendment, voted_at, source_file,
       substr(voted_at, 1, 10) AS voted_on, question, vote_type, required_majority, result, passed, description,
       yea_count, nay_count, present_count, not_voting_count, tie_breaker_by, tie_breaker_vote, source, kind,
       kind IN ('passage', 'veto-override') AS is_passage,
       CASE kind WHEN 'election' THEN 'Election' WHEN 'quorum' THEN 'Quorum call' WHEN 'veto-override' THEN 'Veto override'
                 WHEN 'passage' THEN 'Passage' WHEN 'amendment' THEN 'Amendment' WHEN 'procedural' THEN 'Procedural'
                 WHEN 'nomination' THEN 'Nomination' ELSE 'Other' END AS kind_label,
       slugify(chamber || '-' || congress || '-' || session) AS session_slug,
       '/roll-calls/' || slugify(chamber || '-' || congress || '-' || session) || '/' || url_segment(number) || '/' AS path,
       '/bills/' || url_segment(bill_id) || '/' AS bill_path,
       CASE chamber WHEN 'house' THEN 'House' WHEN 'senate' THEN 'Senate' ELSE upper(substr(chamber, 1, 1)) || substr(chamber, 2) END AS chamber_name,
       -- The House numbers roll calls, the Senate votes: "Roll call 243", "Vote 146".
       CASE chamber WHEN 'senate' THEN 'Vote ' ELSE 'Roll call ' END || number AS label,
       congress || CASE WHEN congress % 100 BETWEEN 11 AND 13 THEN 'th' WHEN congress % 10 = 1 THEN 'st'
                        WHEN congress % 10 = 2 THEN 'nd' WHEN congress % 10 = 3 THEN 'rd' ELSE 'th' END || ' Congress, '
         || session || CASE session WHEN 1 THEN 'st' WHEN 2 THEN 'nd' WHEN 3 THEN 'rd' ELSE 'th' END || ' session' AS sitting,
       CASE WHEN passed = 1 THEN 'passed' WHEN passed = 0 THEN 'failed' END AS outcome,
       CASE required_majority WHEN '1/2' THEN 'a simple majority' WHEN '2/3' THEN 'a two-thirds majority'
                              WHEN '3/5' THEN 'a three-fifths majority' END AS majority_text
FROM kinds
