-- Each position a member took, with the roll call it was on and how the majority of their party (as the roll
-- call gives it) voted on the same question: the rows of a member's record.
--   SELECT * FROM member_record WHERE representative_id = :id ORDER BY voted_at DESC, number DESC LIMIT 100
-- `with_party` is 1 or 0 when the position counts towards agreement with the party (views/party_agreement.sql)
-- and NULL when it does not.
SELECT a.representative_id, a.roll_call_id, a.with_party, a.vote, slugify(a.position) AS position_slug,
       f.path, f.label, f.chamber_name, f.question, f.kind, f.voted_at, f.voted_on, f.number, f.session_slug, f.sitting,
       f.bill_id, f.bill_path, b.title AS bill_title,
       CASE a.majority WHEN 'yes' THEN 'Yes' WHEN 'no' THEN 'No'
                       ELSE CASE WHEN a.position IN ('yes', 'no') AND a.party_yes + a.party_no > 0 THEN 'Tied' END END AS majority_label,
       CASE a.with_party WHEN 1 THEN 'Yes' WHEN 0 THEN 'No' END AS with_party_label
FROM party_agreement a
JOIN roll_call_facts f ON f.id = a.roll_call_id
LEFT JOIN bills b ON b.id = f.bill_id
